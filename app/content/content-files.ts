/**
 * Holds a content file (EDIT-1) to its schema (EDIT-2). Loaders call it while
 * prerendering, with the file's text imported raw, so a file that fails stops
 * the build with the file, the field and the reason; the browser never loads
 * the parser or the schemas, because only loaders read content files.
 */
import { parse, YAMLParseError } from "yaml";
import type { z } from "zod";

/** A content file's problem, as the build reports it. */
export class ContentFileError extends Error {
  override name = "ContentFileError";
}

/** `a.b[2].c`: a field's place in a file, as an editor finds it. */
function fieldPath(path: readonly PropertyKey[]): string {
  return path.map((key, index) => (typeof key === "number" ? `[${key}]` : `${index === 0 ? "" : "."}${String(key)}`)).join("") || "(the whole file)";
}

/** `text`, the YAML of content/`file`, validated by `schema`. */
export function parseContentFile<Schema extends z.ZodType>(file: string, text: string, schema: Schema, firstLine = 1): z.infer<Schema> {
  const shown = `content/${file}`;
  let data: unknown;
  try {
    // A key written twice would otherwise be settled by keeping the last, silently.
    data = parse(text, { uniqueKeys: true });
  } catch (error) {
    const where = error instanceof YAMLParseError && error.linePos ? ` (line ${error.linePos[0].line + firstLine - 1})` : "";
    throw new ContentFileError(`${shown}${where}: ${error instanceof Error ? (error.message.split("\n")[0] ?? "") : String(error)}`);
  }
  const result = schema.safeParse(data);
  if (!result.success) {
    throw new ContentFileError(result.error.issues.map((issue) => `${shown}: ${fieldPath(issue.path)}: ${issue.message}`).join("\n"));
  }
  return result.data;
}

/** The `---` lines that open and close a Markdown file's frontmatter. */
export const FRONTMATTER = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)/;

/** A Markdown file's parts: the YAML between its two "---" lines, and the Markdown after them with the file's line it starts on. */
export function markdownParts(file: string, text: string): { frontmatter: string; body: string; bodyLine: number } {
  const match = FRONTMATTER.exec(text);
  if (!match) throw new ContentFileError(`content/${file}: (the whole file): does not open with frontmatter between two "---" lines`);
  return { frontmatter: match[1] ?? "", body: text.slice(match[0].length), bodyLine: 1 + (match[0].match(/\n/g)?.length ?? 0) };
}

/**
 * `text`, a Markdown file of content/: its YAML frontmatter validated by
 * `schema`, and the Markdown after it.
 */
export function parseMarkdownFile<Schema extends z.ZodType>(file: string, text: string, schema: Schema): { data: z.infer<Schema>; body: string } {
  const { frontmatter, body } = markdownParts(file, text);
  // The frontmatter's first line is the file's second.
  return { data: parseContentFile(file, frontmatter, schema, 2), body };
}
