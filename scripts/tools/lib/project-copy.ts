/**
 * A copy of the project for a build or a development server that must not
 * touch the checkout: the editor's tests write content files into it, and the
 * fixture build swaps its collections. It shares node_modules with the
 * checkout through a link; build output, data and tests stay behind.
 */
import { cpSync, mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";

const ROOT = new URL("../../..", import.meta.url).pathname;
/** What the development server and the build need. */
const COPIED = ["app", "common", "content", "scripts", "package.json", "tsconfig.json", "vite.config.ts", "react-router.config.ts"];

/** Copies the project into `dir` (made if missing, expected empty) and returns it. */
export function copyProjectInto(dir: string): string {
  mkdirSync(dir, { recursive: true });
  for (const entry of COPIED) cpSync(join(ROOT, entry), join(dir, entry), { recursive: true });
  symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"), "dir");
  return dir;
}
