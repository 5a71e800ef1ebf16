import type { MetaDescriptor } from "react-router";
import { describe, expect, it } from "vitest";
import { pageData, pageMeta } from "../../app/route-data/page-data.server.ts";
import { buildMeta, metaFromLoader, organizationJsonLd, withBrand } from "../../app/lib/seo.ts";
import { pagesWithMeta as pages } from "../../app/site/page-meta.ts";

// These expectations assume the default build environment (no SITE_URL / ALLOW_INDEXING set).
const SITE = "https://veilvault.example";
const OG_IMAGE = `${SITE}/social/og-default.png`;
const SOCIAL_URLS = ["https://x.com/veilvault", "https://www.linkedin.com/company/veilvault", "https://www.instagram.com/veilvault"];

type Descriptor = Readonly<Record<string, unknown>>;

function entries(meta: readonly MetaDescriptor[]): Descriptor[] {
  return meta.map((descriptor): Descriptor => descriptor);
}

/** Every `content` of the descriptors whose `attr` equals `key` (name="…" or property="…"). */
function contents(meta: readonly MetaDescriptor[], attr: "name" | "property", key: string): unknown[] {
  return entries(meta)
    .filter((descriptor) => descriptor[attr] === key)
    .map((descriptor) => descriptor.content);
}

/** The single content for a key; fails when it is missing or repeated. */
function content(meta: readonly MetaDescriptor[], attr: "name" | "property", key: string): unknown {
  const found = contents(meta, attr, key);
  expect(found, `${attr}="${key}"`).toHaveLength(1);
  return found[0];
}

function titles(meta: readonly MetaDescriptor[]): unknown[] {
  return entries(meta)
    // A <link> may have a title attribute (a feed's name); only a descriptor without a tag is the page's <title>.
    .filter((descriptor) => "title" in descriptor && !("tagName" in descriptor))
    .map((descriptor) => descriptor.title);
}

function canonicals(meta: readonly MetaDescriptor[]): Descriptor[] {
  return entries(meta).filter((descriptor) => descriptor.tagName === "link" && descriptor.rel === "canonical");
}

function jsonLd(meta: readonly MetaDescriptor[]): unknown[] {
  return entries(meta)
    .filter((descriptor) => "script:ld+json" in descriptor)
    .map((descriptor) => descriptor["script:ld+json"]);
}

describe("withBrand", () => {
  it.each([
    ["Pricing", "Pricing | Veilvault"],
    ["Privacy Policy", "Privacy Policy | Veilvault"],
    ["", " | Veilvault"],
  ])("appends the brand: %j -> %j", (input, expected) => {
    expect(withBrand(input)).toBe(expected);
  });

  it.each(["Veilvault Docs", "About Veilvault", "VEILVAULT pricing", "veilvault: home", "Inside the veilVault"])(
    "leaves %j alone because it names the brand",
    (title) => {
      expect(withBrand(title)).toBe(title);
    },
  );

  it("leaves a title alone when the brand would take it past the 70 characters a search result shows (a post's)", () => {
    const post = "Tokenization vs encryption: what each protects, and when to use both";
    expect(withBrand(post)).toBe(post);
    expect(withBrand("x".repeat(58))).toBe(`${"x".repeat(58)} | Veilvault`);
  });

  it("appends only once when applied twice", () => {
    expect(withBrand(withBrand("Features"))).toBe("Features | Veilvault");
  });
});

describe("organizationJsonLd", () => {
  it("describes the organisation with name, url, logo, description and the three social profiles", () => {
    const org = organizationJsonLd();
    expect(org["@context"]).toBe("https://schema.org");
    expect(org["@type"]).toBe("Organization");
    expect(org.name).toBe("Veilvault");
    expect(org.url).toBe(`${SITE}/`);
    expect(org.logo).toBe(`${SITE}/icon-512.png`);
    expect(typeof org.description).toBe("string");
    expect(String(org.description)).toMatch(/Veilvault/);
    expect(org.sameAs).toEqual(SOCIAL_URLS);
  });
});

