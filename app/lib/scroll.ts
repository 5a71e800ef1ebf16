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

/** How long a landing waits for a smooth scroll to show any movement before putting the target in place itself. */
const FIRST_MOVE_MS = 1500;
/** Without scrollend (WebKit), a pause this long between scroll events counts as the end. */
const PAUSE_MS = 200;
/**
 * Whether the engine says when a scroll has ended. Where it does, only that
 * counts: a pause means nothing there. A starved machine can draw no frame of
 * a smooth scroll for longer than PAUSE_MS, and Chromium shifts an animation
 * still under way by any jump made meanwhile, so a correction made in such a
 * pause sent the page by the same distance past the target, to the top.
 */
const hasScrollEnd = () => "onscrollend" in window;
/** After a landing that had to move the page, or one made before any scroll began, a scroll that still follows (a slow machine's late animation) is corrected for this long. */
const WATCH_AFTER_MS = 600;
/** However the page behaves, a landing stops watching after this. */
const LANDING_LIMIT_MS = 5000;

/** The landing under way, ended when another begins, so two never pull one page. */
let stopLanding: (() => void) | undefined;

/**
 * Keeps `target` at the top of the view while a smooth scroll to it plays out:
 * every time the scrolling comes to rest (scrollend, or a pause where an
 * engine has none), the target is put exactly in place, which costs nothing
 * when it already is. A smooth scroll can end short or long of a target that
 * moved while it ran (Firefox ends it early when the page changes under it; a
 * slow machine can finish an animation aimed at the old position after a
 * correction). It stops as soon as a scroll comes to rest with the target in
 * place (or a moment after a correction), when another scroll of ours begins,
 * or as soon as the visitor scrolls by themselves: from then on, their scroll
 * wins.
 */
function keepLanded(target: HTMLElement): void {
  stopLanding?.();
  const timers = new Set<number>();
  const later = (ms: number, run: () => void) => {
    const id = window.setTimeout(() => {
      timers.delete(id);
      run();
    }, ms);
    timers.add(id);
    return id;
  };
  let pause: number | undefined;
  let watch: number | undefined;
  let moved = false;
  /** Where the last landing left the page: a scrollend there is the landing's own echo. */
  let landedAt: number | undefined;
  const land = () => {
    if (pause !== undefined) window.clearTimeout(pause);
    const before = window.scrollY;
    if (target.isConnected) target.scrollIntoView({ behavior: "instant", block: "start" });
    landedAt = window.scrollY;
    if (watch !== undefined) window.clearTimeout(watch);
    watch = undefined;
    // At rest and already in place after the scroll: done, so that nothing of
    // ours is left to pull at the page later. A landing that had to move the
    // page, or one made before any scroll began (a late animation may still
    // come), keeps watching a moment.
    if (landedAt !== before || !moved) watch = later(WATCH_AFTER_MS, stop);
    else stop();
  };
  // Chromium fires scrollend even for an instant scroll that moved nothing; that echo needs no landing.
  const onScrollEnd = () => {
    if (window.scrollY !== landedAt) land();
  };
  const endsBySignal = hasScrollEnd();
  const onScroll = () => {
    moved = true;
    if (watch !== undefined) window.clearTimeout(watch);
    watch = undefined;
    if (endsBySignal) return;
    if (pause !== undefined) window.clearTimeout(pause);
    pause = later(PAUSE_MS, land);
  };
  function stop() {
    for (const id of timers) window.clearTimeout(id);
    timers.clear();
    window.removeEventListener("scroll", onScroll);
    window.removeEventListener("scrollend", onScrollEnd);
    for (const type of VISITOR_INPUT) window.removeEventListener(type, stop);
    if (stopLanding === stop) stopLanding = undefined;
  }
  stopLanding = stop;
  window.addEventListener("scroll", onScroll, { passive: true });
  window.addEventListener("scrollend", onScrollEnd);
  for (const type of VISITOR_INPUT) window.addEventListener(type, stop, { passive: true });
  // A scroll that does not move fires nothing: then the target is put in place once the scroll has had time to start.
  later(FIRST_MOVE_MS, () => {
    if (!moved) land();
  });
  later(LANDING_LIMIT_MS, stop);
}

export function scrollToTop(): void {
  stopLanding?.();
  window.scrollTo({ top: 0, behavior: scrollBehavior() });
}

/**
 * Lays out every block drawn only as it comes near (app.css) for real, for the
 * rest of the page's life: a scroll to a target measured past placeholders
 * would land short once they took their real heights.
 */
export function drawEveryBlock(): void {
  document.documentElement.dataset.renderAll ??= "";
}

/**
 * Scrolls to the hash's element when it exists, else to the top.
 *
 * Blocks far down a page are laid out only as they come near (app.css
 * .render-when-near), so until then their heights are estimates and an anchor
 * below them would move under the scroll. Once a page has scrolled to an
 * anchor, every block stays laid out for real (html[data-render-all]) until
 * the next page. A smooth scroll is then watched until it rests in place
 * (keepLanded).
 */
export function scrollForLocation(hash: string): void {
  const target = hashTarget(hash);
  if (!target) {
    scrollToTop();
    return;
  }
  drawEveryBlock();
  const behavior = scrollBehavior();
  target.scrollIntoView({ behavior, block: "start" });
  if (behavior === "smooth") keepLanded(target);
  else stopLanding?.();
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
  stopLanding?.();
  element.focus({ preventScroll: true });
  element.scrollIntoView({ block: "center", behavior: scrollBehavior() });
}
