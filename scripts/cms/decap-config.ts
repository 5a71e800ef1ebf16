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
import { EDITED_FOLDERS } from "./editor-api.ts";

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
}

/** A Decap CMS field (decapcms.org/docs/widgets). */
export interface DecapField {
  name: string;
  label: string;
  widget: "string" | "text" | "boolean" | "select" | "list" | "object" | "hidden";
  required?: boolean;
  hint?: string;
  pattern?: [string, string];
  options?: string[];
  fields?: DecapField[];
  field?: DecapField;
  min?: number;
  max?: number;
  collapsed?: boolean;
  summary?: string;
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
  format: "veilvault-yaml" | "veilvault-frontmatter";
  editor: { preview: boolean };
}

/** A collection of named files, each an entry editors can change but not add. */
interface DecapFilesCollection extends DecapCollectionBase {
  files: DecapFileEntry[];
}

/** A folder editors add entries to, one file each, named from the title. */
export interface DecapFolderCollection extends DecapCollectionBase {
  folder: string;
  extension: "yaml" | "md";
  create: true;
  slug: "{{slug}}";
  identifier_field: "title";
  /** The page of an entry: `{{slug}}` is the file's name. */
  preview_path: string;
  fields: DecapField[];
}

export interface DecapConfig {
  load_config_file: false;
  backend: DecapBackend;
  publish_mode: "simple" | "editorial_workflow";
  site_url: string;
  /** How Decap names a new entry's file from its title. */
  slug: { encoding: "ascii"; clean_accents: true };
  media_folder: string;
  public_folder: string;
  collections: (DecapFilesCollection | DecapFolderCollection)[];
}

/** Fields whose words run to sentences get a text area; the rest are one line. */
const PROSE = new Set(["paragraphs", "foreword", "description", "intro", "text", "answer", "body", "challenge", "example", "solution", "outcome", "caption", "alt", "summary", "hubSummary", "why", "whatDoesItAsk", "howWeSolve", "scopeNote", "desc", "demo", "diagramDescription", "noScript"]);

/** "heroSample" → "Hero sample". */
function labelOf(name: string): string {
  const words = name.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

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

function fieldOf(name: string, schema: JsonSchema, required: boolean): DecapField {
  const base = { name, label: labelOf(name), ...(required ? {} : { required: false }) };
  const variants = schema.oneOf ?? schema.anyOf;
  if (variants) return fieldOf(name, mergedVariants(variants), required);
  if (schema.type === "object") return { ...base, widget: "object", collapsed: true, fields: objectFields(schema) };
  if (schema.type === "array") {
    // A tuple's items share one shape (our tuples fix their order and names); the build holds each to its own.
    const items = schema.items ?? mergedVariants(schema.prefixItems ?? []);
    const size = { ...(schema.minItems !== undefined && { min: schema.minItems }), ...(schema.maxItems !== undefined && { max: schema.maxItems }), ...(schema.prefixItems && { min: schema.prefixItems.length, max: schema.prefixItems.length }) };
    if (items.type === "object" || items.oneOf || items.prefixItems) {
      const inner = fieldOf(name, items, true);
      return { ...base, widget: "list", collapsed: true, ...size, fields: inner.fields ?? [] };
    }
    // The items take their widget from the list's name: a list of paragraphs holds prose.
    // Open, not folded: each item is one line (a post's topics), and a folded one shows only "Tags".
    return { ...base, widget: "list", collapsed: false, ...size, field: { ...fieldOf(name, items, true), label: labelOf(name) } };
  }
  if (schema.type === "boolean") return { ...base, widget: "boolean" };
  if (schema.const !== undefined) {
    const text = typeof schema.const === "string" ? schema.const : JSON.stringify(schema.const);
    return { ...base, widget: "string", hint: "The requirements fix this text exactly.", pattern: [`^${escapeRegExp(text)}$`, `must read exactly “${text}”`] };
  }
  if (schema.enum) return { ...base, widget: "select", options: schema.enum.map(String) };
  const short = schema.maxLength !== undefined && schema.maxLength <= 40;
  const field: DecapField = { ...base, widget: PROSE.has(name) && !short ? "text" : "string" };
  if (schema.maxLength !== undefined) {
    // Decap checks lengths only through a pattern.
    field.pattern = [`^[\\s\\S]{${schema.minLength ?? 0},${schema.maxLength}}$`, `must be at most ${schema.maxLength} characters`];
    field.hint = `At most ${schema.maxLength} characters.`;
  } else if (schema.format === "date") {
    field.pattern = ["^\\d{4}-\\d{2}-\\d{2}$", "must be a date written YYYY-MM-DD"];
  } else if (schema.pattern !== undefined) {
    field.pattern = [schema.pattern, "is not an id: lower-case letters, digits and dashes"];
  }
  return field;
}

/** The fields of a kind's files, from its schema. */
export function decapFields(kind: Pick<ContentKind, "schema" | "files">): DecapField[] {
  const schema = z.toJSONSchema(kind.schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  const fields = objectFields(schema);
  // A Markdown file's document is its body, written as Markdown in a plain text area so that Decap does not rewrite it.
  if ("extension" in kind.files && kind.files.extension === "md") fields.push({ name: "body", label: "Document (Markdown)", widget: "text" });
  return fields;
}

/** What an editor calls one file of a folder of files: its page's name or heading where it has one. */
function entryLabel(kind: ContentKind, file: string): string {
  const data: unknown = file.endsWith(".md") ? readMarkdownFile(file, kind.schema).data : readContentFile(file, kind.schema);
  const record = z.looseObject({ name: z.string().optional(), label: z.string().optional(), heading: z.string().optional(), meta: z.looseObject({ title: z.string() }).optional() }).safeParse(data);
  const named = record.success ? (record.data.name ?? record.data.label ?? record.data.meta?.title ?? record.data.heading) : undefined;
  return named ?? file;
}

/** The files a kind holds, as CMS entries. */
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
    return {
      name: name.replaceAll("/", "-"),
      label: "file" in kind.files ? kind.label : entryLabel(kind, file),
      file: `${EDITED_FOLDERS.content}/${file}`,
      preview_path: kind.shownAt(base).replace(/^\//, ""),
      fields,
    };
  });
}

