/**
 * Cache policies: pages and their data (`<path>.data`, which the router fetches
 * on client-side navigation) revalidate, hashed assets never change, other
 * files keep an hour.
 */
export const CACHE_CONTROL = {
  html: "public, max-age=0, must-revalidate",
  /** Vite names every file under /assets/ by its content hash. */
  hashedAsset: "public, max-age=31536000, immutable",
  other: "public, max-age=3600",
} as const;

export function cacheControlFor(urlPath: string): string {
  if (urlPath.endsWith(".html") || urlPath.endsWith(".data")) return CACHE_CONTROL.html;
  if (urlPath.startsWith("/assets/")) return CACHE_CONTROL.hashedAsset;
  return CACHE_CONTROL.other;
}
