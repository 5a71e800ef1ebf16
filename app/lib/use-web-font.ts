import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { WEB_FONT_CLASS, WEB_FONT_PROBE } from "./web-font.ts";

/**
 * Fetches the font once the page is hydrated, and lets the next page drawn
 * by a client-side navigation use it. The page on screen never changes its
 * face: that would be a second paint of every line. (The load settles after
 * the first render's effects, so the first page is never switched.)
 */
export function useWebFontForNextPages(): void {
  const { pathname } = useLocation();
  const loaded = useRef(false);
  useEffect(() => {
    // Older engines without the Font Loading API keep the fallback.
    if (!("fonts" in document)) return;
    document.fonts.load(WEB_FONT_PROBE).then(
      (faces) => {
        loaded.current = faces.length > 0;
      },
      () => undefined,
    );
  }, []);
  useEffect(() => {
    if (loaded.current) document.documentElement.classList.add(WEB_FONT_CLASS);
  }, [pathname]);
}
