import { describe, expect, it } from "vitest";
import { deferHydration, LOADER_SCRIPT } from "../../scripts/build/lib/defer-hydration.ts";

const MANIFEST = "/assets/manifest-09234e1e.js";
const ENTRY = "/assets/entry.client-Do4hFR8C.js";
const ROOT = "/assets/root-MgnbOHBE.js";
const HOME = "/assets/home-CXtEVx1a.js";
const PRELOADS = [MANIFEST, ENTRY, ROOT, HOME];

const PRELOAD_LINKS = PRELOADS.map((href) => `<link rel="modulepreload" href="${href}"/>`).join("");

/** React Router's inline bootstrap, exactly as a prerendered page has it. */
function bootstrap(routes: readonly { id: string; url: string }[] = [
  { id: "root", url: ROOT },
  { id: "routes/home", url: HOME },
]): string {
  const imports = routes.map((route, index) => `import * as route${index} from "${route.url}";`).join("\n");
  const modules = routes.map((route, index) => `${JSON.stringify(route.id)}:route${index}`).join(",");
  return `<script type="module" async="">import "${MANIFEST}";
${imports}
  
  window.__reactRouterRouteModules = {${modules}};

import("${ENTRY}");</script>`;
}

const HEAD_START =
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>Veilvault</title>' +
  '<link rel="preload" href="/assets/inter.woff2" as="font" type="font/woff2" crossorigin="anonymous"/>' +
  '<link rel="stylesheet" href="/assets/root-abc.css"/>';
const HEAD_END =
  '<script>document.documentElement.dataset.js="1"</script>' +
  '<script type="application/ld+json">{"@type":"Organization"}</script></head>' +
  '<body><main><h1>Data privacy vault</h1><p>Tokens &amp; policy</p></main>' +
  '<script>window.__reactRouterContext = {"basename":"/"};</script>';
const TAIL = "</body></html>";

function page(options: { links?: string; boot?: string; head?: string } = {}): string {
  return `${HEAD_START}${options.head ?? ""}${options.links ?? PRELOAD_LINKS}${HEAD_END}${options.boot ?? bootstrap()}${TAIL}`;
}

interface BootData {
  sideEffects: string[];
  routes: { id: string; url: string }[];
  entry: string;
}

const LOADER_TAG = /<script type="module" async="" data-boot="([^"]*)">([\s\S]*?)<\/script>/g;

function decodeAttribute(value: string): string {
  return value.replaceAll("&quot;", '"').replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&amp;", "&");
}

/** The single loader tag of a rewritten page: its raw attribute, decoded data and script text. */
function loaderOf(html: string): { raw: string; json: string; data: BootData; code: string } {
  const tags = [...html.matchAll(LOADER_TAG)];
  expect(tags).toHaveLength(1);
  const raw = tags[0]![1]!;
  const json = decodeAttribute(raw);
  return { raw, json, data: JSON.parse(json) as BootData, code: tags[0]![2]! };
}

