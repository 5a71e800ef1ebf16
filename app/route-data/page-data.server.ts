import type { MetaDescriptor } from "react-router";
import { metaOf } from "../site/page-meta.ts";
import type { PagePath } from "../site/pages.ts";
import { buildMeta, type MetaInput } from "../lib/seo.ts";
import { markdownTwinPath } from "../../common/published-files.ts";
import { absoluteUrl } from "../site/config.ts";

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
