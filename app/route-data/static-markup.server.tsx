import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import type { StaticMarkup } from "../content/types.ts";

/**
 * Draws a part of a page that needs no script, while prerendering (PERF-8).
 * The page's route data carries the HTML; StaticBlock places it, so the
 * browser downloads none of the components that drew it and hydration skips
 * it. The router context makes `<Link>`s resolve against the page's own path,
 * as they would on the page (`#newsletter` becomes `/newsletter/confirmed#newsletter`).
 */
export function staticMarkup(path: string, node: ReactNode): StaticMarkup {
  return { html: renderToStaticMarkup(<MemoryRouter initialEntries={[path]}>{node}</MemoryRouter>) };
}
