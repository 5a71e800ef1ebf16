import { absoluteUrl } from "../../../app/site/config.ts";
import { pagesWithMeta } from "../../../app/site/page-meta.ts";

/** sitemap.xml from the route table: every page, with its weight. */
export function sitemapXml(entries: readonly { path: string; priority: number }[] = pagesWithMeta): string {
  const urls = entries
    .map(
      (page) =>
        `  <url>\n    <loc>${absoluteUrl(page.path)}</loc>\n    <priority>${page.priority.toFixed(1)}</priority>\n  </url>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/** robots.txt: open to all with the sitemap, or closed entirely on staging. */
export function robotsTxt(allowIndexing: boolean): string {
  if (!allowIndexing) return "# Staging build: ALLOW_INDEXING=false\nUser-agent: *\nDisallow: /\n";
  return `User-agent: *\nAllow: /\n\nSitemap: ${absoluteUrl("/sitemap.xml")}\n`;
}
