import { access, readdir } from "node:fs/promises";
import { join, relative, sep } from "node:path";

/**
 * What the build produced, indexed once at start-up: the pages (one
 * `index.html` per route), the other files, and the not-found page. Requests
 * are answered from these sets only, so nothing outside them can be reached.
 */
export interface SiteFiles {
  root: string;
  /** "/features" -> "features/index.html" */
  pages: ReadonlyMap<string, string>;
  /** "/assets/root-abc.css" -> "assets/root-abc.css" */
  files: ReadonlyMap<string, string>;
  /** The not-found page, answered with status 404. */
  notFound: string;
}

const COMPRESSED_SIBLING = /\.(br|gz)$/;

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join("/"));
}

export async function indexSiteFiles(root: string): Promise<SiteFiles> {
  const pages = new Map<string, string>();
  const files = new Map<string, string>();
  for (const file of await listFiles(root)) {
    if (COMPRESSED_SIBLING.test(file)) continue;
    // Dotfiles and source maps are never published, even if a build left one behind.
    if (file.split("/").some((part) => part.startsWith(".")) || file.endsWith(".map")) continue;
    if (file === "index.html") pages.set("/", file);
    else if (file.endsWith("/index.html")) pages.set(`/${file.slice(0, -"/index.html".length)}`, file);
    else if (!file.endsWith(".html")) files.set(`/${file}`, file);
  }
  const notFound = "404.html";
  // Fail at start-up, not on the first unknown URL, when the build is incomplete.
  await access(join(root, notFound));
  return { root, pages, files, notFound };
}
