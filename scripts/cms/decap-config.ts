/**
 * The CMS's configuration, drawn from the content schemas (EDIT-3): every
 * content file becomes an entry whose fields are its schema's, so an editor
 * can write only what the build accepts. Required fields, fixed texts, choices,
 * lengths and list sizes carry over; what Decap cannot express (FIG-1's
 * figures, links that must exist, diagram connectors) the build still checks,
 * and its message names the file, the field and the reason.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { contentKinds, type ContentKind } from "../../app/content/content-kinds.ts";
import { CONTENT_DIR, readContentFile, readMarkdownFile } from "../../app/content/content-files.server.ts";
import { readBuildEnv } from "../../app/site/build-env.ts";
import { EDITED_FOLDERS } from "./editor-api.ts";
import { CONTENT_FORMAT } from "./content-text.ts";
import { EDITOR_MAP } from "./editor-map.ts";
import { OPTIONAL_GROUP_WIDGET } from "./optional-group.ts";

/** The part of JSON Schema that zod writes for our schemas. */
interface JsonSchema {
  type?: string;
  const?: unknown;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  /** What the schema says the value is (`.describe()`): the field's hint. */
  description?: string;
  default?: unknown;
  minimum?: number;
}

/** A Decap CMS field (decapcms.org/docs/widgets). */
export interface DecapField {
  name: string;
  label: string;
  widget: "string" | "text" | "boolean" | "number" | "select" | "list" | "object" | "hidden" | "datetime" | typeof OPTIONAL_GROUP_WIDGET;
  required?: boolean;
  /** Shown under the field before anything is refused: the rule the value must meet. */
  hint?: string;
  pattern?: [string, string];
  options?: string[];
  fields?: DecapField[];
  field?: DecapField;
  min?: number;
  max?: number;
  collapsed?: boolean;
  summary?: string;
  /** The date picker's formats (datetime widget). */
  date_format?: string;
  time_format?: false;
  format?: string;
  /** A whole number is written as a number, not as text (number widget). */
  value_type?: "int";
  /** A toggle's state on a new entry. */
  default?: boolean;
  /** The fields of an optional group that the page needs once the group is filled in (optional-group.ts). */
  required_inside?: string[];
}

export interface DecapFileEntry {
  name: string;
  label: string;
  file: string;
  /** The page that shows the file's words, which the preview opens. */
  preview_path: string;
  fields: DecapField[];
}

/** Where the CMS reads and writes: the development server's own backend on this machine (EDIT-6), or a Git provider (hosted). */
export type DecapBackend = { name: "proxy"; proxy_url: string; branch: string } | { name: "github" | "gitlab"; repo: string; branch: string; base_url?: string };

interface DecapCollectionBase {
  name: string;
  label: string;
  description: string;
  /** Ours (admin-page.ts): YAML, or Markdown under YAML frontmatter, written into the file as it was. */
  format: typeof CONTENT_FORMAT;
  editor: { preview: boolean };
}

/** A collection of named files, each an entry editors can change but not add. */
export interface DecapFilesCollection extends DecapCollectionBase {
  files: DecapFileEntry[];
}

/** A folder editors add entries to, one file each, named from the entry's title. */
export interface DecapFolderCollection extends DecapCollectionBase {
  /** One entry, for the "New …" button. */
  label_singular: string;
  folder: string;
  extension: "yaml" | "md";
  create: true;
  /** Removing an entry removes its file, and so its page. */
  delete: true;
  slug: "{{slug}}";
  /** The field a new entry's file is named from. */
  identifier_field: string;
  /** The page of an entry: `{{slug}}` is the file's name. */
  preview_path: string;
  fields: DecapField[];
}

export interface DecapConfig {
  load_config_file: false;
  backend: DecapBackend;
  publish_mode: "simple" | "editorial_workflow";
  site_url: string;
  /** Where the site is published: each entry's preview links to its page there. */
  display_url: string;
  /** How Decap names a new entry's file from its title. */
  slug: { encoding: "ascii"; clean_accents: true };
  media_folder: string;
  public_folder: string;
  collections: (DecapFilesCollection | DecapFolderCollection)[];
}

/** Fields whose words run to sentences get a text area; the rest are one line. */
const PROSE = new Set(["paragraphs", "foreword", "description", "intro", "text", "answer", "body", "challenge", "example", "solution", "outcome", "caption", "alt", "summary", "hubSummary", "why", "whatDoesItAsk", "howWeSolve", "scopeNote", "desc", "demo", "diagramDescription", "noScript"]);

