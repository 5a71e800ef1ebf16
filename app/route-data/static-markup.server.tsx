import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { StaticMarkup } from "../content/types.ts";

/**
 * Draws a part of a page that needs no script, while prerendering (PERF-8).
 * The page's loader carries the HTML; StaticBlock places it as it is.
 */
export function staticMarkup(node: ReactNode): StaticMarkup {
  return { html: renderToStaticMarkup(node) };
}
