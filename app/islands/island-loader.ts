/**
 * The page's script starts downloading only after the first paint (PERF-3).
 * A `<script type="module" src>` in the HTML is found by the browser's
 * preload scanner and fetched while the page is still being drawn; on a slow
 * phone link it then competes with the HTML for the first paint (Lighthouse's
 * mobile profile put LCP up to 0.46 s after its floor). So the page names its
 * script in a data attribute of this small inline script, the same text on
 * every page (one CSP hash), which imports it once the first contentful paint
 * is reported (already, or later), after two frames where an engine reports
 * no paint, after a second in a hidden tab, and at the latest after three. A failed import (a visitor leaving
 * meanwhile cancels it) is reported only if the page stays (SITE-14).
 */
import { FAILED_IMPORT_GRACE_MS } from "../lib/leaving-page.ts";

/** How long the loader waits for the first paint's report before starting anyway. */
const PAINT_REPORT_LIMIT_MS = 3000;

/** The attribute of the loader's tag that names the page's script. */
export const ISLANDS_SCRIPT_ATTRIBUTE = "data-islands";

/**
 * Written out as text, not a function's source: the build, the tests and the
 * browser must all see the very same characters, whose hash the CSP holds.
 */
export const ISLAND_LOADER_SCRIPT = [
  `(()=>{const src=document.currentScript.getAttribute(${JSON.stringify(ISLANDS_SCRIPT_ATTRIBUTE)});let started=false;`,
  `const start=()=>{if(started)return;started=true;`,
  `import(src).catch(e=>{const t=setTimeout(()=>{throw e},${FAILED_IMPORT_GRACE_MS});addEventListener("pagehide",()=>clearTimeout(t))})};`,
  // Hidden tabs neither paint nor get frames.
  `if(document.visibilityState==="hidden")setTimeout(start,1000);`,
  // Where an engine reports no paint: two frames, the first of them painted.
  `if(!PerformanceObserver.supportedEntryTypes.includes("paint")){requestAnimationFrame(()=>requestAnimationFrame(()=>setTimeout(start,0)));return}`,
  // Should a report never come, the page still comes alive.
  `setTimeout(start,${PAINT_REPORT_LIMIT_MS});`,
  `if(performance.getEntriesByName("first-contentful-paint").length){setTimeout(start,0);return}`,
  `const o=new PerformanceObserver(l=>{if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();setTimeout(start,0)}});`,
  `o.observe({type:"paint",buffered:true})})()`,
].join("");
