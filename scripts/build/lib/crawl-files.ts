import { execFileSync } from "node:child_process";
import type { Collections } from "../../../app/content/collections.server.ts";
import { legalDocument } from "../../../app/content/pages.server.ts";
import { pageOfPosts, tagsOf } from "../../../app/lib/publishing/post-lists.ts";
import { absoluteUrl } from "../../../app/site/config.ts";
import { pagesWithMeta } from "../../../app/site/page-meta.ts";
import { familySlug } from "../../../app/site/pages.ts";
import { blogPagePath, COLLECTIONS, eventPath, newsItemPath, POSTS_PER_PAGE, postPath, tagPath } from "../../../app/site/publishing.ts";

export interface SitemapEntry {
  path: string;
  priority: number;
  /** YYYY-MM-DD: when the page's content last changed, where that is known. */
  lastmod?: string;
}

/** sitemap.xml: every page, with its weight and, where known, its last change. */
export function sitemapXml(entries: readonly SitemapEntry[]): string {
  const urls = entries
    .map((page) =>
      [`  <url>`, `    <loc>${absoluteUrl(page.path)}</loc>`, ...(page.lastmod ? [`    <lastmod>${page.lastmod}</lastmod>`] : []), `    <priority>${page.priority.toFixed(1)}</priority>`, `  </url>`].join("\n"),
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/** The date of the last commit that changed content/`file`, when the build runs in a git checkout. */
function committedOn(file: string): string | undefined {
  try {
    const date = execFileSync("git", ["log", "-1", "--format=%cs", "--", `content/${file}`], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
    return /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : undefined;
  } catch {
    return undefined;
  }
}

const newest = (dates: readonly (string | undefined)[]) => dates.filter((date): date is string => date !== undefined).sort().at(-1);

/**
 * Every page of the sitemap (PUB-4): the route table's pages with their
 * weights, and each public post, tag page, later page of the blog, news item
 * and event. A post's last change is its update (or publication) date, a
 * list's is its newest entry's, a legal document's the date it states, and an
 * event's the last commit of its file.
 */
export function sitemapEntries(from: Collections): SitemapEntry[] {
  const postDate = (post: Collections["posts"][number]) => post.data.updated ?? post.data.published;
  const eventDates = new Map(from.events.map((event) => [event.slug, committedOn(event.file)]));
  const listDates: Record<string, string | undefined> = {
    [COLLECTIONS.posts.list]: newest(from.posts.map(postDate)),
    [COLLECTIONS.news.list]: newest(from.news.map((item) => item.data.date)),
    [COLLECTIONS.events.list]: newest([...eventDates.values()]),
  };
  const withDate = (entry: SitemapEntry, lastmod: string | undefined): SitemapEntry => (lastmod ? { ...entry, lastmod } : entry);
  const table = pagesWithMeta.map((page) => {
    const legal = familySlug("legal", page.path);
    return withDate({ path: page.path, priority: page.priority }, legal ? legalDocument(legal).data.date.iso : listDates[page.path]);
  });
  const { pages } = pageOfPosts(from.posts, 1, POSTS_PER_PAGE);
  return [
    ...table,
    ...from.posts.map((post) => withDate({ path: postPath(post.slug), priority: 0.6 }, postDate(post))),
    ...tagsOf(from.posts).map((tag) => withDate({ path: tagPath(tag.slug), priority: 0.3 }, newest(tag.posts.map(postDate)))),
    ...Array.from({ length: pages - 1 }, (_, index) => {
      const page = index + 2;
      return withDate({ path: blogPagePath(page), priority: 0.3 }, newest(pageOfPosts(from.posts, page, POSTS_PER_PAGE).items.map(postDate)));
    }),
    ...from.news.map((item) => withDate({ path: newsItemPath(item.slug), priority: 0.5 }, item.data.date)),
    ...from.events.map((event) => withDate({ path: eventPath(event.slug), priority: 0.5 }, eventDates.get(event.slug))),
  ];
}

/** robots.txt: open to all with the sitemap, or closed entirely on staging. */
export function robotsTxt(allowIndexing: boolean): string {
  if (!allowIndexing) return "# Staging build: ALLOW_INDEXING=false\nUser-agent: *\nDisallow: /\n";
  return `User-agent: *\nAllow: /\n\nSitemap: ${absoluteUrl("/sitemap.xml")}\n`;
}
