/**
 * When pages draw in Inter (A11Y-10, PERF-7). A first-time visitor on a slow
 * link would wait for 47 KiB of font after the first paint and then see every
 * line drawn again, so a document draws in Inter only where the file is
 * expected in the browser's cache already; everywhere else the metric-matched
 * fallback draws the first paint and stays until the visitor moves on. The
 * file is fetched once the page is up, for the pages that follow.
 */

/** The class on <html> under which app.css puts Inter first. */
export const WEB_FONT_CLASS = "web-font";
/** The family whose file is fetched for the pages that follow (app/islands/page-behaviours.ts). */
export const WEB_FONT_FAMILY = "Inter Variable";

/**
 * Whether a document can expect Inter in the cache: it was opened from
 * another of our pages (each fetches the font once it is up), reloaded, or
 * reached by back or forward. Run by the head script before the first paint,
 * so it names nothing outside its arguments.
 */
export function webFontExpected(referrer: string | undefined, origin: string | undefined, navigationType: string | undefined): boolean {
  const fromOurPage = Boolean(referrer && origin && referrer.startsWith(`${origin}/`));
  return fromOurPage || navigationType === "reload" || navigationType === "back_forward";
}