/**
 * Decap's configuration for this site: one collection per kind of page, each
 * file an entry. Locally (`proxyUrl`) the development server's backend writes
 * the working tree's content files (EDIT-6) and committing stays with git; hosted (`backend`), each
 * save opens a pull request (the editorial workflow) that CI checks.
 */
export function decapConfig({ proxyUrl, backend, siteUrl, dir = CONTENT_DIR }: { siteUrl: string; dir?: string } & ({ proxyUrl: string; backend?: undefined } | { proxyUrl?: undefined; backend: DecapBackend })): DecapConfig {
  return {
    load_config_file: false,
    backend: backend ?? { name: "proxy", proxy_url: proxyUrl, branch: "main" },
    publish_mode: backend ? "editorial_workflow" : "simple",
    site_url: siteUrl,
    // File names as the build accepts them (lower-case ASCII words and dashes): a post titled "Über uns" is named uber-uns, not über-uns.
    slug: { encoding: "ascii", clean_accents: true },
    // The site takes no uploaded media; Decap requires the setting all the same.
    media_folder: EDITED_FOLDERS.media,
    public_folder: "/uploads",
    collections: contentKinds.map((kind: ContentKind, index) => {
      const base: DecapCollectionBase = {
        name: `kind-${String(index + 1).padStart(2, "0")}`,
        label: kind.label,
        description: `Checked at build against its schema; the preview shows the running page, which reloads after each save.`,
        // Decap takes the format per collection; both are ours (admin-page.ts), writing files as they are written by hand.
        format: "extension" in kind.files && kind.files.extension === "md" ? "veilvault-frontmatter" : "veilvault-yaml",
        editor: { preview: true },
      };
      if ("folder" in kind.files && kind.files.creatable) {
        const folder: DecapFolderCollection = {
          ...base,
          folder: `${EDITED_FOLDERS.content}/${kind.files.folder}`,
          extension: kind.files.extension,
          create: true,
          slug: "{{slug}}",
          identifier_field: "title",
          preview_path: kind.shownAt("{{slug}}").replace(/^\//, ""),
          fields: decapFields(kind),
        };
        return folder;
      }
      return { ...base, files: entriesOf(kind, dir) };
    }),
  };
}
