import { NEWSLETTER_PAGES } from "./newsletter-pages.ts";
import { TRUST_PAGES } from "./trust-center.ts";

/**
 * Cache policies: pages revalidate, hashed assets never change, other
 * files keep an hour, and the pages an e-mail's token link opens are kept by
 * no cache at all.
 */
export const CACHE_CONTROL = {
  html: "public, max-age=0, must-revalidate",
  /** Vite names every file under /assets/ by its content hash. */
  hashedAsset: "public, max-age=31536000, immutable",
  other: "public, max-age=3600",
  /**
   * A page opened by a link carrying a single-use token (`?token=…`): a shared
   * cache would keep the working link as the entry's key, and a browser's disk
   * cache on a shared computer would keep it too (requirements LEAD-16, TRUST-5).
   */
  tokenPage: "private, no-store",
} as const;

/** The pages an e-mail links to with a token in the query: the newsletter's and the Trust Center's (the console's are answered by the server itself, with no-store). */
export const TOKEN_PAGES: readonly string[] = [
  NEWSLETTER_PAGES.confirm,
  NEWSLETTER_PAGES.unsubscribe,
  TRUST_PAGES.approve,
  TRUST_PAGES.deny,
  TRUST_PAGES.download,
];

/** The page a built file belongs to: "/trust/approve/index.html" to "/trust/approve". */
function pageOf(urlPath: string): string {
  if (urlPath.endsWith("/index.html")) return urlPath.slice(0, -"/index.html".length) || "/";
  if (urlPath.endsWith(".html")) return urlPath.slice(0, -".html".length);
  return urlPath;
}

export function cacheControlFor(urlPath: string): string {
  if (urlPath.endsWith(".html")) return TOKEN_PAGES.includes(pageOf(urlPath)) ? CACHE_CONTROL.tokenPage : CACHE_CONTROL.html;
  if (urlPath.startsWith("/assets/")) return CACHE_CONTROL.hashedAsset;
  return CACHE_CONTROL.other;
}
