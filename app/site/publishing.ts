/**
 * Where the publishing collections live on the site (PUB-3): each
 * collection's list page (a page of the route table) and the addresses of its
 * entries, tags, pages of the list, feeds, calendar files and social images.
 * Every link to an entry is built here.
 */
import { feedPath, type FeedFormat } from "../../common/published-files.ts";

export const COLLECTIONS = {
  posts: { list: "/blog", name: "Blog" },
  news: { list: "/news", name: "News" },
  events: { list: "/events", name: "Events" },
} as const;

export type CollectionName = keyof typeof COLLECTIONS;

/** Posts per page of /blog; later pages are /blog/page/2, /blog/page/3 … */
export const POSTS_PER_PAGE = 10;

export const postPath = (slug: string) => `/blog/${slug}`;
export const newsItemPath = (slug: string) => `/news/${slug}`;
export const eventPath = (slug: string) => `/events/${slug}`;
export const eventCalendarPath = (slug: string) => `/events/${slug}.ics`;
export const blogPagePath = (page: number) => (page === 1 ? COLLECTIONS.posts.list : `/blog/page/${page}`);
export const tagPath = (tagSlug: string) => `/blog/tag/${tagSlug}`;
export const socialImagePath = (collection: "posts" | "news", slug: string) => `/social/${collection === "posts" ? "blog" : "news"}/${slug}.png`;

/** A collection's feed, or the combined feed of all three (collection undefined). */
export function collectionFeedPath(collection: CollectionName | undefined, format: FeedFormat): string {
  return feedPath(collection ? COLLECTIONS[collection].list : "", format);
}

/** A tag's address segment: "PCI DSS" is pci-dss, "C++" is c (the schema allows Latin letters and digits only in the rest). */
export function tagSlug(tag: string): string {
  return tag
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .join("-");
}
