let observer: IntersectionObserver | undefined;

/** One observer for every diagram on the page; created on first use, in the browser only. */
function sharedObserver(): IntersectionObserver {
  observer ??= new IntersectionObserver((entries) => {
    for (const entry of entries) entry.target.toggleAttribute("data-in-view", entry.isIntersecting);
  });
  return observer;
}

/**
 * The attribute that marks a diagram's frame: while any of it is on screen the
 * page's script marks it `data-in-view` (app/islands/page-behaviours.ts), and
 * diagram motion runs only then (app.css): an animation nobody can see would
 * still cost a phone a repaint every frame.
 */
export const WATCH_IN_VIEW = "data-watch-in-view";

/** Starts marking the element with `data-in-view` while it is on screen; returns the stop. */
export function watchInView(element: Element): () => void {
  const watcher = sharedObserver();
  watcher.observe(element);
  return () => watcher.unobserve(element);
}
