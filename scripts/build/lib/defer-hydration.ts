/**
 * Rewrites React Router's bootstrap in a prerendered page so that its scripts
 * start downloading only after the first frame is painted.
 *
 * Why: the page paints from its HTML and inline CSS alone; nothing in the first
 * paint needs JavaScript. React Router's <link rel="modulepreload"> tags and
 * its inline module script start 100+ KiB of downloads while the HTML is still
 * parsing, and on a slow phone link those compete with the HTML and the font
 * for the first paint. Waiting for the first contentful paint costs a frame or
 * two before hydration.
 *
 * The preloads are dropped, not re-added by the loader: measured with
 * Lighthouse, creating a dozen preload links in one go was itself a long task
 * (up to 120 ms at 4x CPU slowdown), and letting each import discover its own
 * dependencies spreads that work out. The cost is a later hydration, not a later
 * paint.
 *
 * The rewrite is strict: if React Router's markup ever changes shape, the build
 * fails here rather than shipping a page that never hydrates.
 */

import { FAILED_IMPORT_GRACE_MS } from "../../../app/lib/leaving-page.ts";

const MODULEPRELOAD = /<link rel="modulepreload" href="([^"]+)"\/>/g;
const BOOTSTRAP = /<script type="module" async="">([\s\S]*?)<\/script>/g;
const SIDE_EFFECT_IMPORT = /^import "([^"]+)";$/;
const NAMESPACE_IMPORT = /^import \* as (route\d+) from "([^"]+)";$/;
const ROUTE_MODULES = /^window\.__reactRouterRouteModules = (\{.*\});$/;
const ENTRY_IMPORT = /^import\("([^"]+)"\);$/;

interface Bootstrap {
  sideEffects: string[];
  routes: { name: string; url: string }[];
  routeModules: string;
  entry: string;
}

function parseBootstrap(code: string): Bootstrap {
  const parsed: Bootstrap = { sideEffects: [], routes: [], routeModules: "", entry: "" };
  for (const line of code.split("\n").map((text) => text.trim()).filter(Boolean)) {
    const sideEffect = SIDE_EFFECT_IMPORT.exec(line);
    const namespace = NAMESPACE_IMPORT.exec(line);
    const modules = ROUTE_MODULES.exec(line);
    const entry = ENTRY_IMPORT.exec(line);
    if (sideEffect?.[1]) parsed.sideEffects.push(sideEffect[1]);
    else if (namespace?.[1] && namespace[2]) parsed.routes.push({ name: namespace[1], url: namespace[2] });
    else if (modules?.[1]) parsed.routeModules = modules[1];
    else if (entry?.[1]) parsed.entry = entry[1];
    else throw new Error(`defer-hydration: unexpected line in React Router's bootstrap: ${line}`);
  }
  if (!parsed.routeModules || !parsed.entry || parsed.routes.length === 0) {
    throw new Error("defer-hydration: React Router's bootstrap is missing its route modules or entry");
  }
  return parsed;
}

/** What one page needs to boot, as data: the loader itself is the same on every page. */
interface BootData {
  sideEffects: string[];
  routes: { id: string; url: string }[];
  entry: string;
}

function bootData(boot: Bootstrap): BootData {
  const modules = JSON.parse(boot.routeModules.replace(/:(route\d+)/g, ':"$1"')) as Record<string, string>;
  const urlByName = new Map(boot.routes.map((route) => [route.name, route.url]));
  const routes = Object.entries(modules).map(([id, name]) => {
    const url = urlByName.get(name);
    if (!url) throw new Error(`defer-hydration: route module ${name} has no import`);
    return { id, url };
  });
  return { sideEffects: boot.sideEffects, routes, entry: boot.entry };
}

/**
 * The loader, identical on every page so that one CSP hash covers the whole
 * site. It reads its page's data from the data-boot attribute of its own tag.
 */
export const LOADER_SCRIPT = [
  `const boot=JSON.parse(document.querySelector("script[data-boot]").dataset.boot);`,
  `let started=false;`,
  `const start=()=>{if(started)return;started=true;`,
  `Promise.all([...boot.sideEffects,...boot.routes.map(r=>r.url)].map(u=>import(u))).then(modules=>{`,
  `const routeModules={};boot.routes.forEach((r,i)=>{routeModules[r.id]=modules[boot.sideEffects.length+i]});`,
  `window.__reactRouterRouteModules=routeModules;`,
  `return import(boot.entry)})`,
  // A visitor who leaves before hydration aborts these downloads, and every
  // engine would log the failed imports as errors. A real failure (a file
  // missing after a deploy) is still reported, once the page has stayed a
  // moment; meanwhile the page works as the static HTML it already is. The
  // same rule, for imports after hydration: app/lib/leaving-page.ts.
  `.catch(e=>{const t=setTimeout(()=>{throw e},${FAILED_IMPORT_GRACE_MS});addEventListener("pagehide",()=>clearTimeout(t))})};`,
  // Hidden tabs neither paint nor get frames; start anyway after a second.
  `setTimeout(start,1000);`,
  // After the browser reports the first contentful paint (paint timing, in every
  // current engine); where it cannot, after two frames, the first one painted.
  `if(PerformanceObserver.supportedEntryTypes?.includes("paint")){`,
  `const observer=new PerformanceObserver(list=>{if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();setTimeout(start,0)}});`,
  `observer.observe({type:"paint",buffered:true})`,
  `}else requestAnimationFrame(()=>requestAnimationFrame(start));`,
].join("");

function attribute(value: string): string {
  return value.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}

/** Returns the page with its module preloads removed and its bootstrap deferred past the first paint. */
export function deferHydration(html: string): string {
  const preloads = [...html.matchAll(MODULEPRELOAD)].map((match) => match[1] ?? "");
  const bootstraps = [...html.matchAll(BOOTSTRAP)];
  if (preloads.length === 0 || bootstraps.length !== 1 || !bootstraps[0]) {
    throw new Error(
      `defer-hydration: expected module preloads and one bootstrap script, found ${preloads.length} and ${bootstraps.length}`,
    );
  }
  const data = bootData(parseBootstrap(bootstraps[0][1] ?? ""));
  return html
    .replace(MODULEPRELOAD, "")
    .replace(
      BOOTSTRAP,
      () => `<script type="module" async="" data-boot="${attribute(JSON.stringify(data))}">${LOADER_SCRIPT}</script>`,
    );
}
