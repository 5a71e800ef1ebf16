/**
 * What a page's scripts cost a phone's main thread, measured in the page: the
 * tie-breaker for when Lighthouse's TBT swings on this machine (issue 44,
 * ADR 0010). Chromium at 4× CPU slowdown and a phone's viewport loads each
 * route in pairs: the page as it is, and the same page with every `*.js`
 * request blocked (the floor, what the machine and the HTML cost without our
 * scripts). Per load:
 * - script time: `Performance.getMetrics`' ScriptDuration (the whole load);
 * - blocking time after the first contentful paint: Σ (long task − 50 ms) over
 *   the tasks a `longtask` PerformanceObserver saw, clipped to [FCP, end] as
 *   Lighthouse clips TBT;
 * - the longest task in that window;
 * where the end is when the page is quiet: `<html data-hydrated>` set (the page;
 * the old whole-document build sets it too) or the load event (the floor, which
 * has no script to set it), then 1 s with no long task.
 * Prints per route the median of page − floor over the pairs, with min–max;
 * writes every load to reports/bench-blocking/.
 *
 *   npm run bench:blocking [-- --runs 7 --routes /,/company --origin old=http://127.0.0.1:4400 --origin http://… --label now]
 *
 * Without --origin it serves this checkout's build. Several --origin (each
 * `label=url`, or a url named by the --label at the same place) are measured in
 * the same rounds, so builds compared in one run see the same machine load.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { parseArgs } from "node:util";
import puppeteer, { type Browser } from "puppeteer-core";
import { CHROMIUM_FLAGS, chromiumPath } from "./lib/chromium.ts";
import { serveBuild, type RunningServer } from "./lib/serve-build.ts";

type Variant = "page" | "floor";

/** A slow phone, as Lighthouse's mobile preset has it: 4× CPU slowdown. */
const CPU_SLOWDOWN = 4;
const VIEWPORT = { width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
/** A task is "long" from 50 ms; what it runs beyond that blocks input (TBT's definition). */
const BLOCKING_THRESHOLD = 50;
/** Quiet: this long without a long task after the page said it is done. */
const QUIET_MS = 1000;
/** One kind of page each: content, blog, form, chrome only, widget, playground, Trust Center. */
const DEFAULT_ROUTES = ["/", "/compliance/gdpr", "/blog/tokenization-vs-encryption", "/get-in-touch", "/company", "/use-cases/generative-ai-workflow", "/playground", "/trust"];

/** What the init script keeps in the page, read back at the end of a load. */
interface InPage {
  tasks: { start: number; duration: number }[];
  fcp: number | undefined;
  lastTaskEnd: number;
}
declare global {
  interface Window {
    __blocking?: InPage;
  }
}

interface Load {
  script: number;
  blocking: number;
  longest: number;
  /** Whether the page set `data-hydrated` (the floor never does). */
  hydrated: boolean;
  errors: string[];
}
interface Pair {
  page: Load;
  floor: Load;
}
interface Target {
  label: string;
  origin: string;
}

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "7" },
    routes: { type: "string" },
    origin: { type: "string", multiple: true },
    label: { type: "string", multiple: true },
    port: { type: "string", default: "4381" },
  },
});
const runs = Number(values.runs);
const routes = values.routes ? values.routes.split(",") : DEFAULT_ROUTES;
const labels = values.label ?? [];
const root = new URL("../..", import.meta.url).pathname;

/**
 * Registered before any of the page's code: long tasks and the first
 * contentful paint from the start (buffered), and when the last long task
 * ended, so the harness can tell when the page has gone quiet.
 */
function observe(): void {
  const state: InPage = { tasks: [], fcp: undefined, lastTaskEnd: 0 };
  window.__blocking = state;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      state.tasks.push({ start: entry.startTime, duration: entry.duration });
      state.lastTaskEnd = Math.max(state.lastTaskEnd, entry.startTime + entry.duration);
    }
  }).observe({ type: "longtask", buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === "first-contentful-paint") state.fcp = entry.startTime;
  }).observe({ type: "paint", buffered: true });
}

