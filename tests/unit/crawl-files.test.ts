// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { pagesWithMeta as pages } from "../../app/site/page-meta.ts";
import { loadCollections } from "../../app/content/collections.server.ts";
import { publishingPaths } from "../../app/content/publishing-routes.server.ts";
import { robotsTxt, sitemapEntries, sitemapXml } from "../../scripts/build/lib/crawl-files.ts";

// Assumes the default build environment (SITE_URL unset).
const SITE = "https://veilvault.example";
const SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9";

function expectedUrl(path: string): string {
  return path === "/" ? `${SITE}/` : `${SITE}${path}`;
}

describe("sitemapXml", () => {
  const published = loadCollections();
  const entries = sitemapEntries(published);
  const xml = sitemapXml(entries);
  const doc = new DOMParser().parseFromString(xml, "application/xml");
  const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);

  it("starts with the XML prolog", () => {
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
  });

  it("is well-formed XML with a urlset root in the sitemap namespace", () => {
    expect(doc.getElementsByTagName("parsererror")).toHaveLength(0);
    expect(doc.documentElement.localName).toBe("urlset");
    expect(doc.documentElement.namespaceURI).toBe(SITEMAP_NS);
  });

  it("has exactly one <url> with one <loc> per page, the route table's and the collections' (PUB-4)", () => {
    const urls = doc.getElementsByTagNameNS(SITEMAP_NS, "url");
    expect(urls).toHaveLength(pages.length + publishingPaths(published).length);
    for (const url of urls) expect(url.getElementsByTagNameNS(SITEMAP_NS, "loc")).toHaveLength(1);
    expect(locs).toHaveLength(urls.length);
  });

  it("lists every page once, as an absolute URL on the site", () => {
    expect(locs.slice(0, pages.length)).toEqual(pages.map((page) => expectedUrl(page.path)));
    expect(locs.slice(pages.length).sort()).toEqual(publishingPaths(published).map(expectedUrl).sort());
    expect(new Set(locs).size).toBe(locs.length);
    expect(locs).toContain(`${SITE}/`);
    expect(locs).toContain(`${SITE}/compliance/soc-2`);
    for (const loc of locs) expect(loc).toMatch(/^https:\/\/veilvault\.example\//);
  });

  it("does not list the not-found page or redirected spellings", () => {
    expect(locs).not.toContain(`${SITE}/404`);
    expect(xml).not.toContain("/404");
    for (const path of ["/coming-soon", "/compliance/soc2"]) expect(locs).not.toContain(`${SITE}${path}`);
  });

  it("gives each page its priority with one decimal", () => {
    const priorities = [...doc.getElementsByTagNameNS(SITEMAP_NS, "priority")].map((node) => node.textContent);
    expect(priorities.slice(0, pages.length)).toEqual(pages.map((page) => page.priority.toFixed(1)));
    expect(priorities[0]).toBe("1.0");
  });

  it("gives each post its last change (its update, else its publication), the blog its newest post's, and a legal document the date it states (PUB-4)", () => {
    const lastmod = (path: string) => entries.find((entry) => entry.path === path)?.lastmod;
    for (const post of published.posts) expect(lastmod(`/blog/${post.slug}`), post.slug).toBe(post.data.updated ?? post.data.published);
    expect(lastmod("/blog")).toBe(published.posts.map((post) => post.data.updated ?? post.data.published).sort().at(-1));
    expect(lastmod("/privacy-policy")).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(lastmod("/features")).toBeUndefined();
    const shown = [...doc.getElementsByTagNameNS(SITEMAP_NS, "url")].find((url) => url.getElementsByTagNameNS(SITEMAP_NS, "loc")[0]?.textContent === `${SITE}/blog`);
    expect(shown?.getElementsByTagNameNS(SITEMAP_NS, "lastmod")[0]?.textContent).toBe(lastmod("/blog"));
  });

  it("builds from the entries it is given", () => {
    const only = sitemapXml([{ path: "/features", priority: 0.5 }]);
    expect([...only.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1])).toEqual([`${SITE}/features`]);
  });
});

describe("robotsTxt", () => {
  it("allows everything and names the sitemap when indexing is allowed", () => {
    const robots = robotsTxt(true);
    const lines = robots.split("\n");
    expect(lines).toContain("User-agent: *");
    expect(lines).toContain("Allow: /");
    expect(lines).not.toContain("Disallow: /");
    expect(lines).toContain(`Sitemap: ${SITE}/sitemap.xml`);
  });

  it("disallows the whole site when indexing is not allowed", () => {
    const robots = robotsTxt(false);
    const lines = robots.split("\n");
    expect(lines).toContain("User-agent: *");
    expect(lines).toContain("Disallow: /");
    expect(lines).not.toContain("Allow: /");
    expect(robots).not.toMatch(/Sitemap:/);
  });
});