describe("buildMeta", () => {
  const meta = buildMeta({ path: "/features", title: "Core Features", description: "All the features of the vault." });

  it("sets the branded title once", () => {
    expect(titles(meta)).toEqual(["Core Features | Veilvault"]);
  });

  it("sets description and robots", () => {
    expect(content(meta, "name", "description")).toBe("All the features of the vault.");
    expect(content(meta, "name", "robots")).toBe("index, follow");
  });

  it("sets the Open Graph tags", () => {
    expect(content(meta, "property", "og:type")).toBe("website");
    expect(content(meta, "property", "og:site_name")).toBe("Veilvault");
    expect(content(meta, "property", "og:locale")).toBe("en_IN");
    expect(content(meta, "property", "og:title")).toBe("Core Features | Veilvault");
    expect(content(meta, "property", "og:description")).toBe("All the features of the vault.");
    expect(content(meta, "property", "og:image")).toBe(OG_IMAGE);
    expect(content(meta, "property", "og:image:width")).toBe("1200");
    expect(content(meta, "property", "og:image:height")).toBe("630");
    expect(content(meta, "property", "og:url")).toBe(`${SITE}/features`);
  });

  it("sets the Twitter card tags", () => {
    expect(content(meta, "name", "twitter:card")).toBe("summary_large_image");
    expect(content(meta, "name", "twitter:title")).toBe("Core Features | Veilvault");
    expect(content(meta, "name", "twitter:description")).toBe("All the features of the vault.");
    expect(content(meta, "name", "twitter:image")).toBe(OG_IMAGE);
  });

  it("links the canonical URL: site URL + path", () => {
    expect(canonicals(meta)).toEqual([{ tagName: "link", rel: "canonical", href: `${SITE}/features` }]);
  });

  it("gives the home page the site URL with a trailing slash as canonical and og:url", () => {
    const home = buildMeta({ path: "/", title: "Home", description: "Home page." });
    expect(canonicals(home).map((link) => link.href)).toEqual([`${SITE}/`]);
    expect(content(home, "property", "og:url")).toBe(`${SITE}/`);
  });

  it("includes the Organization structured data", () => {
    const blocks = jsonLd(meta);
    expect(blocks).toHaveLength(1);
    expect(blocks[0]).toEqual(organizationJsonLd());
    expect(blocks[0]).toMatchObject({
      "@type": "Organization",
      name: "Veilvault",
      url: `${SITE}/`,
      logo: `${SITE}/icon-512.png`,
      sameAs: SOCIAL_URLS,
    });
  });

  it("makes a page's own og image absolute", () => {
    const custom = buildMeta({ path: "/x", title: "X", description: "D", ogImage: "/social/custom.png" });
    expect(content(custom, "property", "og:image")).toBe(`${SITE}/social/custom.png`);
    expect(content(custom, "name", "twitter:image")).toBe(`${SITE}/social/custom.png`);
  });

  it("lists keywords only when given", () => {
    expect(contents(meta, "name", "keywords")).toEqual([]);
    const withKeywords = buildMeta({ path: "/", title: "T", description: "D", keywords: ["vault", "tokenization"] });
    expect(content(withKeywords, "name", "keywords")).toBe("vault, tokenization");
  });

  it("says noindex, nofollow for a noindex page", () => {
    const hidden = buildMeta({ path: "/x", title: "Hidden", description: "D", noindex: true });
    expect(content(hidden, "name", "robots")).toBe("noindex, nofollow");
  });

  it("has no canonical and no og:url when path is null", () => {
    const orphan = buildMeta({ path: null, title: "Page Not Found", description: "D", noindex: true });
    expect(canonicals(orphan)).toEqual([]);
    expect(contents(orphan, "property", "og:url")).toEqual([]);
    expect(content(orphan, "name", "robots")).toBe("noindex, nofollow");
    expect(titles(orphan)).toEqual(["Page Not Found | Veilvault"]);
  });
});

describe("pageMeta", () => {
  const all = pages.map((page) => ({ path: page.path, meta: pageMeta(page.path) }));

  it.each(all.map(({ path, meta }) => [path, meta] as const))("%s has one title naming Veilvault", (_path, meta) => {
    const found = titles(meta);
    expect(found).toHaveLength(1);
    expect(String(found[0])).toMatch(/Veilvault/);
  });

  it("gives every page a distinct title", () => {
    const found = all.map(({ meta }) => titles(meta)[0]);
    expect(new Set(found).size).toBe(pages.length);
  });

  it.each(pages.map((page) => [page.path, page.description] as const))(
    "%s uses its own description and canonical URL",
    (path, description) => {
      const meta = pageMeta(path);
      expect(content(meta, "name", "description")).toBe(description);
      expect(canonicals(meta).map((link) => link.href)).toEqual([path === "/" ? `${SITE}/` : `${SITE}${path}`]);
      expect(content(meta, "name", "robots")).toBe("index, follow");
    },
  );

  it("appends the brand to titles that lack it and keeps those that have it", () => {
    expect(titles(pageMeta("/privacy-policy"))).toEqual(["Privacy Policy | Veilvault"]);
    expect(titles(pageMeta("/"))).toEqual(["Veilvault: Data Privacy Vault for the Agentic Era"]);
  });
});

describe("pageData and metaFromLoader", () => {
  it("hands the page's metadata to its meta export through the loader data", () => {
    const data = pageData("/features", { heading: "Core Features" });
    expect(data.heading).toBe("Core Features");
    expect(metaFromLoader({ loaderData: data })).toEqual(pageMeta("/features"));
  });

  it("gives no metadata when there is no loader data (an error thrown before the loader)", () => {
    expect(metaFromLoader({ loaderData: undefined })).toEqual([]);
  });
});
