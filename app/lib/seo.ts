import type { MetaDescriptor } from "react-router";
import { absoluteUrl, site } from "../site/config.ts";

/**
 * Page metadata in layers: site defaults, then the page's own entry from the
 * route table (page-data.server.ts). Every route's metadata goes through here.
 */

export const DEFAULT_SOCIAL_IMAGE = {
  path: "/social/og-default.png",
  width: 1200,
  height: 630,
  alt: "Veilvault: the data privacy vault for the agentic era",
} as const;

/** The logo used in structured data. */
export const LOGO_PATH = "/icon-512.png";

export interface MetaInput {
  /** Path of the page; null for pages that have no canonical URL (the 404 page). */
  path: string | null;
  title: string;
  description: string;
  keywords?: readonly string[];
  /** The page's own social image (1200 × 630) and what it shows; the default card otherwise. */
  ogImage?: string;
  ogImageAlt?: string;
  /** "article" for posts and news items; "website" otherwise. */
  ogType?: "website" | "article";
  /** Structured data beyond the organisation's: a post's BlogPosting, an event's Event. */
  jsonLd?: readonly Record<string, unknown>[];
  noindex?: boolean;
}

/** What a search result shows of a title, and what html-validate allows. */
export const MAX_TITLE_LENGTH = 70;

/**
 * A title's length as the page's HTML spells it: React writes ' as &#x27;
 * and & as &amp;, and html-validate counts those as written.
 */
export function titleLengthInHtml(title: string): number {
  return title.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/[<>"]/g, "&lt;").length;
}

/**
 * Appends the brand once: "Pricing" becomes "Pricing | Veilvault"; "Veilvault
 * Docs" stays; a title too long to take it (a post's) stays as it is.
 */
export function withBrand(title: string): string {
  if (title.toLowerCase().includes(site.name.toLowerCase())) return title;
  const branded = `${title} | ${site.name}`;
  return titleLengthInHtml(branded) <= MAX_TITLE_LENGTH ? branded : title;
}

export function organizationJsonLd(): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: site.name,
    url: absoluteUrl("/"),
    logo: absoluteUrl(LOGO_PATH),
    description: site.description,
    email: site.email.contact,
    sameAs: site.social.map((profile) => profile.url),
  };
}

export function buildMeta(input: MetaInput): MetaDescriptor[] {
  const title = withBrand(input.title);
  const image = absoluteUrl(input.ogImage ?? DEFAULT_SOCIAL_IMAGE.path);
  const imageAlt = input.ogImage ? (input.ogImageAlt ?? input.title) : DEFAULT_SOCIAL_IMAGE.alt;
  const indexable = site.allowIndexing && !input.noindex;

  const meta: MetaDescriptor[] = [
    { title },
    { name: "description", content: input.description },
    { name: "robots", content: indexable ? "index, follow" : "noindex, nofollow" },
    { property: "og:type", content: input.ogType ?? "website" },
    { property: "og:site_name", content: site.name },
    { property: "og:locale", content: site.locale },
    { property: "og:title", content: title },
    { property: "og:description", content: input.description },
    { property: "og:image", content: image },
    { property: "og:image:width", content: String(DEFAULT_SOCIAL_IMAGE.width) },
    { property: "og:image:height", content: String(DEFAULT_SOCIAL_IMAGE.height) },
    { property: "og:image:alt", content: imageAlt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: input.description },
    { name: "twitter:image", content: image },
    { name: "twitter:image:alt", content: imageAlt },
    { "script:ld+json": organizationJsonLd() },
    ...(input.jsonLd ?? []).map((data) => ({ "script:ld+json": data })),
  ];
  if (input.keywords?.length) meta.push({ name: "keywords", content: input.keywords.join(", ") });
  if (input.path !== null) {
    const url = absoluteUrl(input.path);
    meta.push({ tagName: "link", rel: "canonical", href: url }, { property: "og:url", content: url });
  }
  return meta;
}


/**
 * Every page's `meta` export: the metadata its build-time loader computed
 * (see page-data.server.ts), so the route table never ships to the browser.
 */
export function metaFromLoader({ loaderData }: { loaderData: { meta: MetaDescriptor[] } | undefined }): MetaDescriptor[] {
  return loaderData?.meta ?? [];
}
