/**
 * How the editor writes a content file (EDIT-8): into the file as it was,
 * changing only the values the editor changed. Key order, quoting, block
 * texts, blank lines and comments stay as written, so a one-sentence edit is
 * a one-line diff a reviewer can read, and a save with no change leaves the
 * file byte for byte as it was. Decap hands over the entry's data in its
 * fields' order and with its blank fields; neither reaches the file.
 * Pure, so the editor's page and the tests run the same code.
 */
import { isMap, isScalar, isSeq, parseDocument, stringify, type Document } from "yaml";
import { FRONTMATTER } from "../../app/content/content-files.ts";

/** The name of this way of writing in the CMS's configuration: for YAML files and Markdown files with frontmatter alike. */
export const CONTENT_FORMAT = "veilvault";

/** One line per value, never folded, as the files are written by hand. */
const WRITE = { lineWidth: 0 } as const;

type Plain = Record<string, unknown>;

const isPlainObject = (value: unknown): value is Plain => typeof value === "object" && value !== null && !Array.isArray(value);

/** Copy is never empty, so an empty value is a field the editor left blank, or a group left empty: left out, as the files leave it out. */
export function withoutBlanks(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutBlanks);
  if (!isPlainObject(value)) return value;
  const kept: Plain = {};
  for (const [key, entry] of Object.entries(value)) {
    const cleaned = withoutBlanks(entry);
    if (cleaned === "" || cleaned === null || cleaned === undefined) continue;
    if (Array.isArray(cleaned) && cleaned.length === 0) continue;
    if (isPlainObject(cleaned) && Object.keys(cleaned).length === 0) continue;
    kept[key] = cleaned;
  }
  return kept;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => sameValue(item, b[index]));
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => key in b && sameValue(a[key], b[key]));
  }
  return a === b;
}

const keyOf = (key: unknown): unknown => (isScalar(key) ? key.value : key);

/** `node` made to hold `value`, keeping every part of it that already does. */
function merged(doc: Document, node: unknown, value: unknown): unknown {
  if (isScalar(node) && !isPlainObject(value) && !Array.isArray(value)) {
    // The node keeps its style (plain, quoted, a block), which yaml gives up for one that cannot hold the new text.
    if (node.value !== value) node.value = value;
    return node;
  }
  if (isMap(node) && isPlainObject(value)) {
    node.items = node.items.filter((pair) => Object.hasOwn(value, String(keyOf(pair.key))));
    let previous = -1;
    for (const [key, entry] of Object.entries(value)) {
      const at = node.items.findIndex((pair) => keyOf(pair.key) === key);
      if (at >= 0) {
        const pair = node.items[at];
        if (pair) pair.value = merged(doc, pair.value, entry);
        previous = at;
      } else {
        // A new key goes after the one before it in the form, as the editor saw them.
        previous += 1;
        node.items.splice(previous, 0, doc.createPair(key, entry));
      }
    }
    return node;
  }
  if (isSeq(node) && Array.isArray(value)) {
    node.items = value.map((entry, index) => (index < node.items.length ? merged(doc, node.items[index], entry) : doc.createNode(entry)));
    return node;
  }
  return doc.createNode(value);
}

/** `data` written as YAML into `original`, the file's text as the editor loaded it (empty for a new file). */
export function rewriteYaml(original: string | undefined, data: unknown): string {
  const value = withoutBlanks(data);
  const doc = original ? parseDocument(original) : undefined;
  if (!doc || doc.errors.length > 0 || doc.contents === null) return stringify(value, WRITE);
  if (sameValue(doc.toJS(), value)) return original ?? "";
  doc.contents = merged(doc, doc.contents, value) as typeof doc.contents;
  return doc.toString(WRITE);
}

/** A Markdown file: its frontmatter rewritten as above, then its body (Markdown, as the editor left it). */
export function rewriteFrontmatter(original: string | undefined, data: unknown): string {
  const { body, ...front } = isPlainObject(data) ? data : {};
  const match = original === undefined ? null : FRONTMATTER.exec(original);
  const yaml = rewriteYaml(match ? `${match[1] ?? ""}\n` : undefined, front);
  return `---\n${yaml}---\n${typeof body === "string" ? body : ""}`;
}

/** A Markdown file's frontmatter and body, as the editor's form holds them. */
export function readFrontmatter(text: string, parse: (yaml: string) => unknown): Plain {
  const match = FRONTMATTER.exec(text);
  const data = match ? parse(match[1] ?? "") : {};
  return { ...(isPlainObject(data) ? data : {}), body: match ? text.slice(match[0].length) : text };
}
