import type { MetaDescriptor } from "react-router";
import { metaByPath } from "../site/page-meta.ts";
import type { PagePath } from "../site/pages.ts";
import { buildMeta } from "../lib/seo.ts";

/** Metadata for a page of the route table. */
export function pageMeta(path: PagePath): MetaDescriptor[] {
  const page = metaByPath[path];
  return buildMeta({
    path,
    title: page.title,
    description: page.description,
    keywords: page.keywords,
    ogImage: page.ogImage,
  });
}

export type PageData<Content extends object> = Content & { meta: MetaDescriptor[] };

/**
 * What every page's loader returns: its content and its metadata. Loaders run
 * only while prerendering, so copy travels to the browser as data inside the
 * page's HTML (and in `<path>.data` for client navigation), never as
 * JavaScript, and the route table stays out of the bundle.
 */
export function pageData<Content extends object>(path: PagePath, content: Content): PageData<Content> {
  return { ...content, meta: pageMeta(path) };
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
