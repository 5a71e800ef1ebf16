import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { drawFarBlocksLazily, scrollForLocation, settleLandingAnchor } from "../lib/scroll.ts";

/**
 * On every path or hash change: scroll to the hash's element if it exists,
 * otherwise to the top. After a change of page, focus moves to <main> so screen
 * readers start reading the new page instead of staying on the old link.
 * On the first render the browser has already jumped to the URL's anchor;
 * it is only put back in place once the web font has arrived.
 */
export function ScrollManager() {
  const { pathname, hash } = useLocation();
  const previous = useRef<{ pathname: string; hash: string } | null>(null);

  useEffect(() => {
    const last = previous.current;
    previous.current = { pathname, hash };
    if (!last) {
      settleLandingAnchor(hash);
      return;
    }
    if (last.pathname !== pathname) {
      document.getElementById("main")?.focus({ preventScroll: true });
      if (!hash) drawFarBlocksLazily();
    }
    scrollForLocation(hash);
  }, [pathname, hash]);

  return null;
}
