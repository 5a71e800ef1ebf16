import { useEffect, type RefObject } from "react";

let observer: IntersectionObserver | undefined;

/** One observer for every diagram on the page; created on first use, in the browser only. */
function sharedObserver(): IntersectionObserver {
  observer ??= new IntersectionObserver((entries) => {
    for (const entry of entries) entry.target.toggleAttribute("data-in-view", entry.isIntersecting);
  });
  return observer;
}

/** The attribute that asks StaticBlock to watch an element of build-time markup as useInView would. */
export const WATCH_IN_VIEW = "data-watch-in-view";

/** Starts marking the element with `data-in-view` while it is on screen; returns the stop. */
export function watchInView(element: Element): () => void {
  const watcher = sharedObserver();
  watcher.observe(element);
  return () => watcher.unobserve(element);
}

/**
 * Marks the element with `data-in-view` while any of it is on screen. Diagram
 * motion runs only then (app.css): an animation nobody can see would still cost
 * a phone a repaint every frame. The attribute is not React's, so a re-render
 * leaves it alone.
 */
export function useInView(ref: RefObject<Element | null>): void {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    return watchInView(element);
  }, [ref]);
}
