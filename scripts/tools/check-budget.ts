/**
 * The byte budget (brotli) of what each route makes the browser download
 * before it is interactive: every script its HTML names (in its boot data) and
 * everything those import statically, its stylesheets (inline or linked), and
 * the fonts it preloads, and how many script files that is; and, apart, what
 * its scripts import on demand after first paint (the playground's tool,
 * PLAY-9). Prints a table; exits 1 over budget.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { builtPages } from "../build/lib/built-pages.ts";
import { brotli } from "../build/lib/precompress.ts";

const KIB = 1024;
export const BUDGET = { js: 100 * KIB, css: 20 * KIB, fonts: 60 * KIB } as const;
/**
 * Script files per route before hydration. Each costs the phone's main thread
 * a request and, per level of imports, a round trip; vite.config.ts groups
 * shared code so that a route needs six. Twenty-seven was the count
 * before that grouping.
 */
export const MAX_SCRIPTS = 8;
/** What a route may fetch on demand once it is up (its dynamic imports and theirs, less what it already has). */
export const LATER_BUDGET = 40 * KIB;

const root = new URL("../..", import.meta.url).pathname;
const client = join(root, "build", "client");
const sizeCache = new Map<string, number>();

async function brotliSize(urlPath: string): Promise<number> {
  const cached = sizeCache.get(urlPath);
  if (cached !== undefined) return cached;
  const data = await readFile(join(client, urlPath));
  // woff2 is compressed already: its bytes are what travels.
  const size = urlPath.endsWith(".woff2") ? data.length : brotli(data).length;
  sizeCache.set(urlPath, size);
  return size;
}

function assetUrls(html: string): { js: string[]; css: string[]; fonts: string[] } {
  const urls = (pattern: RegExp) => [...new Set([...html.matchAll(pattern)].map((match) => match[1] ?? ""))];
  return {
    // Every script the page names: modulepreloads, module scripts and the inline entry's imports.
    js: urls(/["'](\/assets\/[^"']+\.js)["']/g),
    css: urls(/<link rel="stylesheet" href="(\/assets\/[^"]+\.css)"/g),
    fonts: urls(/href="(\/assets\/[^"]+\.woff2)"/g),
  };
}

const dynamicImportsCache = new Map<string, string[]>();

/** The /assets/ scripts a built chunk imports on demand (`import(`./x.js`)`, any quotes). */
async function dynamicImports(urlPath: string): Promise<string[]> {
  const cached = dynamicImportsCache.get(urlPath);
  if (cached) return cached;
  const code = await readFile(join(client, urlPath), "utf8");
  const found = [...code.matchAll(/import\(\s*[`"']\.\/([^`"']+\.js)[`"']\s*\)/g)].map((match) => `/assets/${match[1] ?? ""}`);
  dynamicImportsCache.set(urlPath, found);
  return found;
}

const staticImportsCache = new Map<string, string[]>();

/** The /assets/ scripts a built chunk imports statically (`from"./x.js"`, `import"./x.js"`). */
async function staticImports(urlPath: string): Promise<string[]> {
  const cached = staticImportsCache.get(urlPath);
  if (cached) return cached;
  const code = await readFile(join(client, urlPath), "utf8");
  const found = [...code.matchAll(/(?:from|import)\s*["']\.\/([^"']+\.js)["']/g)].map((match) => `/assets/${match[1] ?? ""}`);
  staticImportsCache.set(urlPath, found);
  return found;
}

/** The scripts plus everything they pull in before running. */
async function withStaticImports(scripts: string[]): Promise<string[]> {
  const seen = new Set<string>();
  const queue = [...scripts];
  while (queue.length) {
    const next = queue.shift() ?? "";
    if (seen.has(next)) continue;
    seen.add(next);
    queue.push(...(await staticImports(next)));
  }
  return [...seen];
}

function kib(bytes: number): string {
  return `${(bytes / KIB).toFixed(1)} KiB`;
}

/** Inline <style> elements travel inside the HTML: their compressed share counts as CSS. */
function inlineCssBytes(html: string): number {
  return [...html.matchAll(/<style(?:\s[^>]*)?>([\s\S]*?)<\/style>/g)]
    .map((match) => brotli(Buffer.from(match[1] ?? "")).length)
    .reduce((a, b) => a + b, 0);
}

const rows: { route: string; js: number; scripts: number; css: number; fonts: number; later: number }[] = [];
for (const { route, file } of await builtPages(client)) {
  const html = await readFile(file, "utf8");
  // The boot data sits in an attribute: its quotes are entities.
  const assets = assetUrls(html.replaceAll("&quot;", '"'));
  const sum = async (list: string[]) => (await Promise.all(list.map(brotliSize))).reduce((a, b) => a + b, 0);
  const scripts = await withStaticImports(assets.js);
  const onDemand = (await Promise.all(scripts.map(dynamicImports))).flat();
  const later = (await withStaticImports(onDemand)).filter((script) => !scripts.includes(script));
  rows.push({
    route,
    js: await sum(scripts),
    scripts: scripts.length,
    css: (await sum(assets.css)) + inlineCssBytes(html),
    fonts: await sum(assets.fonts),
    later: await sum(later),
  });
}

const over: string[] = [];
console.log(`${"route".padEnd(40)} ${"JS".padStart(10)} ${"files".padStart(6)} ${"CSS".padStart(10)} ${"fonts".padStart(10)} ${"JS later".padStart(10)}`);
for (const row of rows) {
  console.log(
    `${row.route.padEnd(40)} ${kib(row.js).padStart(10)} ${String(row.scripts).padStart(6)} ${kib(row.css).padStart(10)} ${kib(row.fonts).padStart(10)} ${(row.later ? kib(row.later) : "-").padStart(10)}`,
  );
  if (row.later > LATER_BUDGET) over.push(`${row.route}: JS loaded later ${kib(row.later)} > ${kib(LATER_BUDGET)}`);
  if (row.scripts > MAX_SCRIPTS) over.push(`${row.route}: ${row.scripts} script files > ${MAX_SCRIPTS}`);
  for (const kind of ["js", "css", "fonts"] as const) {
    if (row[kind] > BUDGET[kind]) over.push(`${row.route}: ${kind} ${kib(row[kind])} > ${kib(BUDGET[kind])}`);
  }
  if (row.js === 0 || row.css === 0) over.push(`${row.route}: no JS or CSS found; the measurement is broken`);
}
console.log(
  `budget (brotli): JS ${kib(BUDGET.js)} in at most ${MAX_SCRIPTS} files, CSS ${kib(BUDGET.css)}, fonts ${kib(BUDGET.fonts)} per route; JS loaded on demand after first paint ${kib(LATER_BUDGET)}`,
);
if (over.length) {
  console.error(`Over budget:\n  ${over.join("\n  ")}`);
  process.exit(1);
}
console.log(`budget: all ${rows.length} routes within budget`);
