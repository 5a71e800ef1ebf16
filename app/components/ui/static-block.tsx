import { useEffect, useRef, type MouseEvent } from "react";
import { useNavigate } from "react-router";
import type { StaticMarkup } from "../../content/types.ts";
import { routerPathFor } from "../../lib/static-links.ts";
import { WATCH_IN_VIEW, watchInView } from "../diagram/use-in-view.ts";

/**
 * A part of a page drawn at build time (route-data/static-markup.server.tsx,
 * PERF-8), placed as it is: hydration leaves it alone and the browser never
 * downloads the components that drew it. It adds no box of its own
 * (`display: contents`), so its parts sit in the surrounding layout as if
 * written there. What the drawn parts did with script still works: links
 * drawn by `<Link>` navigate within the app, and diagrams move only while on
 * screen.
 */
export function StaticBlock({ markup }: { markup: StaticMarkup }) {
  const block = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();

  useEffect(() => {
    const element = block.current;
    if (!element) return;
    const stops = [...element.querySelectorAll(`[${WATCH_IN_VIEW}]`)].map(watchInView);
    return () => {
      for (const stop of stops) stop();
    };
  }, [markup]);

  // One listener for every link inside: clicks bubble here from the drawn anchors (keyboard activation included).
  const followLink = (event: MouseEvent<HTMLDivElement>) => {
    const anchor = event.target instanceof Element ? event.target.closest("a") : null;
    if (!anchor) return;
    const path = routerPathFor(
      { button: event.button, modified: event.metaKey || event.ctrlKey || event.shiftKey || event.altKey, defaultPrevented: event.defaultPrevented },
      { href: anchor.getAttribute("href"), target: anchor.getAttribute("target"), download: anchor.hasAttribute("download") },
    );
    if (path === null) return;
    event.preventDefault();
    void navigate(path);
  };

  return <div ref={block} className="contents" onClick={followLink} dangerouslySetInnerHTML={{ __html: markup.html }} />;
}
