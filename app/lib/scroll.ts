/**
 * Scrolling rules (requirements NAV-12 to NAV-16): smooth, except
 * for visitors who asked for reduced motion, who jump instantly.
 */

/** The media query every motion decision reads. */
export const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

export function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && window.matchMedia(REDUCED_MOTION).matches;
}

export function scrollBehavior(): ScrollBehavior {
  return prefersReducedMotion() ? "instant" : "smooth";
}

export function scrollToTop(): void {
  window.scrollTo({ top: 0, behavior: scrollBehavior() });
}

/** The element a URL hash points at, if the page has it ("#faqs" -> #faqs). */
export function hashTarget(hash: string, doc: Document = document): HTMLElement | null {
  if (!hash || hash === "#") return null;
  let id: string;
  try {
    id = decodeURIComponent(hash.slice(1));
  } catch {
    return null;
  }
  return doc.getElementById(id);
}

/** Input that means the visitor is scrolling by themselves: from then on, their scroll wins. */
export const VISITOR_INPUT = ["wheel", "touchstart", "keydown", "pointerdown"] as const;

/**
 * Calls land() once a smooth scroll has ended (scrollend, or a timer where
 * the event never comes: WebKit has none, and a scroll that does not move
 * fires none), unless the visitor took over in the meantime.
 */
function afterSmoothScroll(land: () => void): void {
  let visitorMoved = false;
  const onInput = () => {
    visitorMoved = true;
  };
  const finish = () => {
    window.removeEventListener("scrollend", finish);
    window.clearTimeout(timer);
    for (const type of VISITOR_INPUT) window.removeEventListener(type, onInput);
    if (!visitorMoved) land();
  };
  for (const type of VISITOR_INPUT) window.addEventListener(type, onInput, { passive: true });
  window.addEventListener("scrollend", finish);
  const timer = window.setTimeout(finish, 1500);
}

/**
 * Scrolls to the hash's element when it exists, else to the top.
 *
 * Blocks far down a page are laid out only as they come near (app.css
 * .render-when-near), so until then their heights are estimates and an anchor
 * below them would move under the scroll. Once a page has scrolled to an
 * anchor, every block stays laid out for real (html[data-render-all]) until
 * the next page. A smooth scroll can still stop short (Firefox ends it early
 * when the page changes under it): when it ends, the target is put exactly in
 * place, which costs nothing when it already is.
 */
export function scrollForLocation(hash: string): void {
  const target = hashTarget(hash);
  if (!target) {
    scrollToTop();
    return;
  }
  document.documentElement.dataset.renderAll = "";
  const behavior = scrollBehavior();
  target.scrollIntoView({ behavior, block: "start" });
  if (behavior === "smooth") {
    afterSmoothScroll(() => {
      if (target.isConnected) target.scrollIntoView({ behavior: "instant", block: "start" });
    });
  }
}

/** After a change to a page without an anchor, far blocks go back to being laid out as they come near. */
export function drawFarBlocksLazily(): void {
  delete document.documentElement.dataset.renderAll;
}

/**
 * A page opened at an anchor: the browser has jumped to it, with every block
 * laid out (the head script sets data-render-all). Text set in the web font
 * can still change heights above the target when the font arrives, and not
 * every engine keeps the target in view then (WebKit has no scroll
 * anchoring), so once the fonts are in, the target is put back in place,
 * unless the visitor has scrolled since the page opened (the head script
 * marks html[data-visitor-scrolled]).
 */
export function settleLandingAnchor(hash: string): void {
  const target = hashTarget(hash);
  if (!target) return;
  const root = document.documentElement;
  void document.fonts.ready.then(() => {
    if (root.dataset.visitorScrolled === undefined && target.isConnected) {
      target.scrollIntoView({ behavior: "instant", block: "start" });
    }
  });
}

/**
 * Moves focus to a form control and brings it to the middle of the screen.
 * Browsers differ in whether a scripted focus() scrolls at all (WebKit on a
 * phone left the field off screen), so the scroll is explicit.
 */
export function focusAndReveal(element: HTMLElement | null | undefined): void {
  if (!element) return;
  element.focus({ preventScroll: true });
  element.scrollIntoView({ block: "center", behavior: scrollBehavior() });
}
