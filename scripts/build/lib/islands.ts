/**
 * Each page's script: the islands the prerender wrote into its HTML
 * (app/islands/island.tsx), bundled for the browser and named at the end of
 * its body by the loader (app/islands/island-loader.ts), which imports it
 * after the first paint.
 *
 * Pages that hold the same islands share one entry. Code that every entry
 * uses (the runtime and the site's chrome) is one chunk, code that some
 * entries share is another, so a page loads at most three files before any
 * interaction; `idle` and `interaction` islands come on demand, by import().
 *
 * The browser runs islands on preact/compat: `react` and `react-dom` are
 * aliased for this bundle only. ISLANDS_RUNTIME=react-dom builds the same
 * islands on React DOM instead (ADR 0010): the switch that keeps the choice
 * reversible, built and smoke-tested by `npm test`.
 */
import { readFile, writeFile } from "node:fs/promises";
import { createHash } from "node:crypto";
import { join } from "node:path";
import { build, type Alias, type Plugin } from "vite";
import type { RolldownOutput } from "rolldown";
import { readBuildEnv } from "../../../app/site/build-env.ts";
import { ISLAND_ATTRIBUTES, ISLAND_TAG, type HydrateWhen } from "../../../app/islands/island-markup.ts";
import { ISLAND_LOADER_SCRIPT, ISLANDS_SCRIPT_ATTRIBUTE } from "../../../app/islands/island-loader.ts";
import { contentFiles } from "./content-files-plugin.ts";
import type { BuiltPage } from "./built-pages.ts";

export type IslandsRuntime = "preact" | "react-dom";

/** The one-line switch (ADR 0010): which runtime the browser's islands run on. */
export const ISLANDS_RUNTIME: IslandsRuntime = process.env.ISLANDS_RUNTIME === "react-dom" ? "react-dom" : "preact";