describe("deferHydration", () => {
  const input = page();
  const output = deferHydration(input);

  it("removes every modulepreload link", () => {
    expect(input).toContain('rel="modulepreload"');
    expect(output).not.toMatch(/<link[^>]*modulepreload/);
  });

  it("leaves exactly one module script, whose text is the shared loader", () => {
    expect(output.match(/<script type="module"/g)).toHaveLength(1);
    expect(loaderOf(output).code).toBe(LOADER_SCRIPT);
  });

  it("no longer contains React Router's bootstrap", () => {
    expect(output).not.toContain("import * as route");
    expect(output).not.toContain(`import("${ENTRY}")`);
    expect(output).not.toContain('<script type="module" async="">');
  });

  it("carries the page's boot data in data-boot", () => {
    expect(loaderOf(output).data).toEqual({
      sideEffects: [MANIFEST],
      routes: [
        { id: "root", url: ROOT },
        { id: "routes/home", url: HOME },
      ],
      entry: ENTRY,
    });
  });

  it("escapes the boot data so that the attribute cannot end early", () => {
    const { raw } = loaderOf(output);
    expect(raw).not.toMatch(/["<>]/);
    expect(raw).toContain("&quot;entry&quot;");
  });

  it("escapes &, <, > and quotes in the data and decodes back to the same values", () => {
    const odd = "/assets/x&y<z>'q.js";
    const oddId = 'routes/a&b"<c>';
    const boot = bootstrap([
      { id: "root", url: ROOT },
      { id: oddId, url: odd },
    ]);
    const { raw, data } = loaderOf(deferHydration(page({ boot })));
    expect(raw).not.toMatch(/["<>]|&(?!quot;|amp;|lt;|gt;)/);
    expect(data.routes).toEqual([
      { id: "root", url: ROOT },
      { id: oddId, url: odd },
    ]);
  });

  it("does not treat $ sequences in the data as replacement patterns", () => {
    const url = "/assets/a-$&-$1-$$.js";
    const boot = bootstrap([{ id: "root", url }]);
    expect(loaderOf(deferHydration(page({ boot }))).data.routes).toEqual([{ id: "root", url }]);
  });

  it("leaves the rest of the page untouched", () => {
    const { raw } = loaderOf(output);
    const loaderTag = `<script type="module" async="" data-boot="${raw}">${LOADER_SCRIPT}</script>`;
    expect(output).toBe(`${HEAD_START}${HEAD_END}${loaderTag}${TAIL}`);
  });

  it("maps route ids in the order of window.__reactRouterRouteModules", () => {
    const boot = `<script type="module" async="">import "${MANIFEST}";
import * as route0 from "${ROOT}";
import * as route1 from "${HOME}";
window.__reactRouterRouteModules = {"routes/home":route1,"root":route0};
import("${ENTRY}");</script>`;
    expect(loaderOf(deferHydration(page({ boot }))).data.routes).toEqual([
      { id: "routes/home", url: HOME },
      { id: "root", url: ROOT },
    ]);
  });

  it("uses the same loader text on two different pages", () => {
    const other = deferHydration(
      page({
        links: `<link rel="modulepreload" href="/assets/other-1.js"/>`,
        boot: bootstrap([
          { id: "root", url: "/assets/root-2.js" },
          { id: "routes/features", url: "/assets/features-3.js" },
        ]),
      }),
    );
    const first = loaderOf(output);
    const second = loaderOf(other);
    expect(second.json).not.toBe(first.json);
    expect(second.code).toBe(first.code);
    expect(second.code).toBe(LOADER_SCRIPT);
  });

  it("produces a page whose only module script is the loader, the same text on every page (one CSP hash for the site)", () => {
    const modules = [...output.matchAll(/<script type="module"[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]);
    expect(modules).toEqual([LOADER_SCRIPT]);
  });

  describe("refuses markup it does not recognise", () => {
    it("throws when there is no bootstrap script", () => {
      expect(() => deferHydration(page({ boot: "" }))).toThrow(/one bootstrap script, found 4 and 0/);
    });

    it("throws when there are two bootstrap scripts", () => {
      expect(() => deferHydration(page({ boot: bootstrap() + bootstrap() }))).toThrow(/found 4 and 2/);
    });

    it("throws on an unexpected line inside the bootstrap", () => {
      const boot = bootstrap().replace(`import("${ENTRY}");`, `console.log("hi");\nimport("${ENTRY}");`);
      expect(() => deferHydration(page({ boot }))).toThrow(/unexpected line in React Router's bootstrap: console\.log/);
    });

    it("throws when the entry import is missing", () => {
      const boot = bootstrap().replace(`import("${ENTRY}");`, "");
      expect(() => deferHydration(page({ boot }))).toThrow(/missing its route modules or entry/);
    });

    it("throws when the route modules assignment is missing", () => {
      const boot = bootstrap().replace(/window\.__reactRouterRouteModules = .*;/, "");
      expect(() => deferHydration(page({ boot }))).toThrow(/missing its route modules or entry/);
    });

    it("throws when a route module has no import", () => {
      const boot = bootstrap().replace('"routes/home":route1', '"routes/home":route7');
      expect(() => deferHydration(page({ boot }))).toThrow(/route module route7 has no import/);
    });

    it("throws when there are no modulepreload links", () => {
      expect(() => deferHydration(page({ links: "" }))).toThrow(/found 0 and 1/);
    });

    it("throws on an empty document", () => {
      expect(() => deferHydration("")).toThrow(/defer-hydration/);
    });
  });
});

interface FakeLink {
  tag: string;
  rel?: string;
  href?: string;
}

interface FakeModule {
  url: string;
}

interface FakeWindow {
  __reactRouterRouteModules?: Record<string, unknown>;
}

type LoaderFunction = (
  document: unknown,
  window: FakeWindow,
  requestAnimationFrame: (callback: () => void) => void,
  setTimeout: (callback: () => void, ms: number) => number,
  clearTimeout: (id: number) => void,
  addEventListener: (type: string, listener: () => void) => void,
  PerformanceObserver: unknown,
  importModule: (url: string) => Promise<FakeModule>,
) => void;

type PaintCallback = (list: { getEntriesByName: (name: string) => unknown[] }) => void;

/** Runs LOADER_SCRIPT against fakes, with every frame, timer and import under the test's control. */
function runLoader(boot: string, { paintTiming = true } = {}) {
  const observers: { callback: PaintCallback; observed: unknown[]; disconnected: boolean }[] = [];
  class FakePerformanceObserver {
    static supportedEntryTypes = paintTiming ? ["paint", "largest-contentful-paint"] : ["mark"];
    private readonly record: (typeof observers)[number];
    constructor(callback: PaintCallback) {
      this.record = { callback, observed: [], disconnected: false };
      observers.push(this.record);
    }
    observe(options: unknown) {
      this.record.observed.push(options);
    }
    disconnect() {
      this.record.disconnected = true;
    }
  }
  const selectors: string[] = [];
  const head: FakeLink[] = [];
  const frames: (() => void)[] = [];
  const timers: { id: number; callback: () => void; ms: number }[] = [];
  const listeners: { type: string; listener: () => void }[] = [];
  const imported: string[] = [];
  const modules = new Map<string, FakeModule>();
  const pending: (() => void)[] = [];
  const win: FakeWindow = {};
  let autoResolve = true;
  let failWith: Error | null = null;

  const document = {
    querySelector(selector: string) {
      selectors.push(selector);
      return { dataset: { boot } };
    },
    createElement(tag: string): FakeLink {
      return { tag };
    },
    head: {
      append(node: FakeLink) {
        head.push(node);
      },
    },
  };

  const importModule = (url: string): Promise<FakeModule> => {
    imported.push(url);
    const module = { url };
    modules.set(url, module);
    return new Promise((resolve, reject) => {
      if (failWith) reject(failWith);
      else if (autoResolve) resolve(module);
      else pending.push(() => resolve(module));
    });
  };

  const code = LOADER_SCRIPT.replaceAll("import(", "__import(");
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the loader is shipped as text; this runs that exact text
  const loader = new Function(
    "document",
    "window",
    "requestAnimationFrame",
    "setTimeout",
    "clearTimeout",
    "addEventListener",
    "PerformanceObserver",
    "__import",
    code,
  ) as LoaderFunction;
  let nextTimer = 1;
  loader(
    document,
    win,
    (callback) => frames.push(callback),
    (callback, ms) => {
      timers.push({ id: nextTimer, callback, ms });
      return nextTimer++;
    },
    (id) => {
      const index = timers.findIndex((timer) => timer.id === id);
      if (index >= 0) timers.splice(index, 1);
    },
    (type, listener) => listeners.push({ type, listener }),
    FakePerformanceObserver,
    importModule,
  );

  return {
    selectors,
    head,
    frames,
    timers,
    imported,
    modules,
    win,
    holdImports() {
      autoResolve = false;
    },
    failImports(error: Error) {
      failWith = error;
    },
    /** The browser fires this event at the window. */
    fire(type: string) {
      for (const entry of listeners.filter((l) => l.type === type)) entry.listener();
    },
    resolvePending() {
      for (const resolve of pending.splice(0)) resolve();
    },
    observers,
    /** Runs the frame callbacks queued so far (not those they queue). */
    runFrame() {
      for (const callback of frames.splice(0)) callback();
    },
    /** The browser reports a paint entry by this name to every observer. */
    reportPaint(name: string) {
      for (const observer of observers.filter((o) => !o.disconnected)) {
        observer.callback({ getEntriesByName: (wanted) => (wanted === name ? [{ name }] : []) });
      }
    },
    /** Runs the timers queued with this delay. */
    runTimers(ms: number) {
      const due = timers.filter((timer) => timer.ms === ms);
      for (const timer of due) timers.splice(timers.indexOf(timer), 1);
      for (const timer of due) timer.callback();
    },
  };
}

async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

describe("LOADER_SCRIPT", () => {
  const boot = loaderOf(deferHydration(page())).json;

  it("has exactly two dynamic imports and no other import the fake could miss", () => {
    expect(LOADER_SCRIPT.split("import(")).toHaveLength(3);
    expect(LOADER_SCRIPT.replaceAll("import(", "__import(")).not.toMatch(/(^|[^_])import\b/);
  });

  it("reads its data from its own script[data-boot] tag", () => {
    const run = runLoader(boot);
    expect(run.selectors).toEqual(["script[data-boot]"]);
  });

  it("waits for the first contentful paint, observed with buffered paint timing", async () => {
    const run = runLoader(boot);
    expect(run.observers).toHaveLength(1);
    expect(run.observers[0]!.observed).toEqual([{ type: "paint", buffered: true }]);
    run.reportPaint("first-paint");
    run.runTimers(0);
    await settle();
    expect(run.imported).toEqual([]);
    expect(run.head).toEqual([]);

    run.reportPaint("first-contentful-paint");
    expect(run.observers[0]!.disconnected).toBe(true);
    // Started from a task after the paint, not inside the observer callback.
    expect(run.imported).toEqual([]);
    run.runTimers(0);
    expect(run.imported.length).toBeGreaterThan(0);
  });

  it("after the paint, imports side effects and routes, then the entry last, and adds no preload links", async () => {
    const run = runLoader(boot);
    run.reportPaint("first-contentful-paint");
    run.runTimers(0);

    expect(run.head).toEqual([]);
    expect(run.imported).toEqual([MANIFEST, ROOT, HOME]);

    await settle();
    expect(run.imported).toEqual([MANIFEST, ROOT, HOME, ENTRY]);
    expect(run.win.__reactRouterRouteModules).toEqual({ root: { url: ROOT }, "routes/home": { url: HOME } });
    expect(run.win.__reactRouterRouteModules?.root).toBe(run.modules.get(ROOT));
    expect(run.win.__reactRouterRouteModules?.["routes/home"]).toBe(run.modules.get(HOME));
  });

  it("without paint timing, waits two animation frames instead", async () => {
    const run = runLoader(boot, { paintTiming: false });
    expect(run.observers).toHaveLength(0);
    run.runFrame();
    await settle();
    expect(run.imported).toEqual([]);
    expect(run.frames).toHaveLength(1);
    run.runFrame();
    await settle();
    expect(run.imported).toEqual([MANIFEST, ROOT, HOME, ENTRY]);
  });

  it("sets the route modules and imports the entry only once every route module has loaded", async () => {
    const run = runLoader(boot);
    run.holdImports();
    run.reportPaint("first-contentful-paint");
    run.runTimers(0);
    await settle();
    expect(run.imported).toEqual([MANIFEST, ROOT, HOME]);
    expect(run.win.__reactRouterRouteModules).toBeUndefined();

    run.resolvePending();
    await settle();
    expect(run.win.__reactRouterRouteModules).toEqual({ root: { url: ROOT }, "routes/home": { url: HOME } });
    expect(run.imported).toEqual([MANIFEST, ROOT, HOME, ENTRY]);
  });

  it("falls back to a 1000 ms timeout when nothing is painted (hidden tab)", async () => {
    const run = runLoader(boot);
    expect(run.timers.map((timer) => timer.ms)).toEqual([1000]);
    run.runTimers(1000);
    await settle();
    expect(run.imported).toEqual([MANIFEST, ROOT, HOME, ENTRY]);
    expect(run.head).toEqual([]);
  });

  it("starts only once when both the paint and the timeout fire", async () => {
    const run = runLoader(boot);
    run.reportPaint("first-contentful-paint");
    run.runTimers(0);
    await settle();
    run.runTimers(1000);
    await settle();
    expect(run.imported).toEqual([MANIFEST, ROOT, HOME, ENTRY]);
    expect(run.head).toEqual([]);
  });

  it("starts only once when the timeout fires before the paint", async () => {
    const run = runLoader(boot);
    run.runTimers(1000);
    run.reportPaint("first-contentful-paint");
    run.runTimers(0);
    await settle();
    expect(run.imported).toEqual([MANIFEST, ROOT, HOME, ENTRY]);
    expect(run.head).toEqual([]);
  });

  it("reports a failed import only if the page is still open 3 s later, never when the visitor left", async () => {
    const failure = new TypeError("error loading dynamically imported module");
    const left = runLoader(boot);
    left.failImports(failure);
    left.runTimers(1000);
    await settle();
    expect(left.timers.map((timer) => timer.ms)).toEqual([3000]);
    left.fire("pagehide");
    expect(left.timers).toEqual([]);

    const stayed = runLoader(boot);
    stayed.failImports(failure);
    stayed.runTimers(1000);
    await settle();
    expect(() => {
      stayed.runTimers(3000);
    }).toThrow(failure);
  });
});
