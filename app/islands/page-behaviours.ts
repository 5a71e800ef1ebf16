/**
 * What every page does with script besides its islands, none of it drawn by
 * React: links load documents, so the browser does most of what a client
 * router did, and these few listeners do the rest.
 */
import { watchInView, WATCH_IN_VIEW } from "../lib/in-view.ts";
import { drawEveryBlock, hashTarget, scrollForLocation, settleLandingAnchor } from "../lib/scroll.ts";
import { WEB_FONT_FAMILY } from "../lib/web-font.ts";

/**
 * A click on a link to the page already open scrolls smoothly, where the
 * visitor has not asked for less motion, to the section its anchor names or
 * else to the top (NAV-12, NAV-14, NAV-15), instead of the browser's instant
 * jump or a fresh load of the same page; blocks far down are laid out only as
 * they come near, so the landing is watched until it rests in place
 * (app/lib/scroll.ts). Files, downloads, new tabs, other origins and modified
 * clicks stay the browser's.
 */
function onLinkToThisPage(event: MouseEvent): void {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const anchor = event.target instanceof Element ? event.target.closest("a[href]") : null;
  if (!(anchor instanceof HTMLAnchorElement) || (anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return;
  const url = new URL(anchor.href);
  if (url.origin !== location.origin || url.pathname !== location.pathname || url.search !== location.search) return;
  const target = hashTarget(url.hash);
  // An anchor this page lacks is the browser's to follow.
  if (url.hash && !target) return;
  event.preventDefault();
  if (url.href !== location.href) history.pushState(history.state, "", url.href);
  scrollForLocation(url.hash);
  // As the browser's own jump would: a target that takes focus (the skip link's <main>) gets it.
  if (target && (target.tabIndex >= 0 || target.hasAttribute("tabindex"))) target.focus({ preventScroll: true });
}

/**
 * A page the browser prerendered (Speculation Rules) was requested with
 * `Sec-Purpose: prefetch;prerender`, which the server does not count as a
 * visit, since most are never shown. Once shown, it asks for itself again, a
 * conditional request the cache answers with 304, so the visit is counted as
 * the page's own load would have been (ANA-1), from the page it was opened on.
 */
function countOnceShown(): void {
  if (!(document as Document & { prerendering?: boolean }).prerendering) return;
  document.addEventListener(
    "prerenderingchange",
    () => void fetch(location.href, { cache: "no-cache", referrer: document.referrer || "about:client" }).catch(() => undefined),
    { once: true },
  );
}

/** Starts the page's own behaviours; runs before the first island hydrates. */
export function startPageBehaviours(): void {
  countOnceShown();
  // Diagrams move only while on screen (app.css).
  for (const element of document.querySelectorAll(`[${WATCH_IN_VIEW}]`)) watchInView(element);
  settleLandingAnchor(location.hash);
  document.addEventListener("click", onLinkToThisPage);
  // Tab scrolls to the next control, measured past blocks not drawn yet (a section with nothing to
  // focus is jumped over unseen); taking their real heights then pushed it off screen, its focus ring
  // with it. Drawn for real before the focus moves, once: a switch back and forth would move the page
  // under a later click (contained blocks lay out differently).
  document.addEventListener("keydown", (event) => event.key === "Tab" && drawEveryBlock());
  // An anchor typed into the address bar: the browser jumps, and the landing is watched until it rests in place.
  window.addEventListener("hashchange", () => scrollForLocation(location.hash));
}

/** The web font's file, as the page's own stylesheet names it. */
function webFontUrl(): string | undefined {
  for (const sheet of document.styleSheets) {
    for (const rule of sheet.cssRules) {
      if (!(rule instanceof CSSFontFaceRule) || rule.style.getPropertyValue("font-family").replaceAll('"', "") !== WEB_FONT_FAMILY) continue;
      const url = /url\("?([^")]+)"?\)/.exec(rule.style.getPropertyValue("src"))?.[1];
      if (url) return new URL(url, document.baseURI).href;
    }
  }
  return undefined;
}

/**
 * Fetches the web font into the cache for the pages that follow. A prefetch
 * where the engine has one: a visitor who leaves the page meanwhile cancels
 * it silently, where Firefox reports a cancelled font load as failed and
 * WebKit a cancelled fetch as refused. WebKit has no prefetch, and loads the
 * face itself, which it cancels silently.
 */
function fetchWebFont(): void {
  const font = webFontUrl();
  if (!font) return;
  const link = document.createElement("link");
  if (link.relList.supports("prefetch")) {
    Object.assign(link, { rel: "prefetch", href: font, as: "font", type: "font/woff2" });
    document.head.append(link);
  } else if ("fonts" in document) {
    void document.fonts.load(`1em "${WEB_FONT_FAMILY}"`).catch(() => undefined);
  }
}

/**
 * Once the page's islands are live: the web font is fetched for the pages
 * that follow (PERF-7; this one keeps the face it was drawn in), and the
 * manifest is linked, which Chrome would otherwise fetch during the first paint.
 */
export function afterIslandsLive(): void {
  fetchWebFont();
  const manifest = document.createElement("link");
  manifest.rel = "manifest";
  manifest.href = "/site.webmanifest";
  document.head.append(manifest);
}
