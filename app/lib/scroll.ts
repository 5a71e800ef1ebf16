/**
 * Scrolling rules (SPEC.md section 2 'Navigation behaviour'): smooth, except
 * for visitors who asked for reduced motion, who jump instantly.
 */

export function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
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

/** Scrolls to the hash's element when it exists, else to the top. */
export function scrollForLocation(hash: string): void {
  const target = hashTarget(hash);
  if (target) target.scrollIntoView({ behavior: scrollBehavior(), block: "start" });
  else scrollToTop();
}
