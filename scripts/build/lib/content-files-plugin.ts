/**
 * The build's side of the content files (EDIT-1, EDIT-2), as a Vite plugin:
 * - before anything is bundled, every file under content/ is held to its
 *   kind's schema and its links are checked; one problem stops the build,
 *   with the file, the field and the reason;
 * - a component that the browser runs may import a content file
 *   (`import file from "content/x.yaml"`): it gets the validated data as
 *   plain values, so neither the parser nor a schema reaches the browser;
 * - `words("key")` and `words("key", { name })` in the app's modules become
 *   the text at that key of content/interface.yaml, a template literal where it
 *   has places to fill (app/content/interface-words.ts): the interface's words
 *   are edited like a page's and reach the browser as if written in place;
 * - `virtual:landing-pages` is the route table's list of the use-case landing
 *   pages, made from content/use-cases here (app/site/landing-files.browser.ts),
 *   so the browser gets the entries and none of the code that orders them;
 * - in development, an edited content file reloads the page with its words,
 *   which is how an editor in the CMS sees a change.
 */
import { readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import type { Plugin, ViteDevServer } from "vite";
import { contentKindOf } from "../../../app/content/content-kinds.ts";
import { ContentFileError, parseContentFile } from "../../../app/content/content-files.ts";
import { CONTENT_DIR, checkContentFolder, readContentFile } from "../../../app/content/content-files.server.ts";
import { PLACE, placesIn } from "../../../app/content/schemas/copy.ts";
import { interfaceWordsSchema, type InterfaceWords } from "../../../app/content/schemas/interface-words.ts";
import { readLandingFiles } from "../../../app/site/landing-files.server.ts";
import { landingPagesOf } from "../../../app/site/landing-pages.ts";

const LANDING_PAGES = "virtual:landing-pages";
/** Rollup's mark for a module no file holds. */
const LANDING_PAGES_ID = `\0${LANDING_PAGES}`;

/** `words("a.b")`, `words("a.b", { name, other: expression })`: a literal key, and values named by identifiers or simple expressions. */
const WORDS_CALL = /\bwords\(\s*"([\w.]+)"\s*(?:,\s*\{([^{}]*)\}\s*)?\)/g;

function textAt(all: InterfaceWords, key: string): string | undefined {
  let node: unknown = all;
  for (const part of key.split(".")) node = node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined;
  return typeof node === "string" ? node : undefined;
}

/** `a, b: f(x, y)` split at the commas outside brackets. */
function topLevelParts(source: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let part = "";
  for (const character of source) {
    if ("([".includes(character)) depth += 1;
    if (")]".includes(character)) depth -= 1;
    if (character === "," && depth === 0) {
      parts.push(part);
      part = "";
    } else part += character;
  }
  return [...parts, part];
}

/** The JavaScript for one call: a string literal, or a template literal whose places take the call's values. */
export function wordsCall(all: InterfaceWords, key: string, valuesSource: string | undefined): string {
  const text = textAt(all, key);
  if (text === undefined) throw new Error(`words("${key}"): content/interface.yaml has no text at ${key}`);
  const values = new Map(
    topLevelParts(valuesSource ?? "")
      .map((entry) => entry.trim())
      .filter(Boolean)
      .map((entry) => {
        const [name = "", expression] = entry.split(/:(.*)/s).map((part) => part.trim());
        return [name, expression ?? name] as const;
      }),
  );
  const places = placesIn(text);
  const missing = places.filter((place) => !values.has(place));
  const unused = [...values.keys()].filter((name) => !places.includes(name));
  if (missing.length > 0 || unused.length > 0) {
    throw new Error(`words("${key}"): the text's places {${places.join("}, {")}} and the call's values (${[...values.keys()].join(", ")}) differ`);
  }
  if (places.length === 0) return JSON.stringify(text);
  const escaped = text.replace(/[\\`]|\$\{/g, (match) => `\\${match}`);
  return `\`${escaped.replace(PLACE, (_, name: string) => `\${${values.get(name) ?? ""}}`)}\``;
}

/** content/`…` for a module id inside the content folder, or undefined. */
function contentFile(id: string): string | undefined {
  const path = relative(CONTENT_DIR, id.split("?")[0] ?? id);
  return path.startsWith("..") || path === id ? undefined : path.split(sep).join("/");
}

function reloadOnEdit(server: ViteDevServer, onEdit: () => void): void {
  server.watcher.add(CONTENT_DIR);
  const reload = (path: string) => {
    if (!contentFile(path)) return;
    // Replaced words are baked into transformed modules: forget them all.
    onEdit();
    // Loaders read content files from disk when their module is evaluated, so every module is evaluated afresh.
    for (const environment of Object.values(server.environments)) environment.moduleGraph.invalidateAll();
    server.ws.send({ type: "full-reload" });
  };
  server.watcher.on("change", reload);
  server.watcher.on("add", reload);
  server.watcher.on("unlink", reload);
}

export function contentFiles(): Plugin {
  let interfaceWords: InterfaceWords | undefined;
  // The client and server builds share this plugin: the folder is checked once per run.
  let checked = false;
  return {
    name: "veilvault:content-files",
    // Before JSX and TypeScript are compiled, so a replaced call is a plain literal to them.
    enforce: "pre",
    buildStart() {
      if (checked) return;
      checked = true;
      try {
        checkContentFolder();
      } catch (error) {
        // Only the content's own words: a stack trace would bury the file, the field and the reason.
        if (error instanceof ContentFileError) this.error(`Content files that do not pass their schema:\n${error.message}`);
        throw error;
      }
    },
    transform(code, id) {
      if (!/[\\/]app[\\/].*\.tsx?$/.test(id) || !code.includes("words(") || id.endsWith("interface-words.ts")) return null;
      interfaceWords ??= readContentFile("interface.yaml", interfaceWordsSchema);
      const all = interfaceWords;
      const replaced = code.replace(WORDS_CALL, (_, key: string, values: string | undefined) => wordsCall(all, key, values));
      // A call the pattern missed (a key that is not a literal) would throw in the browser: stop the build instead.
      if (/\bwords\(/.test(replaced.replace(/import[^;]*\bwords\b[^;]*;/g, ""))) this.error(`${id}: words() takes a literal key and, at most, an object of values`);
      return { code: replaced, map: null };
    },
    resolveId(id) {
      return id === LANDING_PAGES ? LANDING_PAGES_ID : null;
    },
    load(id) {
      if (id === LANDING_PAGES_ID) {
        // Read afresh: a development server forgets its modules when a content file changes (reloadOnEdit).
        const files = readLandingFiles(join(CONTENT_DIR, "use-cases"));
        for (const file of files) this.addWatchFile(join(CONTENT_DIR, "use-cases", file.name));
        return { code: `export const landingPages = ${JSON.stringify(landingPagesOf(files))};\n`, moduleType: "js" };
      }
      const file = contentFile(id);
      if (!file?.endsWith(".yaml")) return null;
      const kind = contentKindOf(file);
      if (!kind) this.error(`content/${file} is no kind of content file the site knows; see app/content/content-kinds.ts`);
      this.addWatchFile(id);
      const data: unknown = parseContentFile(file, readFileSync(id, "utf8"), kind.schema);
      return { code: `export default ${JSON.stringify(data)};\n`, moduleType: "js" };
    },
    configureServer(server) {
      reloadOnEdit(server, () => (interfaceWords = undefined));
    },
  };
}
