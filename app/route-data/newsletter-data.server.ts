import { newsletterPages } from "../content/newsletter-pages.ts";
import { buildMeta } from "../lib/seo.ts";
import { utilityPages } from "../site/pages.ts";

/**
 * What a newsletter page's loader returns: its copy and its metadata. These
 * pages are reached from an e-mail, never from a search (FOOT-10), so they say
 * noindex and name no canonical URL: the unsubscribe page is opened with a
 * personal `?token=…` that no index should keep, even stripped.
 */
export function newsletterPageData(requestedPath: string) {
  const page = utilityPages.find((candidate) => candidate.path === requestedPath);
  if (!page) throw new Error(`${requestedPath} is not a newsletter page`);
  const content = newsletterPages[page.path];
  return {
    content,
    meta: buildMeta({ path: null, title: content.title, description: content.description, noindex: true }),
  };
}
