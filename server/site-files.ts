import { access, readdir, readFile } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import type { SecurityManifest } from "../common/security-headers.ts";

/**
 * What the build produced, indexed once at start-up: the pages (one
 * `index.html` per route), the other public files, the not-found page and the
 * security manifest. Requests are answered from these sets only, so nothing
 * outside them can be reached.
 */
export interface SiteFiles {
  root: string;
  /** "/features" -> "features/index.html" */
  pages: ReadonlyMap<string, string>;
  /** "/assets/root-abc.js" -> "assets/root-abc.js" */
  files: ReadonlyMap<string, string>;
  /** The not-found page, answered with status 404. */
  notFound: string;
  security: SecurityManifest;
}

const COMPRESSED_SIBLING = /\.(br|gz)$/;
/** Build files that are instructions for static hosts, not content. */
const HOST_CONFIG = new Set(["_headers", "_redirects"]);

function isPublic(file: string): boolean {
  if (COMPRESSED_SIBLING.test(file) || file.endsWith(".map") || HOST_CONFIG.has(file)) return false;
  // Dotfiles stay private, except the well-known folder (security.txt).
  return file.split("/").every((part, index) => !part.startsWith(".") || (index === 0 && part === ".well-known"));
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join("/"));
}

export async function indexSiteFiles(root: string, securityManifestPath: string): Promise<SiteFiles> {
  const pages = new Map<string, string>();
  const files = new Map<string, string>();
  for (const file of (await listFiles(root)).filter(isPublic)) {
    if (file === "index.html") pages.set("/", file);
    else if (file.endsWith("/index.html")) pages.set(`/${file.slice(0, -"/index.html".length)}`, file);
    else if (!file.endsWith(".html")) files.set(`/${file}`, file);
  }
  const notFound = "404.html";
  // Fail at start-up, not on the first request, when the build is incomplete.
  await access(join(root, notFound));
  const security = JSON.parse(await readFile(securityManifestPath, "utf8")) as SecurityManifest;
  if (!security.contentSecurityPolicy.startsWith("default-src ")) {
    throw new Error(`${securityManifestPath} holds no usable Content-Security-Policy`);
  }
  return { root, pages, files, notFound, security };
}
