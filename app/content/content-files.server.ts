/**
 * Reads content files from the content folder, for loaders and the build
 * (they run in Node, while prerendering) and for tests: the text from disk,
 * held to its schema by parseContentFile.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { z } from "zod";
import { parseContentFile } from "./content-files.ts";

/** The content folder: at the repository's root, where the build and the tests run. */
export const CONTENT_DIR = join(process.cwd(), "content");

/** content/`file`, validated by `schema`; a file that fails throws ContentFileError naming the file, the field and the reason. */
export function readContentFile<Schema extends z.ZodType>(file: string, schema: Schema, dir: string = CONTENT_DIR): z.infer<Schema> {
  return parseContentFile(file, readFileSync(join(dir, file), "utf8"), schema);
}