/** Blocking time and longest task of the tasks overlapping [from, to], each clipped to it (as Lighthouse's TBT). */
function blockingAfter(tasks: InPage["tasks"], from: number, to: number): { blocking: number; longest: number } {
  let blocking = 0;
  let longest = 0;
  for (const task of tasks) {
    const clipped = Math.min(task.start + task.duration, to) - Math.max(task.start, from);
    if (clipped < BLOCKING_THRESHOLD) continue;
    blocking += clipped - BLOCKING_THRESHOLD;
    longest = Math.max(longest, clipped);
  }
  return { blocking, longest };
}

/**
 * One load in a fresh browser context: an empty cache, as a first visit, and
 * no state left over from the page measured before it.
 */
async function measure(browser: Browser, url: string, variant: Variant): Promise<Load> {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.setViewport(VIEWPORT);
    const cdp = await page.createCDPSession();
    // Both variants get the same instrumentation, so it costs both the same.
    await cdp.send("Network.enable");
    if (variant === "floor") await cdp.send("Network.setBlockedURLs", { urlPatterns: [{ urlPattern: "*://*:*/*.js", block: true }] });
    await cdp.send("Performance.enable");
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    await page.evaluateOnNewDocument(observe);

    const errors: string[] = [];
    let scriptsLoaded = 0;
    page.on("pageerror", (error) => errors.push(`[pageerror] ${error instanceof Error ? error.message : String(error)}`));
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(`[console] ${message.text()}`);
    });
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") scriptsLoaded += 1;
    });

    await page.goto(url, { waitUntil: "load", timeout: 60_000 });
    // The page's own "done" (every island live, or the whole document hydrated);
    // the floor has no script to say it, and its load event is its done. Same
    // polling for both, so the harness's own work is the same.
    const hydrated = await page
      .waitForFunction((isPage: boolean) => !isPage || document.documentElement.hasAttribute("data-hydrated"), { polling: 100, timeout: 20_000 }, variant === "page")
      .then(
        () => variant === "page",
        () => false,
      );
    const done = await page.evaluate(() => performance.now());
    await page
      .waitForFunction((since: number, quiet: number) => performance.now() - Math.max(since, window.__blocking?.lastTaskEnd ?? 0) >= quiet, { polling: 100, timeout: 15_000 }, done, QUIET_MS)
      .catch(() => errors.push("[bench] never quiet for 1 s within 15 s"));
    const state = await page.evaluate(() => ({ ...(window.__blocking ?? { tasks: [], fcp: undefined, lastTaskEnd: 0 }), now: performance.now() }));
    const { metrics } = await cdp.send("Performance.getMetrics");
    const script = (metrics.find((metric) => metric.name === "ScriptDuration")?.value ?? Number.NaN) * 1000;

    // A floor that ran a script file, or a page with no first paint, would make the difference meaningless.
    if (variant === "floor" && scriptsLoaded > 0) throw new Error(`${url}: the floor loaded ${String(scriptsLoaded)} script(s) despite the block`);
    if (state.fcp === undefined) throw new Error(`${url} (${variant}): no first contentful paint`);
    if (variant === "page" && !hydrated) errors.push("[bench] no data-hydrated within 20 s");
    return { script, ...blockingAfter(state.tasks, state.fcp, state.now), hydrated, errors };
  } finally {
    await context.close();
  }
}

function median(numbers: number[]): number {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const at = (index: number) => sorted[index] ?? Number.NaN;
  return sorted.length % 2 ? at(middle) : (at(middle - 1) + at(middle)) / 2;
}

const signed = (value: number) => `${value >= 0 ? "+" : ""}${String(Math.round(value))}`;

