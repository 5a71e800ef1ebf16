/**
 * What a visitor would notice about a page's layout, measured in the page.
 * One function for every engine: Playwright passes it to `page.evaluate`, the
 * cross-browser drivers send it as source text.
 */
export interface LayoutReport {
  /** How far the page reaches past the right edge of the viewport, in CSS px. */
  overflowPx: number;
  /** Visible text fields, selects, text areas and submit buttons under 40 px tall. */
  collapsedControls: string[];
}

/** Horizontal overflow and collapsed form controls, on the page as drawn now (runs in the page). */
export function measureLayout(): LayoutReport {
  const root = document.documentElement;
  const overflowPx = Math.max(0, root.scrollWidth - root.clientWidth);
  const selector = 'input:not([type="checkbox"], [type="radio"], [type="hidden"]), select, textarea, button[type="submit"]';
  const collapsedControls = [...document.querySelectorAll<HTMLElement>(selector)]
    .filter((control) => !control.closest("[aria-hidden='true'], [hidden], dialog:not([open])"))
    .filter((control) => control.getClientRects().length > 0)
    .map((control) => ({ control, height: control.getBoundingClientRect().height }))
    .filter(({ height }) => height < 40)
    .map(({ control, height }) => `${control.tagName.toLowerCase()}#${control.id || "?"} ${height.toFixed(1)}px`);
  return { overflowPx, collapsedControls };
}
