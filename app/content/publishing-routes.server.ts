/**
 * The addresses the publishing collections add to the site (PUB-3), from the
 * entries this build publishes: each post, tag page, later page of /blog,
 * news item and event. The router's patterns and the prerender list both come
 * from here, so a page exists exactly when its entry is public.
 */
import { pageOfPosts, tagsOf } from "../lib/publishing/post-lists.ts";
import { blogPagePath, eventPath, newsItemPath, POSTS_PER_PAGE, postPath, tagPath } from "../site/publishing.ts";
import { collections, type Collections } from "./collections.server.ts";

/** A route pattern under the publishing module, with its route id. */
export interface PublishingRoute {
  pattern: string;
  id: string;
}

/**
 * The patterns that have at least one page: with `ssr: false`, React Router
 * refuses a route with a loader that no prerendered path reaches, and an empty
 * collection (News, Events at launch) has no entry pages.
 */
export function publishingRoutes(from: Collections = collections()): PublishingRoute[] {
  const routes: PublishingRoute[] = [];
  if (from.posts.length > 0) routes.push({ pattern: "blog/:slug", id: "blog-post" }, { pattern: "blog/tag/:tag", id: "blog-tag" });
  if (pageOfPosts(from.posts, 1, POSTS_PER_PAGE).pages > 1) routes.push({ pattern: "blog/page/:page", id: "blog-page" });
  if (from.news.length > 0) routes.push({ pattern: "news/:slug", id: "news-item" });
  if (from.events.length > 0) routes.push({ pattern: "events/:slug", id: "event" });
  return routes;
}

/** Every entry page's path, for the prerender list. */
export function publishingPaths(from: Collections = collections()): string[] {
  const { pages } = pageOfPosts(from.posts, 1, POSTS_PER_PAGE);
  return [
    ...from.posts.map((post) => postPath(post.slug)),
    ...tagsOf(from.posts).map((tag) => tagPath(tag.slug)),
    ...Array.from({ length: pages - 1 }, (_, index) => blogPagePath(index + 2)),
    ...from.news.map((item) => newsItemPath(item.slug)),
    ...from.events.map((event) => eventPath(event.slug)),
  ];
}