/** Median of page − floor, with min–max over the pairs. */
function delta(pairs: Pair[], metric: "script" | "blocking" | "longest"): string {
  const differences = pairs.map((pair) => pair.page[metric] - pair.floor[metric]);
  return `${signed(median(differences))} (${signed(Math.min(...differences))} to ${signed(Math.max(...differences))})`;
}

function targetsFromArgs(): Target[] {
  return (values.origin ?? []).map((value, index) => {
    const named = /^([\w.-]+)=(https?:\/\/.+)$/.exec(value);
    return named ? { label: named[1] ?? "", origin: (named[2] ?? "").replace(/\/$/, "") } : { label: labels[index] ?? value, origin: value.replace(/\/$/, "") };
  });
}

let server: RunningServer | undefined;
let targets = targetsFromArgs();
if (targets.length === 0) {
  server = await serveBuild(Number(values.port));
  targets = [{ label: labels[0] ?? "this build", origin: server.origin }];
}
const browser = await puppeteer.launch({
  browser: "chrome",
  executablePath: chromiumPath(),
  headless: true,
  args: CHROMIUM_FLAGS,
  protocolTimeout: 120_000,
});
const results = new Map<string, Pair[]>();
const key = (target: Target, route: string) => `${target.label} ${route}`;

try {
  for (let run = 0; run < runs; run += 1) {
    for (const route of routes) {
      // Rotate which build goes first, and alternate page and floor, so neither
      // always takes the cold server or the warm one.
      const order = targets.map((_, index) => targets[(index + run) % targets.length] ?? targets[0]);
      for (const target of order) {
        if (!target) continue;
        const variants: Variant[] = run % 2 ? ["floor", "page"] : ["page", "floor"];
        const measured: Partial<Record<Variant, Load>> = {};
        for (const variant of variants) measured[variant] = await measure(browser, `${target.origin}${route}`, variant);
        const { page, floor } = measured;
        if (!page || !floor) continue;
        for (const error of page.errors) process.stderr.write(`${target.label} ${route} run ${String(run + 1)}: ${error}\n`);
        results.set(key(target, route), [...(results.get(key(target, route)) ?? []), { page, floor }]);
      }
    }
    process.stderr.write(`round ${String(run + 1)} of ${String(runs)} done\n`);
  }
} finally {
  await browser.close();
  server?.stop();
}

console.log(`\nIn-page blocking at ${String(CPU_SLOWDOWN)}× CPU, ${String(VIEWPORT.width)}×${String(VIEWPORT.height)} px, ${String(runs)} pair(s) per route and build.`);
console.log("Δ is page − the same page with every *.js blocked, per pair: median (min to max), ms. Blocking time and longest task count from the first contentful paint.\n");
console.log("| build | route | script Δ | blocking Δ | longest task Δ | floor blocking | hydrated | page errors |");
console.log("|---|---|---|---|---|---|---|---|");
for (const target of targets) {
  for (const route of routes) {
    const pairs = results.get(key(target, route)) ?? [];
    if (!pairs.length) continue;
    const floorBlocking = pairs.map((pair) => pair.floor.blocking);
    const hydrated = pairs.filter((pair) => pair.page.hydrated).length;
    const errors = pairs.reduce((sum, pair) => sum + pair.page.errors.length, 0);
    console.log(
      `| ${target.label} | ${route} | ${delta(pairs, "script")} | ${delta(pairs, "blocking")} | ${delta(pairs, "longest")} | ${String(Math.round(median(floorBlocking)))} | ${String(hydrated)}/${String(pairs.length)} | ${String(errors)} |`,
    );
  }
}

const outDir = join(root, "reports", "bench-blocking");
await mkdir(outDir, { recursive: true });
const file = join(outDir, `${targets.map((target) => target.label.replace(/[^\w.-]/g, "_")).join("+")}-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
await writeFile(file, `${JSON.stringify({ runs, cpuSlowdown: CPU_SLOWDOWN, viewport: VIEWPORT, targets, results: Object.fromEntries(results) }, null, 2)}\n`);
console.log(`\nEvery load: ${file.slice(root.length)}`);