/**
 * Field names whose words would puzzle an editor, in the editor's words.
 * Every other name is spelt out ("heroSample" → "Hero sample").
 */
const PLAIN_LABELS: Record<string, string> = {
  meta: "Title and description in search results",
  eyebrow: "Small heading above",
  titleGradient: "Title: its coloured words",
  titleRegular: "Title: the plain words after them (start with a space)",
  hubSummary: "Summary on the overview page",
  ctaChecklist: "Checklist beside the button",
  src: "Picture",
  alt: "Alt text (what the picture shows, for people who cannot see it)",
  to: "Link",
  id: "Short name",
  desc: "Description",
  noScript: "Text shown when JavaScript is off",
  iso: "Date",
  published: "Published on",
  updated: "Updated on",
  draft: "Draft (shows only while editing, never on the published site)",
  body: "Text",
  faqs: "Questions and answers",
  kind: "Type",
  ssn: "SSN",
  pan: "PAN",
  dob: "Date of birth",
  iban: "IBAN",
  soc2Page: "SOC 2 page",
  showInMenu: "Show in the Use Cases menu",
  navigation: "Menus and links",
  blurb: "Line under the name in the menu",
  order: "Place among the landing pages",
};

/** "heroSample" → "Hero sample". */
function labelOf(name: string): string {
  const plain = PLAIN_LABELS[name];
  if (plain) return plain;
  const words = name.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/([a-z])(\d)/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** A length rule in the editor's words: "70 to 160 characters". */
function lengthWords(min: number | undefined, max: number | undefined): string | undefined {
  const least = min !== undefined && min > 1 ? min : undefined;
  if (least !== undefined && max !== undefined) return `${least} to ${max} characters`;
  if (max !== undefined) return `at most ${max} characters`;
  if (least !== undefined) return `at least ${least} characters`;
  return undefined;
}

/** A list's size in the editor's words: "exactly 6 items", "4 to 6 items". */
function sizeWords(min: number | undefined, max: number | undefined): string | undefined {
  const items = (count: number) => `${count} item${count === 1 ? "" : "s"}`;
  if (min !== undefined && min === max) return `exactly ${items(min)}`;
  if (min !== undefined && max !== undefined) return `${min} to ${max} items`;
  if (max !== undefined) return `at most ${items(max)}`;
  if (min !== undefined && min > 1) return `at least ${items(min)}`;
  return undefined;
}

const sentence = (...parts: (string | undefined)[]) => {
  const text = parts
    .filter((part): part is string => Boolean(part))
    .map((part, index) => (index === 0 ? part : lowerFirst(part)))
    .join("; ");
  return text ? `${text.charAt(0).toUpperCase()}${text.slice(1)}.` : undefined;
};

/** An object's properties as fields, required unless the schema lets them out. */
function objectFields(schema: JsonSchema): DecapField[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([name, property]) => fieldOf(name, property, required.has(name)));
}

/** The variants of a union as one object: a key is required only where every variant requires it, choices are pooled. */
function mergedVariants(variants: JsonSchema[]): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const variant of variants) {
    for (const [name, property] of Object.entries(variant.properties ?? {})) {
      const known = properties[name];
      const choices = [...(known?.enum ?? (known?.const === undefined ? [] : [known.const])), ...(property.enum ?? (property.const === undefined ? [] : [property.const]))];
      properties[name] = choices.length > 0 && (known === undefined || choices.length > 1) ? { type: "string", enum: [...new Set(choices)] } : property;
    }
  }
  const required = Object.keys(properties).filter((name) => variants.every((variant) => variant.required?.includes(name)));
  return { type: "object", properties, required };
}

/** A date: Decap's date picker, writing year-month-day as the files do. */
const DATE_PICKER = { widget: "datetime", date_format: "YYYY-MM-DD", time_format: false, format: "YYYY-MM-DD" } as const;

