import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { MetaDescriptor } from "react-router";
import { describe, expect, it } from "vitest";
import { TRUST_PAGES } from "../../common/trust-center.ts";
import { CONFIRMATION_LINK_VALID_HOURS, NEWSLETTER_PAGES } from "../../common/newsletter-pages.ts";
import { newsletterPages, notFound } from "../support/content.ts";

import { newsletterPageData } from "../../app/route-data/newsletter-data.server.ts";
import { companyMenu, footerColumns, headerLinks, NEWSLETTER_BOX_ID, useCasesMenu, type NavLink } from "../../app/site/navigation.ts";
import { pagesWithMeta } from "../../app/site/page-meta.ts";
import { isPagePath, pages, prerenderPaths, utilityPages } from "../../app/site/pages.ts";
import { loadCollections } from "../../app/content/collections.server.ts";
import { sitemapEntries, sitemapXml } from "../../scripts/build/lib/crawl-files.ts";
import { strings, unlistedPercentages } from "../support/copy.ts";

/** FOOT-10's five paths, listed literally: the e-mails link to and the server sends visitors to exactly these. */
const NEWSLETTER_PATHS = [
  "/newsletter/confirm",
  "/newsletter/confirmed",
  "/newsletter/link-expired",
  "/newsletter/unsubscribe",
  "/newsletter/unsubscribed",
];

function metaValue(meta: MetaDescriptor[], key: string): unknown {
  const tag = meta.find((descriptor) => "name" in descriptor && descriptor.name === key);
  return tag && "content" in tag ? tag.content : undefined;
}

function metaTitle(meta: MetaDescriptor[]): unknown {
  const tag = meta.find((descriptor) => "title" in descriptor);
  return tag && "title" in tag ? tag.title : undefined;
}

describe("the newsletter pages (FOOT-10)", () => {
  it("are the five paths the e-mails and the server send visitors to, each prerendered from a module that exists", () => {
    expect(Object.values(NEWSLETTER_PAGES).sort()).toEqual([...NEWSLETTER_PATHS].sort());
    // Beside them, the Trust Center's link pages (TRUST-5), drawn by the same module.
    expect(utilityPages.map((page) => page.path).sort()).toEqual([...NEWSLETTER_PATHS, ...Object.values(TRUST_PAGES)].sort());
    for (const page of utilityPages) {
      expect(prerenderPaths(), page.path).toContain(page.path);
      expect(existsSync(fileURLToPath(new URL(`../../app/${page.file}`, import.meta.url))), page.file).toBe(true);
    }
  });

  it("are not among the site's public pages (SITE-2), its menus or the not-found page's links", () => {
    const links: readonly NavLink[] = [
      ...headerLinks,
      ...[useCasesMenu, companyMenu].flatMap((menu) => menu.columns.flatMap((column) => column.links)),
      ...footerColumns.flatMap((column): readonly NavLink[] => column.links),
      ...notFound.links,
    ];
    const linked: string[] = links.map((link) => link.to);
    for (const path of NEWSLETTER_PATHS) {
      expect(isPagePath(path), path).toBe(false);
      expect(pages.map((page) => page.path as string), path).not.toContain(path);
      expect(linked.some((to) => to.startsWith("/newsletter")), path).toBe(false);
    }
  });

  it("are not in sitemap.xml", () => {
    const xml = sitemapXml(sitemapEntries(loadCollections()));
    expect(xml).not.toContain("/newsletter");
    expect(xml).toContain("<loc>https://veilvault.example/privacy-policy</loc>");
  });

  it.each(NEWSLETTER_PATHS)("%s says noindex, nofollow and names no canonical URL", (path) => {
    const { meta } = newsletterPageData(path);
    expect(metaValue(meta, "robots")).toBe("noindex, nofollow");
    expect(meta.some((descriptor) => "rel" in descriptor && descriptor.rel === "canonical")).toBe(false);
    expect(meta.some((descriptor) => "property" in descriptor && descriptor.property === "og:url")).toBe(false);
  });

  it.each(NEWSLETTER_PATHS)("%s has a title of its own and a description of 70 to 160 characters", (path) => {
    const { meta, content } = newsletterPageData(path);
    expect(metaTitle(meta)).toBe(`${content.title} | Veilvault`);
    const description = metaValue(meta, "description") as string;
    expect(description).toBe(content.description);
    expect(description.length).toBeGreaterThanOrEqual(70);
    expect(description.length).toBeLessThanOrEqual(160);
  });

  it("share no title or description with each other or with any page", () => {
    const titles = [...pagesWithMeta.map((page) => page.title), notFound.title, ...Object.values(newsletterPages).map((page) => page.title)];
    const descriptions = [
      ...pagesWithMeta.map((page) => page.description),
      notFound.description,
      ...Object.values(newsletterPages).map((page) => page.description),
    ];
    expect(new Set(titles).size).toBe(titles.length);
    expect(new Set(descriptions).size).toBe(descriptions.length);
  });

  it("refuses to render a path that is not a newsletter page", () => {
    expect(() => newsletterPageData("/newsletter")).toThrow(/not a newsletter page/);
    expect(() => newsletterPageData("/features")).toThrow(/not a newsletter page/);
  });
});

