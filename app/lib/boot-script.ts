import { CONSENT_STORAGE, consentFromStorage, type ConsentStorage } from "./consent.ts";
import { VISITOR_INPUT } from "./scroll.ts";
import { WEB_FONT_CLASS, webFontExpected } from "./web-font.ts";

/**
 * What the head script does before the first paint: marks <html> with the
 * `js` class, with the web-font class where Inter is expected in the cache
 * (app/lib/web-font.ts) and, when the visitor must be asked, with
 * data-consent="ask".
 * Like everything it calls, it names nothing outside its arguments.
 *
 * A page opened at an anchor (/#faqs) also gets data-render-all before the
 * first layout: every block is laid out for real (app.css .render-when-near),
 * so the browser's own jump to the anchor lands on it in every engine. The
 * visitor's first scrolling input is marked (data-visitor-scrolled), so that
 * settleLandingAnchor (app/lib/scroll.ts) never pulls them back.
 */
function bootDocument(
  root: HTMLElement,
  visitorInput: readonly string[],
  readChoice: typeof consentFromStorage,
  keys: ConsentStorage,
  fontExpected: typeof webFontExpected,
  fontClass: string,
): void {
  root.classList.add("js");
  // Typed as always there, but the unit tests' fake window has no performance.
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
  const navigation = window.performance?.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
  if (fontExpected(document.referrer, window.location.origin, navigation?.type)) root.classList.add(fontClass);
  if (window.location.hash.length > 1) {
    root.dataset.renderAll = "";
    const markScrolled = () => {
      root.dataset.visitorScrolled = "";
    };
    for (const type of visitorInput) window.addEventListener(type, markScrolled, { once: true, passive: true });
  }
  let storage: Storage | null = null;
  try {
    storage = window.localStorage;
  } catch {
    // blocked storage: the visitor is asked
  }
  if (!readChoice(storage, Date.now(), keys)) root.dataset.consent = "ask";
  // A cross-document view transition (app.css) that the visitor cuts short by moving on rejects its
  // promises; handled here, before the page is revealed, that is no error on the console.
  window.onpagereveal = (event) => {
    const transition = event.viewTransition;
    for (const settled of [transition?.ready, transition?.finished, transition?.updateCallbackDone]) settled?.catch(() => undefined);
  };
}

/**
 * The inline <head> script, generated from bootDocument and the functions it
 * is given when the pages are prerendered; the build minifies it
 * (scripts/build/lib/head-script.ts) and hashes it into the page
 * CSP. Only the prerender imports this module: the browser keeps the text it
 * has (app/root.tsx), so none of this is in the page's JavaScript.
 */
export const headBootScript = `(${bootDocument.toString()})(document.documentElement,${JSON.stringify(VISITOR_INPUT)},${consentFromStorage.toString()},${JSON.stringify(CONSENT_STORAGE)},${webFontExpected.toString()},${JSON.stringify(WEB_FONT_CLASS)})`;
