/**
 * The editor's page at /admin/ (development only): Decap CMS with this
 * site's configuration, YAML written as the content files are written (one
 * line per value, no folding, empty optional fields left out), and a preview
 * that shows the running page, which reloads after each save.
 */
import { parse, stringify } from "yaml";
import { FRONTMATTER } from "../../app/content/content-files.ts";
import type { DecapConfig } from "./decap-config.ts";

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

// Beside this page, locally (/admin/config.json) and hosted alike.
const config = (await (await fetch(new URL("config.json", document.baseURI))).json()) as DecapConfig;
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
