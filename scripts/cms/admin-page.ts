/**
 * The editor's page at /admin/ (development only): Decap CMS with this
 * site's configuration, YAML written as the content files are written (one
 * line per value, no folding, empty optional fields left out), and a preview
 * that shows the running page, which reloads after each save. Locally, it
 * sends this run's key with each call to its backend (EDIT-6).
 */
import { parse, stringify } from "yaml";
import { FRONTMATTER } from "../../app/content/content-files.ts";
import type { DecapConfig } from "./decap-config.ts";
import { EDITOR_KEY_HEADER, EDITOR_KEY_PARAM } from "./editor-api.ts";

/** The part of Decap's global that this page uses (decapcms.org/docs/customization). */
interface Decap {
  init(options: { config: DecapConfig }): void;
  registerCustomFormat(name: string, extension: string, format: { fromFile(text: string): unknown; toFile(data: unknown): string }): void;
  registerPreviewTemplate(name: string, component: (props: PreviewProps) => unknown): void;
}

declare global {
  interface Window {
    CMS: Decap;
    /** Decap's createElement (React's), for preview templates. */
    h: (type: string, props: Record<string, unknown> | null, ...children: unknown[]) => unknown;
  }
}

/** Copy is never empty, so an empty value is a field the editor left blank: leave it out, as the files do. */
function withoutBlanks(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutBlanks);
  if (value && typeof value === "object") {
    const kept = Object.entries(value).filter(([, entry]) => entry !== "" && entry !== null && entry !== undefined);
    return Object.fromEntries(kept.map(([key, entry]) => [key, withoutBlanks(entry)]));
  }
  return value;
}

const writeYaml = (data: unknown) => stringify(withoutBlanks(data), { lineWidth: 0 });

function readFrontmatter(text: string): unknown {
  const match = FRONTMATTER.exec(text);
  const data: unknown = match ? parse(match[1] ?? "") : {};
  return { ...(data && typeof data === "object" ? data : {}), body: match ? text.slice(match[0].length) : text };
}

function writeFrontmatter(data: unknown): string {
  const { body, ...front } = data && typeof data === "object" ? (data as Record<string, unknown>) : {};
  return `---\n${writeYaml(front)}---\n${typeof body === "string" ? body : ""}`;
}

/** What Decap hands a preview template: the entry being edited. */
interface PreviewProps {
  entry: { get(key: "slug"): string | undefined };
}

function pagePreview(urlOf: (props: PreviewProps) => string) {
  const { h } = window;
  return (props: PreviewProps) => {
    const url = urlOf(props);
    return h(
      "div",
      { style: { margin: 0, fontFamily: "system-ui, sans-serif" } },
      h("p", { style: { margin: "8px 12px" } }, "The page as the site shows it; it reloads after each save. ", h("a", { href: url, target: "_blank", rel: "noopener" }, "Open the page")),
      h("iframe", { src: url, title: "The page on the running site", style: { border: 0, width: "100%", height: "calc(100vh - 3rem)" } }),
    );
  };
}

const KEY_STORE = "veilvault-editor-key";

/** This run's key: from the address `npm run cms` printed, kept for this tab (a reload keeps it) and dropped from the address bar and its history. */
function editorKey(): string | null {
  const address = new URL(location.href);
  const given = address.searchParams.get(EDITOR_KEY_PARAM);
  if (given) {
    sessionStorage.setItem(KEY_STORE, given);
    address.searchParams.delete(EDITOR_KEY_PARAM);
    history.replaceState(history.state, "", address);
  }
  return sessionStorage.getItem(KEY_STORE);
}

/** Decap's proxy backend sends only a content type; the key goes with every call to the backend's address, and to nothing else. */
function sendKeyTo(api: string, key: string): void {
  const send = window.fetch.bind(window);
  window.fetch = (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (new URL(url, location.href).href !== api) return send(input, init);
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    headers.set(EDITOR_KEY_HEADER, key);
    return send(input, { ...init, headers });
  };
}

function start(config: DecapConfig): void {
  const { CMS } = window;
  CMS.registerCustomFormat("veilvault-yaml", "yaml", { fromFile: (text) => parse(text) as unknown, toFile: writeYaml });
  CMS.registerCustomFormat("veilvault-frontmatter", "md", { fromFile: readFrontmatter, toFile: writeFrontmatter });
  for (const collection of config.collections) {
    if ("files" in collection) {
      for (const entry of collection.files) CMS.registerPreviewTemplate(entry.name, pagePreview(() => `${config.site_url}/${entry.preview_path}`));
    } else {
      // An entry's page is named by its file; a new entry has none until it is saved.
      CMS.registerPreviewTemplate(collection.name, pagePreview(({ entry }) => `${config.site_url}/${collection.preview_path.replace("{{slug}}", entry.get("slug") ?? "")}`));
    }
  }
  CMS.init({ config });
}

// Beside this page, locally (/admin/config.json) and hosted alike.
const config = (await (await fetch(new URL("config.json", document.baseURI))).json()) as DecapConfig;
const key = config.backend.name === "proxy" ? editorKey() : undefined;
if (config.backend.name !== "proxy") {
  start(config);
} else if (key) {
  sendKeyTo(new URL(config.backend.proxy_url, location.href).href, key);
  start(config);
} else {
  // Without the key the backend refuses every call: say what to do instead of showing an editor that cannot load.
  const note = document.createElement("p");
  note.style.cssText = "font: 1.125rem/1.5 system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; padding: 0 1rem";
  note.textContent = "This editor needs the key of this run of npm run cms. Open the address it printed in its terminal: it ends in /admin/?key=…";
  document.body.append(note);
}
