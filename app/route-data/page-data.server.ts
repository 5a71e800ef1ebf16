import type { MetaDescriptor } from "react-router";
import { metaOf } from "../site/page-meta.ts";
import type { PagePath } from "../site/pages.ts";
import { buildMeta, type MetaInput } from "../lib/seo.ts";
import { FEED_FORMATS, markdownTwinPath, type FeedFormat } from "../../common/published-files.ts";
import { absoluteUrl, site } from "../site/config.ts";
import { COLLECTIONS, collectionFeedPath, type CollectionName } from "../site/publishing.ts";

/** Another form of a page, named in its head: its Markdown twin, a feed. */
export interface Alternate {
  type: string;
  href: string;
  title: string;
}

/**
 * A prerendered page's metadata (buildMeta) with the other forms of it: its
 * Markdown twin (PUB-7), unless it says noindex, and whatever else it names,
 * such as its collection's feeds (PUB-5). Only loaders call this, so the
 * browser's bundle carries none of it.
 */
export function metaWithAlternates(input: MetaInput & { path: string }, alternates: readonly Alternate[] = []): MetaDescriptor[] {
  const twin: Alternate[] = input.noindex ? [] : [{ type: "text/markdown", href: absoluteUrl(markdownTwinPath(input.path)), title: "This page as Markdown" }];
  return [...buildMeta(input), ...[...twin, ...alternates].map((alternate) => ({ tagName: "link", rel: "alternate", ...alternate }))];
}

const collectionNames = Object.values(COLLECTIONS).map((collection) => collection.name);
/** What the combined feeds hold, in words a feed reader's list shows: "Blog, News and Events". */
const everyCollection = `${collectionNames.slice(0, -1).join(", ")} and ${collectionNames.at(-1) ?? ""}`;

/**
 * A collection's feeds, or with no collection the combined feeds of all of
 * them, announced in a page's head for feed readers (autodiscovery, PUB-5).
 * Each title names what the feed holds, so a reader offering the blog's own
 * and the combined feeds side by side tells them apart.
 */
export function feedAlternates(collection?: CollectionName): Alternate[] {
  const holds = collection ? COLLECTIONS[collection].name : everyCollection;
  return (Object.keys(FEED_FORMATS) as FeedFormat[]).map((format) => ({
    type: FEED_FORMATS[format].type.split(";")[0] ?? "",
    href: absoluteUrl(collectionFeedPath(collection, format)),
    title: `${site.name} ${holds} (${FEED_FORMATS[format].label})`,
  }));
}

/** Metadata for a page of the route table. */
export function pageMeta(path: PagePath, alternates: readonly Alternate[] = []): MetaDescriptor[] {
  const page = metaOf(path);
  return metaWithAlternates({
    path,
    title: page.title,
    description: page.description,
    keywords: page.keywords,
    ogImage: page.ogImage,
  }, alternates);
}

export type PageData<Content extends object> = Content & { meta: MetaDescriptor[] };

/**
 * What every page's loader returns: its content and its metadata. Loaders run
 * only while prerendering, so copy travels to the browser as data inside the
 * page's HTML (and in `<path>.data` for client navigation), never as
 * JavaScript, and the route table stays out of the bundle.
 */
export function pageData<Content extends object>(path: PagePath, content: Content, alternates: readonly Alternate[] = []): PageData<Content> {
  return { ...content, meta: pageMeta(path, alternates) };
}

/**
 * The page a loader runs for: prerendering requests a page as `/path/` (for
 * its index.html) and its data as `/path.data`.
 */
export function requestedPage(request: Request): string {
  let path = new URL(request.url).pathname;
  if (path.endsWith(".data")) path = path.slice(0, -".data".length);
  while (path.length > 1 && path.endsWith("/")) path = path.slice(0, -1);
  return path;
}
