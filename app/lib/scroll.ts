/**
 * Scrolling rules (SPEC.md section 2 'Navigation behaviour'): smooth, except
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

/**
 * Scrolls to the hash's element when it exists, else to the top. Blocks far
 * down a page are laid out only as they come near (content-visibility in
 * app.css), so their heights are estimates until then: for the length of the
 * scroll every block is laid out for real (html[data-render-all]), so the
 * target does not move under the scroll.
 */
export function scrollForLocation(hash: string): void {
  const target = hashTarget(hash);
  if (!target) {
    scrollToTop();
    return;
  }
  const root = document.documentElement;
  root.dataset.renderAll = "";
  const behavior = scrollBehavior();
  target.scrollIntoView({ behavior, block: "start" });
  const drawLazily = () => delete root.dataset.renderAll;
  if (behavior !== "smooth") {
    drawLazily();
    return;
  }
  // scrollend never fires when the page is already there: a timer ends it too.
  window.addEventListener("scrollend", drawLazily, { once: true });
  window.setTimeout(drawLazily, 2000);
}
