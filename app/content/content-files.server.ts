/**
 * Reads content files from the content folder, for loaders and the build
 * (they run in Node, while prerendering) and for tests: the text from disk,
 * held to its schema by parseContentFile. checkContentFolder is the build's
 * gate: every file held to its kind's schema, and every link checked.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { Marked, type Token, type Tokens } from "marked";
import type { z } from "zod";
import { CONTENT_GUIDES, contentKindOf } from "./content-kinds.ts";
import { ContentFileError, parseContentFile, parseMarkdownFile } from "./content-files.ts";
import { internalLink } from "./schemas/copy.ts";

/** The content folder: at the repository's root, where the build and the tests run. */
export const CONTENT_DIR = join(process.cwd(), "content");

/** content/`file`, validated by `schema`; a file that fails throws ContentFileError naming the file, the field and the reason. */
export function readContentFile<Schema extends z.ZodType>(file: string, schema: Schema, dir: string = CONTENT_DIR): z.infer<Schema> {
  return parseContentFile(file, readFileSync(join(dir, file), "utf8"), schema);
}

/** A Markdown file of content/: its frontmatter validated by `schema`, and its body with every link checked. */
export function readMarkdownFile<Schema extends z.ZodType>(file: string, schema: Schema, dir: string = CONTENT_DIR): { data: z.infer<Schema>; body: string } {
  const document = parseMarkdownFile(file, readFileSync(join(dir, file), "utf8"), schema);
  const problems = markdownProblems(document.body).map((problem) => `content/${file}: ${problem}`);
  if (problems.length > 0) throw new ContentFileError(problems.join("\n"));
  return document;
}

/** Links to pages this site lacks, and images without alt text, in a Markdown body. */
function markdownProblems(body: string): string[] {
  const problems: string[] = [];
  const marked = new Marked();
  // The callback is synchronous, so there is nothing to wait for.
  void marked.walkTokens(marked.lexer(body), (token: Token) => {
    if (token.type === "link") {
      const { href, text } = token as Tokens.Link;
      const result = href.startsWith("/") ? internalLink.safeParse(href) : undefined;
      if (result && !result.success) problems.push(`the link "${text}": ${result.error.issues[0]?.message ?? "is broken"}`);
    }
    if (token.type === "image") {
      const { href, text } = token as Tokens.Image;
      if (text.trim() === "") problems.push(`the image ${href}: has no alt text`);
    }
  });
  return problems;
}

/** Every file under `dir`, as paths inside it with forward slashes. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join("/"))
    .sort();
}

/**
 * Holds every file of the content folder to its kind's schema (EDIT-2) and
 * throws one ContentFileError listing every problem found, so an editor sees
 * them all at once. Returns the files checked.
 */
export function checkContentFolder(dir: string = CONTENT_DIR): string[] {
  const files = filesUnder(dir).filter((file) => !CONTENT_GUIDES.includes(file));
  const problems: string[] = [];
  for (const file of files) {
    const kind = contentKindOf(file);
    try {
      if (!kind) throw new ContentFileError(`content/${file}: (the whole file): is no kind of content file the site knows; see app/content/content-kinds.ts`);
      if (file.endsWith(".md")) readMarkdownFile(file, kind.schema, dir);
      else readContentFile(file, kind.schema, dir);
    } catch (error) {
      if (!(error instanceof ContentFileError)) throw error;
      problems.push(error.message);
    }
  }
  if (problems.length > 0) throw new ContentFileError(problems.join("\n"));
  return files;
}
