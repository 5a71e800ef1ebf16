/**
 * Reads content files from the content folder, for loaders and the build
 * (they run in Node, while prerendering) and for tests: the text from disk,
 * held to its schema by parseContentFile. checkContentFolder is the build's
 * gate: every file held to its kind's schema, every link checked, and no
 * raw HTML (markdown-checks.ts).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import type { z } from "zod";
import { CONTENT_GUIDES, contentKindOf } from "./content-kinds.ts";
import { ContentFileError, markdownParts, parseContentFile } from "./content-files.ts";
import { markdownProblems } from "./markdown-checks.ts";

/** The content folder: at the repository's root, where the build and the tests run. */
export const CONTENT_DIR = join(process.cwd(), "content");

/** content/`file`, validated by `schema`; a file that fails throws ContentFileError naming the file, the field and the reason. */
export function readContentFile<Schema extends z.ZodType>(file: string, schema: Schema, dir: string = CONTENT_DIR): z.infer<Schema> {
  return parseContentFile(file, readFileSync(join(dir, file), "utf8"), schema);
}

/**
 * A Markdown file of content/: its frontmatter validated by `schema`, and its
 * body with every link checked and no raw HTML (EDIT-7), each problem named by
 * its line.
 */
export function readMarkdownFile<Schema extends z.ZodType>(file: string, schema: Schema, dir: string = CONTENT_DIR): { data: z.infer<Schema>; body: string } {
  const { frontmatter, body, bodyLine } = markdownParts(file, readFileSync(join(dir, file), "utf8"));
  const problems = markdownProblems(body, bodyLine).map((problem) => `content/${file} (line ${problem.line}): ${problem.message}`);
  try {
    // The frontmatter's first line is the file's second.
    const data: z.infer<Schema> = parseContentFile(file, frontmatter, schema, 2);
    if (problems.length === 0) return { data, body };
  } catch (error) {
    if (!(error instanceof ContentFileError)) throw error;
    // The frontmatter's problems first, then the body's: an editor sees them all at once.
    problems.unshift(error.message);
  }
  throw new ContentFileError(problems.join("\n"));
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
