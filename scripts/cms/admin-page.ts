/**
 * The editor's page at /admin/ (development only): Decap CMS with this
 * site's configuration; each save written into the file as it was, changing
 * only what the editor changed (EDIT-8); groups the page can do without left
 * out while empty (EDIT-10); messages that state the rule (EDIT-11); and a preview that
 * shows the running page (EDIT-12), which reloads after each save. Locally, it sends
 * this run's key with each call to its backend (EDIT-6).
 */
import { parse } from "yaml";
import { CONTENT_FORMAT, readFrontmatter, rewriteFrontmatter, rewriteYaml } from "./content-text.ts";
import type { DecapConfig } from "./decap-config.ts";
import { EDITOR_KEY_HEADER, EDITOR_KEY_PARAM } from "./editor-api.ts";
import { EDITOR_PHRASES, mergePhrases } from "./editor-phrases.ts";
import { groupProblem, isBlank, OPTIONAL_GROUP_WIDGET, type GroupField } from "./optional-group.ts";

/** Decap's entries and fields are Immutable.js maps. */
interface ImmutableMap {
  get(key: string): unknown;
  toJS(): unknown;
}

/** A widget's control as Decap renders it (a React class component). */
interface ControlProps {
  field: ImmutableMap;
  value: unknown;
  parentIds: string[];
  /** The field's own check (Decap's Widget.validate), which asks the control's isValid. */
  validate: () => void;
  clearFieldErrors: (uniqueFieldId: string) => void;
}
/** Decap's object control: its fields' widgets, by name, as it keeps them. */
type ControlClass = new (props: ControlProps) => { props: ControlProps; childRefs: Record<string, { props: { uniqueFieldId: string } }>; validate: () => void; isValid?: () => unknown };

/** The part of Decap's global that this page uses (decapcms.org/docs/customization). */
interface Decap {
  init(options: { config: DecapConfig }): void;
  registerCustomFormat(name: string, extension: string, format: { fromFile(text: string): unknown; toFile(data: unknown): string }): void;
  registerPreviewTemplate(name: string, component: (props: PreviewProps) => unknown): void;
  registerEventListener(listener: { name: "preSave"; handler: (event: { entry: ImmutableMap }) => undefined }): void;
  getWidget(name: string): { control: ControlClass; preview: unknown };
  registerWidget(name: string, control: ControlClass, preview?: unknown): void;
  getLocale(name: string): Record<string, unknown> | undefined;
  registerLocale(name: string, phrases: Record<string, unknown>): void;
}

declare global {
  interface Window {
    CMS: Decap;
    /** Decap's createElement (React's), for preview templates. */
    h: (type: string, props: Record<string, unknown> | null, ...children: unknown[]) => unknown;
  }
}

/**
 * The file being saved, as the editor loaded it: Decap hands its format only
 * the data, so the save event, which comes just before, leaves the entry's
 * text and kind here.
 */
let saving: { original: string | undefined; markdown: boolean } | undefined;

/** Whether a collection's new files are Markdown (a folder of .md files). */
const markdownCollections = (config: DecapConfig) => new Set(config.collections.flatMap((collection) => ("extension" in collection && collection.extension === "md" ? [collection.name] : [])));

function rememberSaving(config: DecapConfig) {
  const markdown = markdownCollections(config);
  return ({ entry }: { entry: ImmutableMap }): undefined => {
    const path = entry.get("path");
    const raw = entry.get("raw");
    saving = { original: typeof raw === "string" && raw !== "" ? raw : undefined, markdown: typeof path === "string" && path !== "" ? path.endsWith(".md") : markdown.has(String(entry.get("collection"))) };
    return undefined;
  };
}

/** YAML files and Markdown files with frontmatter, read and written as they are written by hand. */
const contentFormat = {
  fromFile: (text: string): unknown => (/^---\r?\n/.test(text) ? readFrontmatter(text, parse) : parse(text)),
  toFile(data: unknown): string {
    // A draft Decap keeps in the browser between saves has no save event: a Markdown entry is the one with a body.
    const { original, markdown } = saving ?? { original: undefined, markdown: typeof data === "object" && data !== null && "body" in data };
    saving = undefined;
    return markdown ? rewriteFrontmatter(original, data) : rewriteYaml(original, data);
  },
};

/** Decap's object widget, but a group the page can do without: checked inside only once any of it is filled in, and its message given at the group. */
function optionalGroupControl(ObjectControl: ControlClass): ControlClass {
  return class OptionalGroupControl extends ObjectControl {
    constructor(props: ControlProps) {
      super(props);
      const validateInside = this.validate;
      const valueOf = () => {
        const value = this.props.value as ImmutableMap | undefined;
        return value && typeof value.toJS === "function" ? value.toJS() : value;
      };
      this.validate = () => {
        // Empty, the group is left out of the file: what its fields said before is no longer so.
        if (isBlank(valueOf())) for (const child of Object.values(this.childRefs)) this.props.clearFieldErrors(child.props.uniqueFieldId);
        // Filled in, its fields check themselves (required, patterns, lengths).
        else validateInside();
        // Then the group's own check, which asks isValid, so the group names what it lacks where it shows folded.
        this.props.validate();
      };
      this.isValid = () => {
        const problem = groupProblem(this.props.field.toJS() as GroupField, valueOf());
        return problem ? { error: { type: "CUSTOM", parentIds: this.props.parentIds, message: problem } } : { error: false };
      };
    }
  };
}

/** What Decap hands a preview template: the entry being edited. */
interface PreviewProps {
  entry: { get(key: "slug"): string | undefined };
}

/** The preview: the running page, unobstructed (it leaves its cookie banner out when the editor frames it), with links to it and to the published page. */
function pagePreview(config: DecapConfig, pathOf: (props: PreviewProps) => string) {
  const { h } = window;
  return (props: PreviewProps) => {
    const path = pathOf(props);
    const link = (href: string, words: string) => h("a", { href, target: "_blank", rel: "noopener" }, words);
    return h(
      "div",
      { style: { margin: 0, fontFamily: "system-ui, sans-serif" } },
      h("p", { style: { margin: "8px 12px" } }, "The page as visitors will see it; it reloads after each save. ", link(`${config.site_url}/${path}`, "Open it here"), " · ", link(`${config.display_url}/${path}`, "Open the published page")),
      h("iframe", { src: `${config.site_url}/${path}`, title: "The page on the running site", style: { border: 0, width: "100%", height: "calc(100vh - 3rem)" } }),
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
  CMS.registerCustomFormat(CONTENT_FORMAT, "yaml", contentFormat);
  CMS.registerEventListener({ name: "preSave", handler: rememberSaving(config) });
  const object = CMS.getWidget("object");
  CMS.registerWidget(OPTIONAL_GROUP_WIDGET, optionalGroupControl(object.control), object.preview);
  // Messages that say what to do, in the editor's words.
  CMS.registerLocale("en", mergePhrases(CMS.getLocale("en") ?? {}, EDITOR_PHRASES));
  for (const collection of config.collections) {
    if ("files" in collection) {
      for (const entry of collection.files) CMS.registerPreviewTemplate(entry.name, pagePreview(config, () => entry.preview_path));
    } else {
      // An entry's page is named by its file; a new entry has none until it is saved.
      CMS.registerPreviewTemplate(collection.name, pagePreview(config, ({ entry }) => collection.preview_path.replace("{{slug}}", entry.get("slug") ?? "")));
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