function fieldOf(name: string, schema: JsonSchema, required: boolean): DecapField {
  const base = { name, label: labelOf(name), ...(required ? {} : { required: false }) };
  const variants = schema.oneOf ?? schema.anyOf;
  if (variants) return fieldOf(name, { ...mergedVariants(variants), ...(schema.description !== undefined && { description: schema.description }) }, required);
  if (schema.type === "object") {
    // A group the page can do without is left out while empty; once filled in, it asks for what it needs (optional-group.ts).
    const group: DecapField = { ...base, widget: required ? "object" : OPTIONAL_GROUP_WIDGET, collapsed: true, fields: objectFields(schema) };
    if (!required) group.required_inside = schema.required ?? [];
    const hint = sentence(schema.description);
    return hint ? { ...group, hint } : group;
  }
  if (schema.type === "array") {
    // A tuple's items share one shape (our tuples fix their order and names); the build holds each to its own.
    const items = schema.items ?? mergedVariants(schema.prefixItems ?? []);
    const min = schema.prefixItems?.length ?? schema.minItems;
    const max = schema.prefixItems?.length ?? schema.maxItems;
    const size = { ...(min !== undefined && { min }), ...(max !== undefined && { max }) };
    const hint = sentence(schema.description, sizeWords(min, max));
    const list = { ...base, widget: "list" as const, ...size, ...(hint && { hint }) };
    if (items.type === "object" || items.oneOf || items.prefixItems) {
      const inner = fieldOf(name, items, true);
      return { ...list, collapsed: true, fields: inner.fields ?? [] };
    }
    // The items take their widget from the list's name: a list of paragraphs holds prose.
    // Open, not folded: each item is one line (a post's topics), and a folded one shows only "Tags".
    const { hint: itemHint, ...item } = fieldOf(name, items, true);
    return { ...list, hint: sentence(schema.description, sizeWords(min, max), itemHint?.replace(/\.$/, "")), collapsed: false, field: { ...item, label: labelOf(name) } };
  }
  if (schema.type === "boolean") return { ...base, widget: "boolean", ...(typeof schema.default === "boolean" && { default: schema.default }), ...(schema.description !== undefined && { hint: sentence(schema.description) }) };
  if (schema.type === "integer") {
    const hint = sentence(schema.description, schema.minimum !== undefined ? `a whole number, ${schema.minimum} or more` : "a whole number");
    return { ...base, widget: "number", value_type: "int", ...(schema.minimum !== undefined && { min: schema.minimum }), ...(hint && { hint }) };
  }
  if (schema.const !== undefined) {
    const text = typeof schema.const === "string" ? schema.const : JSON.stringify(schema.const);
    return { ...base, widget: "string", hint: `Must read exactly: “${text}”.`, pattern: [`^${escapeRegExp(text)}$`, `must read exactly “${text}”`] };
  }
  if (schema.enum) return { ...base, widget: "select", options: schema.enum.map(String) };
  if (schema.format === "date") {
    const hint = sentence(schema.description ?? "a date, written year-month-day", "pick it from the calendar");
    return { ...base, ...DATE_PICKER, ...(hint && { hint }), pattern: ["^\\d{4}-\\d{2}-\\d{2}$", "must be a date, written year-month-day, such as 2026-11-28"] };
  }
  const short = schema.maxLength !== undefined && schema.maxLength <= 40;
  const field: DecapField = { ...base, widget: PROSE.has(name) && !short ? "text" : "string" };
  const length = lengthWords(schema.minLength, schema.maxLength);
  const rule = schema.description ?? (schema.format === "date-time" ? "a date and time with its offset from UTC, such as 2026-12-03T16:00:00+05:30" : undefined);
  const hint = sentence(rule, length);
  if (hint) field.hint = hint;
  if (schema.pattern !== undefined) {
    field.pattern = [schema.pattern, `must be ${lowerFirst(rule ?? "lower-case letters, digits and dashes")}`];
  } else if (schema.format === "date-time") {
    field.pattern = ["^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(?::\\d{2}(?:\\.\\d+)?)?(?:Z|[+-]\\d{2}:\\d{2})$", `must be ${lowerFirst(rule ?? "")}`];
  } else if (length !== undefined) {
    // Decap checks lengths only through a pattern.
    field.pattern = [`^[\\s\\S]{${schema.minLength ?? 0},${schema.maxLength ?? ""}}$`, `must be ${length}`];
  }
  return field;
}

