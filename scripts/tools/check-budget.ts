/**
 * The byte budget (brotli) of what each route makes the browser download
 * before any interaction (PERF-1): the script its HTML names and everything
 * that imports statically, its stylesheets (inline or linked), and the fonts
 * it preloads, and how many script files that is; apart, what its scripts
 * import on demand (islands that hydrate when idle or on first interaction,
 * the playground's tool); and the home page's HTML. Each kind of page has its
 * own budget (BUDGETS). Prints a table; exits 1 over budget.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { familyPages } from "../../app/site/pages.ts";
import { builtPages } from "../build/lib/built-pages.ts";
import { brotli } from "../build/lib/precompress.ts";

const KIB = 1024;

/** What a page is, for its budget: what its islands let it need. */
export type PageKind = "content" | "widget" | "form" | "playground";

/** JavaScript before any interaction, and on demand, per kind of page. */
export const BUDGETS: Record<PageKind, { js: number; later: number }> = {
  content: { js: 16 * KIB, later: 6 * KIB },
  widget: { js: 18 * KIB, later: 6 * KIB },
  form: { js: 18 * KIB, later: 6 * KIB },
  playground: { js: 17 * KIB, later: 32 * KIB },
};
export const CSS_BUDGET = 20 * KIB;
export const FONT_BUDGET = 60 * KIB;
/** The home page's HTML, brotli: the first thing every new visitor downloads. */
export const HOME_HTML_BUDGET = 21 * KIB;
/**
 * Script files per route before any interaction: the page's entry, the chunk
 * every page shares and the chunk some pages share (scripts/build/lib/islands.ts).
 * Each level of imports costs a phone a round trip.
 */
export const MAX_SCRIPTS = 3;

const WIDGET_PAGES = new Set<string>(["/", "/use-case", ...familyPages("landing")]);
const FORM_PAGES = new Set<string>(["/get-in-touch", "/company", "/trust"]);

export function pageKind(route: string): PageKind {
  if (route === "/playground") return "playground";
  if (FORM_PAGES.has(route)) return "form";
  if (WIDGET_PAGES.has(route)) return "widget";
  return "content";
}

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

const rows: { route: string; kind: PageKind; js: number; scripts: number; css: number; fonts: number; later: number; html: number }[] = [];
for (const { route, file } of await builtPages(client)) {
  const html = await readFile(file, "utf8");
  const assets = assetUrls(html);
  const sum = async (list: string[]) => (await Promise.all(list.map(brotliSize))).reduce((a, b) => a + b, 0);
  const scripts = await withStaticImports(assets.js);
  const onDemand = (await Promise.all(scripts.map(dynamicImports))).flat();
  const later = (await withStaticImports(onDemand)).filter((script) => !scripts.includes(script));
  rows.push({
    route,
    kind: pageKind(route),
    html: brotli(Buffer.from(html)).length,
    js: await sum(scripts),
    scripts: scripts.length,
    css: (await sum(assets.css)) + inlineCssBytes(html),
    fonts: await sum(assets.fonts),
    later: await sum(later),
  });
}

const over: string[] = [];
console.log(
  `${"route".padEnd(46)} ${"kind".padEnd(10)} ${"JS".padStart(10)} ${"files".padStart(6)} ${"JS later".padStart(10)} ${"CSS".padStart(10)} ${"fonts".padStart(10)} ${"HTML".padStart(10)}`,
);
for (const row of rows) {
  const budget = BUDGETS[row.kind];
  console.log(
    `${row.route.padEnd(46)} ${row.kind.padEnd(10)} ${kib(row.js).padStart(10)} ${String(row.scripts).padStart(6)} ${(row.later ? kib(row.later) : "-").padStart(10)} ${kib(row.css).padStart(10)} ${kib(row.fonts).padStart(10)} ${kib(row.html).padStart(10)}`,
  );
  if (row.js > budget.js) over.push(`${row.route} (${row.kind}): JS ${kib(row.js)} > ${kib(budget.js)}`);
  if (row.later > budget.later) over.push(`${row.route} (${row.kind}): JS on demand ${kib(row.later)} > ${kib(budget.later)}`);
  if (row.scripts > MAX_SCRIPTS) over.push(`${row.route}: ${row.scripts} script files > ${MAX_SCRIPTS}`);
  if (row.css > CSS_BUDGET) over.push(`${row.route}: CSS ${kib(row.css)} > ${kib(CSS_BUDGET)}`);
  if (row.fonts > FONT_BUDGET) over.push(`${row.route}: fonts ${kib(row.fonts)} > ${kib(FONT_BUDGET)}`);
  if (row.route === "/" && row.html > HOME_HTML_BUDGET) over.push(`/: HTML ${kib(row.html)} > ${kib(HOME_HTML_BUDGET)}`);
  if (row.js === 0 || row.css === 0) over.push(`${row.route}: no JS or CSS found; the measurement is broken`);
}
console.log(
  `budget (brotli), JS before any interaction + on demand: ${(Object.keys(BUDGETS) as PageKind[]).map((kind) => `${kind} ${kib(BUDGETS[kind].js)} + ${kib(BUDGETS[kind].later)}`).join(", ")}; ` +
    `at most ${MAX_SCRIPTS} script files; CSS ${kib(CSS_BUDGET)}, fonts ${kib(FONT_BUDGET)} per route; home HTML ${kib(HOME_HTML_BUDGET)}`,
);
if (over.length) {
  console.error(`Over budget:\n  ${over.join("\n  ")}`);
  process.exit(1);
}
console.log(`budget: all ${rows.length} routes within budget`);
