import { measureLayout, type LayoutReport } from "../../support/layout-report.ts";
import type { BrowserSession } from "./driver.ts";

/**
 * What a visitor would notice, measured in the page: used by the cross-browser
 * suite on every engine alike.
 */

/** Polls a condition in the page (sent as source text, with its arguments) for up to 10 s. */
export async function waitUntil<A extends unknown[]>(session: BrowserSession, what: string, predicate: (...args: A) => boolean, ...args: A): Promise<void> {
  await waitUntilWithin(session, 10_000, what, predicate, ...args);
}

/** As waitUntil, for up to `ms`: for what waits on the server as well as the page. */
export async function waitUntilWithin<A extends unknown[]>(
  session: BrowserSession,
  ms: number,
  what: string,
  predicate: (...args: A) => boolean,
  ...args: A
): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    // While a page is being replaced, a call can fail with its old document: try again.
    const met = await session.evaluate(predicate, ...args).catch(() => false);
    if (met) return;
    if (Date.now() > deadline) throw new Error(`${session.engine} ${session.viewport.width}px: timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Opens a page and waits until React has hydrated it: earlier clicks would be lost. */
export async function openHydrated(session: BrowserSession, url: string): Promise<void> {
  await session.goto(url);
  await waitUntil(session, `hydration of ${url}`, () => document.documentElement.dataset.hydrated === "true");
}

/** Horizontal overflow and collapsed form controls, on the page as drawn now. */
export function layoutReport(session: BrowserSession): Promise<LayoutReport> {
  return session.evaluate(measureLayout);
}

export interface AnchorLanding {
  /** The target's distance from the top of the viewport. */
  top: number;
  /** Where the anchor should put it: below the sticky header (scroll padding plus its own scroll margin). */
  expected: number;
  /** The page cannot scroll further down, so a target near the end may sit lower. */
  atBottom: boolean;
}

/**
 * Waits until scrolling has stopped (the same position for 600 ms, and never
 * sooner than minWaitMs, so a smooth scroll and its correction are over), then
 * reports where the anchor's target is. The clock starts when the target is in
 * the document: after a link to another page, a busy machine can take seconds
 * to draw that page, and no landing can begin before it is there.
 */
export async function settledLanding(session: Pick<BrowserSession, "evaluate">, id: string, minWaitMs: number): Promise<AnchorLanding> {
  const drawnBy = Date.now() + 10_000;
  // While a page is being replaced, a call can fail with its old document: ask again.
  while (!(await session.evaluate((targetId) => document.getElementById(targetId) !== null, id).catch(() => false))) {
    if (Date.now() > drawnBy) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const started = Date.now();
  let last = Number.NaN;
  let stableSince = Date.now();
  for (;;) {
    const y = await session.evaluate(() => window.scrollY);
    if (y !== last) {
      last = y;
      stableSince = Date.now();
    }
    const now = Date.now();
    if (now - stableSince >= 600 && now - started >= minWaitMs) break;
    if (now - started > 8000) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return session.evaluate((targetId) => {
    const target = document.getElementById(targetId);
    if (!target) return { top: Number.NaN, expected: 0, atBottom: false };
    const root = document.documentElement;
    const expected =
      (Number.parseFloat(getComputedStyle(root).scrollPaddingTop) || 0) +
      (Number.parseFloat(getComputedStyle(target).scrollMarginTop) || 0);
    const atBottom = Math.ceil(window.scrollY + window.innerHeight) >= root.scrollHeight - 1;
    return { top: target.getBoundingClientRect().top, expected, atBottom };
  }, id);
}

/** Landed: the target sits where the anchor puts it, within 2 px, or as close as the end of the page allows. */
export function landedOnTarget(landing: AnchorLanding): boolean {
  if (Number.isNaN(landing.top)) return false;
  if (Math.abs(landing.top - landing.expected) <= 2) return true;
  return landing.atBottom && landing.top > 0 && landing.top < landing.expected;
}