/** The fields of a kind's files, from its schema. */
export function decapFields(kind: Pick<ContentKind, "schema" | "files">): DecapField[] {
  const schema = z.toJSONSchema(kind.schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  const fields = objectFields(schema);
  // A Markdown file's document is its body, written as Markdown in a plain text area so that Decap does not rewrite it.
  if ("extension" in kind.files && kind.files.extension === "md") fields.push({ name: "body", label: "Text (Markdown)", widget: "text", hint: "Markdown: **bold**, *italics*, [words](/features) for a link, ## for a heading, a blank line between paragraphs." });
  return fields;
}

/** What an editor calls one file of a folder of files: its page's name or heading where it has one. */
function entryLabel(kind: ContentKind, file: string, dir: string): string {
  const data: unknown = file.endsWith(".md") ? readMarkdownFile(file, kind.schema, dir).data : readContentFile(file, kind.schema, dir);
  const record = z.looseObject({ name: z.string().optional(), label: z.string().optional(), title: z.string().optional(), heading: z.string().optional(), meta: z.looseObject({ title: z.string() }).optional() }).safeParse(data);
  const named = record.success ? (record.data.name ?? record.data.label ?? record.data.title ?? record.data.meta?.title ?? record.data.heading) : undefined;
  return named ?? file;
}

/** A page's address as the editor reads it in a list: "/" for the home page, "/compliance/gdpr". */
const shownAddress = (kind: ContentKind, name: string) => kind.shownAt(name).replace(/#.*$/, "");

/** The files a kind holds, as CMS entries, each labelled with its page's address. */
function entriesOf(kind: ContentKind, dir: string): DecapFileEntry[] {
  const fields = decapFields(kind);
  const files =
    "file" in kind.files
      ? [kind.files.file]
      : readdirSync(join(dir, kind.files.folder))
          .filter((name) => "extension" in kind.files && name.endsWith(`.${kind.files.extension}`))
          .sort()
          .map((name) => `${"folder" in kind.files ? kind.files.folder : ""}/${name}`);
  return files.map((file) => {
    const name = file.replace(/\.(yaml|md)$/, "");
    const base = name.split("/").pop() ?? name;
    const label = "file" in kind.files ? kind.label : `${kind.label}: ${entryLabel(kind, file, dir)}`;
    return {
      name: name.replaceAll("/", "-"),
      label: `${label} (${shownAddress(kind, base)})`,
      file: `${EDITED_FOLDERS.content}/${file}`,
      preview_path: kind.shownAt(base).replace(/^\//, ""),
      fields,
    };
  });
}

/** The collection of a kind editors add files to: one file per entry, named from its title. */
function folderCollection(kind: ContentKind, base: DecapCollectionBase, singular: string): DecapFolderCollection {
  if (!("folder" in kind.files)) throw new Error(`${kind.label}: not a folder`);
  const fields = decapFields(kind);
  const identifier = ["title", "label", "name"].find((name) => fields.some((field) => field.name === name && field.widget === "string"));
  if (!identifier) throw new Error(`${kind.label}: no title to name a new file from`);
  return {
    ...base,
    label_singular: singular,
    folder: `${EDITED_FOLDERS.content}/${kind.files.folder}`,
    extension: kind.files.extension,
    create: true,
    delete: true,
    slug: "{{slug}}",
    identifier_field: identifier,
    preview_path: kind.shownAt("{{slug}}").replace(/^\//, ""),
    fields,
  };
}

/**
 * Decap's configuration for this site: the editor's map (editor-map.ts), each
 * group one collection of files, and each kind editors add to a collection
 * of its own. Locally (`proxyUrl`) the development server's backend writes
 * the working tree's content files (EDIT-6) and committing stays with git; hosted (`backend`), each
 * save opens a pull request (the editorial workflow) that CI checks.
 */
export function decapConfig({ proxyUrl, backend, siteUrl, dir = CONTENT_DIR }: { siteUrl: string; dir?: string } & ({ proxyUrl: string; backend?: undefined } | { proxyUrl?: undefined; backend: DecapBackend })): DecapConfig {
  return {
    load_config_file: false,
    backend: backend ?? { name: "proxy", proxy_url: proxyUrl, branch: "main" },
    publish_mode: backend ? "editorial_workflow" : "simple",
    site_url: siteUrl,
    display_url: readBuildEnv(process.env).siteUrl,
    // File names as the build accepts them (lower-case ASCII words and dashes): a post titled "Über uns" is named uber-uns, not über-uns.
    slug: { encoding: "ascii", clean_accents: true },
    // The site takes no uploaded media; Decap requires the setting all the same.
    media_folder: EDITED_FOLDERS.media,
    public_folder: "/uploads",
    collections: EDITOR_MAP.map(({ group, label, description, singular }) => {
      const kinds: ContentKind[] = contentKinds.filter((kind) => kind.group === group);
      // Decap takes one format per collection, and a group holds YAML and Markdown files alike: ours writes each as it is.
      const base: DecapCollectionBase = { name: group, label, description, format: CONTENT_FORMAT, editor: { preview: true } };
      const [only] = kinds;
      if (kinds.length === 1 && only && "folder" in only.files && only.files.creatable) return folderCollection(only, base, singular ?? label);
      return { ...base, files: kinds.flatMap((kind) => entriesOf(kind, dir)) };
    }),
  };
}