describe("the newsletter pages' copy (FOOT-11 to FOOT-15)", () => {
  it.each([
    [NEWSLETTER_PAGES.confirm, "Confirm your subscription"],
    [NEWSLETTER_PAGES.confirmed, "Your address is confirmed"],
    [NEWSLETTER_PAGES.linkExpired, "This link has expired or was already used"],
    [NEWSLETTER_PAGES.unsubscribe, "Unsubscribe from the newsletter"],
    [NEWSLETTER_PAGES.unsubscribed, "You are unsubscribed"],
  ])("%s is headed '%s'", (path, heading) => {
    expect(newsletterPages[path].heading).toBe(heading);
  });

  it("confirmed: says what arrives, that every issue has an unsubscribe link, and leads home (FOOT-11)", () => {
    const page = newsletterPages[NEWSLETTER_PAGES.confirmed];
    expect(page.paragraphs.join(" ")).toMatch(/once a month/);
    expect(page.paragraphs.join(" ")).toMatch(/every issue carries an unsubscribe link/i);
    expect(page.action).toEqual({ kind: "link", label: "Back to Home", href: "/" });
  });

  it("link expired: says links last 72 hours and points to the footer's newsletter box (FOOT-12, FIG-17)", () => {
    const page = newsletterPages[NEWSLETTER_PAGES.linkExpired];
    expect(CONFIRMATION_LINK_VALID_HOURS).toBe(72);
    expect(page.paragraphs.join(" ")).toContain("72 hours");
    expect(page.action).toEqual({ kind: "link", label: "Sign up again", href: `#${NEWSLETTER_BOX_ID}` });
    expect(NEWSLETTER_BOX_ID).toBe("newsletter");
  });

  it("link expired: reads right for an unsubscribe link too, and unsubscribes through the privacy address (FOOT-12)", () => {
    const page = newsletterPages[NEWSLETTER_PAGES.linkExpired];
    expect(page.title).not.toMatch(/confirmation/i);
    expect(page.contact?.text).toBe("To unsubscribe without a working link, write to");
    expect(page.contact?.email).toBe("privacy@veilvault.example");
  });

  it("unsubscribe: offers the one Unsubscribe button (FOOT-13)", () => {
    expect(newsletterPages[NEWSLETTER_PAGES.unsubscribe].action).toEqual({ kind: "post", label: "Unsubscribe" });
  });

  it("confirm: says the button confirms for the address the link was sent to, that nothing is sent before, and offers the one button (FOOT-15)", () => {
    const page = newsletterPages[NEWSLETTER_PAGES.confirm];
    expect(page.paragraphs).toHaveLength(1);
    expect(page.paragraphs[0]).toMatch(/^Press the button below to confirm the newsletter for the address this link was sent to\./);
    expect(page.paragraphs[0]).toMatch(/Until you do, we send that address nothing else\./);
    expect(page.action).toEqual({ kind: "post", label: "Confirm subscription" });
  });

  it("unsubscribed: no more issues, sign up again any time, erasure through the privacy address (FOOT-14)", () => {
    const page = newsletterPages[NEWSLETTER_PAGES.unsubscribed];
    expect(page.paragraphs.join(" ")).toMatch(/no more issues/);
    expect(page.paragraphs.join(" ")).toMatch(/sign up again at any time/);
    expect(page.contact?.email).toBe("privacy@veilvault.example");
    expect(page.action).toEqual({ kind: "link", label: "Back to Home", href: "/" });
  });

  it("states no percentage outside FIG-1 and no span of hours but FIG-17's", () => {
    const copy = strings(newsletterPages);
    expect(unlistedPercentages(copy)).toEqual([]);
    const hours = copy.flatMap((text) => text.match(/\d+[- ]hours?/g) ?? []);
    expect(hours.filter((span) => span !== "72 hours")).toEqual([]);
  });
});