const PREACT_ALIASES: Alias[] = [
  { find: /^react$/, replacement: "preact/compat" },
  { find: /^react-dom$/, replacement: "preact/compat" },
  { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
  { find: /^react\/jsx-runtime$/, replacement: "preact/compat/jsx-runtime" },
  { find: /^react\/jsx-dev-runtime$/, replacement: "preact/compat/jsx-runtime" },
];

/** Where a page names its script: right before `</body>`. */
const SCRIPT_PLACE = "</body></html>";
/** The tag that names the page's script (island-loader.ts); page-inline-code.ts accepts exactly this shape. */
export const ISLAND_SCRIPT = new RegExp(`<script ${ISLANDS_SCRIPT_ATTRIBUTE}="(/assets/islands-[\\w-]+\\.js)">${ISLAND_LOADER_SCRIPT.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}</script>`);

export interface PageIsland {
  name: string;
  when: HydrateWhen;
}

const WHEN: readonly HydrateWhen[] = ["load", "visible", "idle", "interaction"];
/** Islands whose code is in the page's script; the others are fetched on demand. */
const IN_PAGE_SCRIPT: ReadonlySet<HydrateWhen> = new Set(["load", "visible"]);

/** The islands a page's HTML holds, outermost only (an island inside another is the outer one's to hydrate). */
export function pageIslands(html: string): PageIsland[] {
  const found: PageIsland[] = [];
  let depth = 0;
  for (const match of html.matchAll(new RegExp(`<(/?)${ISLAND_TAG}(?=[\\s>])([^>]*)>`, "g"))) {
    if (match[1] === "/") {
      depth -= 1;
      continue;
    }
    depth += 1;
    if (depth > 1) continue;
    const attribute = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(match[2] ?? "")?.[1];
    const name = attribute(ISLAND_ATTRIBUTES.name);
    const when = attribute(ISLAND_ATTRIBUTES.when) as HydrateWhen | undefined;
    if (!name || !/^[a-z][a-z0-9-]*$/.test(name) || !when || !WHEN.includes(when)) throw new Error(`islands: an island without a valid name or time: <${ISLAND_TAG}${match[2] ?? ""}>`);
    found.push({ name, when });
  }
  if (depth !== 0) throw new Error("islands: an island element without its end");
  return found;
}

/**
 * The entry module for pages holding these islands, and its short name: the same set of islands
 * gets the same file name on every build, wherever the project is checked out. The source names
 * files by absolute path, which the name leaves out: a checkout's directory would otherwise change
 * every page's HTML and its compressed size (the home page's budget is counted in those bytes).
 */
export function islandsEntry(islands: readonly PageIsland[], islandsDir: string): { name: string; source: string } {
  const kinds = [...new Map(islands.map((island) => [island.name, island])).values()].sort((a, b) => a.name.localeCompare(b.name));
  const file = (name: string) => JSON.stringify(join(islandsDir, `${name}.island.tsx`));
  const lines = [`import { startIslands } from ${JSON.stringify(join(islandsDir, "runtime.ts"))};`];
  const loaders: string[] = [];
  kinds.forEach((island, index) => {
    if (IN_PAGE_SCRIPT.has(island.when)) {
      lines.push(`import island${index} from ${file(island.name)};`);
      loaders.push(`${JSON.stringify(island.name)}: () => ({ default: island${index} })`);
    } else loaders.push(`${JSON.stringify(island.name)}: () => import(${file(island.name)})`);
  });
  lines.push(`startIslands({ ${loaders.join(", ")} });`);
  const source = lines.join("\n");
  const name = `islands-${createHash("sha256").update(source.replaceAll(islandsDir, "")).digest("hex").slice(0, 8)}`;
  return { name, source };
}

const VIRTUAL = "\0veilvault-islands:";

function virtualEntries(entries: ReadonlyMap<string, string>): Plugin {
  return {
    name: "veilvault-island-entries",
    resolveId(id) {
      return entries.has(id) ? `${VIRTUAL}${id}` : null;
    },
    load(id) {
      return id.startsWith(VIRTUAL) ? entries.get(id.slice(VIRTUAL.length)) : null;
    },
  };
}

export interface IslandsResult {
  /** Distinct entries (sets of islands) built. */
  entries: number;
  files: number;
}

/**
 * Bundles the islands of every page and names each page's entry in its HTML;
 * returns the pages' HTML by route. Run again on a page it already finished,
 * it replaces the script it wrote (the React DOM variant is built that way).
 */
export async function bundleIslands(root: string, client: string, pages: readonly BuiltPage[], runtime: IslandsRuntime = ISLANDS_RUNTIME): Promise<IslandsResult> {
  const islandsDir = join(root, "app", "islands");
  const htmlByFile = new Map<string, string>();
  const entryOf = new Map<string, string>();
  const entries = new Map<string, string>();
  for (const { route, file } of pages) {
    const html = (await readFile(file, "utf8")).replace(ISLAND_SCRIPT, "");
    const islands = pageIslands(html);
    if (islands.length === 0) throw new Error(`islands: ${route} has no island; every page has the header and the consent banner`);
    const { name, source } = islandsEntry(islands, islandsDir);
    entries.set(name, source);
    entryOf.set(file, name);
    htmlByFile.set(file, html);
  }

  const output = (await build({
    configFile: false,
    root,
    mode: "production",
    logLevel: "warn",
    define: { __BUILD_ENV__: JSON.stringify(readBuildEnv(process.env)) },
    resolve: { alias: runtime === "preact" ? PREACT_ALIASES : [] },
    plugins: [contentFiles(), virtualEntries(entries)],
    build: {
      outDir: client,
      emptyOutDir: false,
      copyPublicDir: false,
      modulePreload: false,
      sourcemap: false,
      reportCompressedSize: false,
      rollupOptions: {
        input: Object.fromEntries([...entries.keys()].map((name) => [name, name])),
        output: {
          entryFileNames: "assets/[name]-[hash].js",
          chunkFileNames: "assets/[name]-[hash].js",
          codeSplitting: {
            groups: [
              // What every page runs: the runtime, the UI library and the site's chrome.
              { name: "islands-common", tags: ["$initial"], minShareCount: entries.size, priority: 2 },
              // What some pages' islands share.
              { name: "islands-shared", tags: ["$initial"], minShareCount: 2, priority: 1 },
            ],
          },
        },
      },
    },
  })) as RolldownOutput;

  const fileOf = new Map<string, string>();
  for (const item of output.output) {
    if (item.type === "chunk" && item.isEntry) fileOf.set(item.name, `/${item.fileName}`);
  }
  for (const [file, html] of htmlByFile) {
    const script = fileOf.get(entryOf.get(file) ?? "");
    if (!script) throw new Error(`islands: no script was built for ${file}`);
    if (!html.includes(SCRIPT_PLACE)) throw new Error(`islands: ${file} does not end with ${SCRIPT_PLACE}`);
    await writeFile(file, html.replace(SCRIPT_PLACE, () => `<script ${ISLANDS_SCRIPT_ATTRIBUTE}="${script}">${ISLAND_LOADER_SCRIPT}</script>${SCRIPT_PLACE}`));
  }
  return { entries: entries.size, files: output.output.filter((item) => item.type === "chunk").length };
}
