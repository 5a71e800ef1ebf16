import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { notFound, pageIntros } from "../support/content.ts";
import {
  companyMenu,
  complianceLinks,
  footerColumns,
  headerLinks,
  solutionLinks,
  useCasesMenu,
  type NavLink,
} from "../../app/site/navigation.ts";
import { pagesWithMeta } from "../../app/site/page-meta.ts";
import { isPagePath, pageByPath, pages, prerenderPaths, utilityPages } from "../../app/site/pages.ts";
import { redirects } from "../../common/redirects.ts";

/** SITE-2's pages, listed literally, but for the Compliance Hub below (/blog only redirects: SITE-6). */
const SITE2_ROUTES = [
  "/",
  "/use-case",
  "/use-cases/generative-ai-workflow",
  "/use-cases/data-residency",
  "/use-cases/secure-analytics",
  "/use-cases/unstructured-data",
  "/use-cases/vendor-sharing",
  "/use-cases/disaster-response",
  "/compliance/gdpr",
  "/compliance/dpdp",
  "/compliance/ccpa",
  "/compliance/hipaa",
  "/compliance/dpia",
  "/compliance/soc-2",
  "/features",
  "/architecture",
  "/playground",
  "/company",
  "/get-in-touch",
  "/privacy-policy",
  "/terms-of-service",
  "/cookie-policy",
  "/coming-soon-page",
] as const;

/** PUB-3: the publishing collections' list pages (their entries' pages come from the collections). */
const PUBLISHING_ROUTES = ["/blog", "/news", "/events"] as const;

/** TRUST-1 and TRUST-2: the Trust Center and its disclosure policy. */
const TRUST_ROUTES = ["/trust", "/trust/vulnerability-disclosure"] as const;

/** SITE-2 and COMP-1: the Compliance Hub. */
const HUB_ROUTES = ["/compliance"] as const;

/** FIG-1's marketing figures. */
const ALLOWED_PERCENTAGES = new Set(["99.99%", "100%", "75%", "60%", "90%", "70%"]);

function isAllowedFigure(figure: string): boolean {
  return ALLOWED_PERCENTAGES.has(figure.replace(/\s+/g, ""));
}

const pagePaths: string[] = pages.map((page) => page.path);

function stripHash(to: string): string {
  const index = to.indexOf("#");
  return index === -1 ? to : to.slice(0, index);
}

/** Every percentage figure in a text: "42%", "99.99 %", "15 percent". */
function percentFigures(text: string): string[] {
  return [...text.matchAll(/\d+(?:[.,]\d+)?\s*(?:%|per\s?cent\b)/gi)].map((match) => match[0]);
}

function allStrings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap((item) => allStrings(item));
  if (typeof value === "object" && value !== null) return Object.values(value).flatMap((item) => allStrings(item));
  return [];
}

describe("route table (app/site/pages.ts)", () => {
  it.each([...SITE2_ROUTES, ...HUB_ROUTES])("has a page at %s", (path) => {
    expect(pagePaths).toContain(path);
    expect(isPagePath(path)).toBe(true);
    expect(pageByPath(path).path).toBe(path);
  });

  it("has exactly the routes of SITE-2, nothing else", () => {
    expect([...pagePaths].sort()).toEqual([...SITE2_ROUTES, ...HUB_ROUTES, ...PUBLISHING_ROUTES, ...TRUST_ROUTES].sort());
    expect(pages).toHaveLength(29);
  });

  it("does not register metadata-only spellings as pages", () => {
    for (const path of ["/compliance/soc2", "/coming-soon", "/404", "/features/"]) {
      expect(isPagePath(path), path).toBe(false);
    }
  });

  it("pageByPath throws for an unregistered path", () => {
    // Cast: the point is the runtime guard against paths outside the PagePath union.
    expect(() => pageByPath("/nope" as "/")).toThrow(/\/nope/);
  });

  it("has unique paths", () => {
    expect(new Set(pagePaths).size).toBe(pagePaths.length);
  });

  it.each(pagePaths)("path %s starts with / and has no trailing slash", (path) => {
    expect(path.startsWith("/")).toBe(true);
    if (path !== "/") expect(path.endsWith("/")).toBe(false);
    expect(path).not.toMatch(/\s|#|\?|\/\//);
  });

  it.each(pages.map((page) => [page.path, page.file] as const))("route module of %s (%s) exists under app/", (_path, file) => {
    const onDisk = fileURLToPath(new URL(`../../app/${file}`, import.meta.url));
    expect(existsSync(onDisk), onDisk).toBe(true);
  });

  it("has unique titles", () => {
    const titles = pagesWithMeta.map((page) => page.title);
    expect(new Set(titles).size).toBe(titles.length);
  });

  it("has unique descriptions", () => {
    const descriptions = pagesWithMeta.map((page) => page.description);
    expect(new Set(descriptions).size).toBe(descriptions.length);
  });

  it.each(pagesWithMeta.map((page) => [page.path, page.description] as const))(
    "description of %s is 70 to 160 characters",
    (_path, description) => {
      expect(description.length).toBeGreaterThanOrEqual(70);
      expect(description.length).toBeLessThanOrEqual(160);
    },
  );

  it("redirects exactly the spellings of SITE-6 that remain: /blog is the blog now (PUB-3)", () => {
    expect([...redirects]).toEqual([
      { from: "/compliance/soc2", to: "/compliance/soc-2" },
      { from: "/coming-soon", to: "/coming-soon-page" },
    ]);
  });

  it.each(redirects.map((r) => [r.from, r.to] as const))("redirect %s -> %s targets a page, not itself a page", (from, to) => {
    expect(pagePaths).toContain(to);
    expect(pagePaths).not.toContain(from);
  });

  it("prerenders every page, the newsletter pages and /404", () => {
    const paths = prerenderPaths();
    const newsletterPaths = utilityPages.map((page) => page.path);
    expect(paths).toEqual([...pagePaths, ...newsletterPaths, "/404"]);
    expect(new Set(paths).size).toBe(pages.length + newsletterPaths.length + 1);
  });
});

describe("navigation links (app/site/navigation.ts, content/not-found.yaml)", () => {
  const allLinks: { where: string; link: NavLink }[] = [
    ...solutionLinks.map((link) => ({ where: "solutionLinks", link })),
    ...complianceLinks.map((link) => ({ where: "complianceLinks", link })),
    ...headerLinks.map((link) => ({ where: "headerLinks", link })),
    ...[useCasesMenu, companyMenu].flatMap((menu) =>
      menu.columns.flatMap((column) => column.links.map((link) => ({ where: `${menu.id}/${column.heading}`, link }))),
    ),
    ...footerColumns.flatMap((column) => column.links.map((link) => ({ where: `footer/${column.heading}`, link }))),
    ...notFound.links.map((link) => ({ where: "notFound", link })),
  ];

  it.each(allLinks.map(({ where, link }) => [where, link.label, link.to] as const))(
    "%s '%s' -> %s points to a page of the route table",
    (_where, _label, to) => {
      expect(pagePaths).toContain(stripHash(to));
    },
  );

  it("has the six solution links with NAV-2's labels and blurbs, in order", () => {
    expect(solutionLinks.map(({ label, to, blurb }) => ({ label, to, blurb }))).toEqual([
      { label: "AI & LLM Privacy", to: "/use-cases/generative-ai-workflow", blurb: "Keep data out of AI models" },
      { label: "Data Residency & Locality", to: "/use-cases/data-residency", blurb: "Comply with data residency laws" },
      { label: "Privacy-First Analytics", to: "/use-cases/secure-analytics", blurb: "Secure PII across tech stack" },
      { label: "Unstructured Data Protection", to: "/use-cases/unstructured-data", blurb: "Protect PHI and satisfy HIPAA" },
      { label: "Safe Vendor Sharing", to: "/use-cases/vendor-sharing", blurb: "Streamline PCI compliance" },
      { label: "Audit & Incident Visibility", to: "/use-cases/disaster-response", blurb: "Monitor data access" },
    ]);
  });

  it("has the compliance links GDPR, DPDP, HIPAA, DPIA, CCPA in that order", () => {
    expect(complianceLinks.map(({ label, to }) => ({ label, to }))).toEqual([
      { label: "GDPR", to: "/compliance/gdpr" },
      { label: "DPDP", to: "/compliance/dpdp" },
      { label: "HIPAA", to: "/compliance/hipaa" },
      { label: "DPIA", to: "/compliance/dpia" },
      { label: "CCPA", to: "/compliance/ccpa" },
    ]);
  });

  it("header: Use Cases menu has Solutions and Compliance columns; Company menu has About Us", () => {
    expect(useCasesMenu.columns.map((column) => column.heading)).toEqual(["Solutions", "Compliance"]);
    expect(useCasesMenu.columns[0]?.links).toHaveLength(6);
    expect(useCasesMenu.columns[1]?.links).toHaveLength(5);
    const companyLinks = companyMenu.columns.flatMap((column) => column.links);
    expect(companyLinks).toContainEqual({ label: "About Us", to: "/company" });
    expect(headerLinks.map(({ label, to }) => ({ label, to }))).toEqual([
      { label: "Core Features", to: "/features" },
      { label: "Explore our Architecture", to: "/architecture" },
    ]);
  });

  describe("footer", () => {
    const footerLinks = footerColumns.flatMap((column) => column.links.map(({ label, to }) => ({ label, to })));

    it.each([
      ["How It Works", "/#how-it-works"],
      ["Features", "/features"],
      ["Use Cases", "/use-case"],
      ["Compliance Hub", "/compliance"],
      ["Blogs", "/blog"],
      ["News", "/news"],
      ["Events", "/events"],
      ["Careers", "/coming-soon-page"],
      ["Trust Center", "/trust"],
    ])("links '%s' to %s", (label, to) => {
      expect(footerLinks).toContainEqual({ label, to });
    });

    it.each(["/company", "/get-in-touch", "/terms-of-service", "/privacy-policy"])("links to %s", (to) => {
      expect(footerLinks.map((link) => link.to)).toContain(to);
    });

    it("has the Product and Resources columns as FOOT-1 and FOOT-2 list them", () => {
      const product = footerColumns.find((column) => column.heading === "Product");
      const resources = footerColumns.find((column) => column.heading === "Resources");
      expect(product?.links.map((link) => link.label)).toEqual(["How It Works", "Features", "Use Cases", "Compliance Hub"]);
      expect(resources?.links.map((link) => link.label)).toEqual(["Blogs", "News", "Events"]);
    });
  });
});

describe("page intros (the content files)", () => {
  const introPaths: string[] = Object.keys(pageIntros);

  it("has an intro for every page but those whose own record opens them (home, landing, regulation and SOC 2 pages)", () => {
    const withIntroBand = pagePaths.filter(
      (path) => path !== "/" && !path.startsWith("/use-cases/") && !path.startsWith("/compliance/"),
    );
    expect([...introPaths].sort()).toEqual([...withIntroBand].sort());
  });

  it.each([
    ["/features", "Core Features"],
    ["/architecture", "Explore Our Architecture"],
  ] as const)("heading of %s is exactly '%s'", (path, heading) => {
    expect(pageIntros[path].heading).toBe(heading);
  });

  it.each([
    ["/privacy-policy", "20th March 2025"],
    ["/terms-of-service", "15th April 2025"],
    ["/cookie-policy", "January 1, 2024"],
  ] as const)("intro of %s states the date %s", (path, date) => {
    expect(pageIntros[path].intro).toContain(date);
  });

  it("every intro has a non-empty heading and intro", () => {
    for (const [path, intro] of Object.entries(pageIntros)) {
      expect(intro.heading.trim(), path).not.toBe("");
      expect(intro.intro.trim(), path).not.toBe("");
    }
  });

  it("uses no percentage figure outside FIG-1's list", () => {
    const strings = allStrings(pageIntros);
    expect(strings.length).toBeGreaterThan(20);
    const figures = strings.flatMap((text) => percentFigures(text));
    const unlisted = figures.filter((figure) => !isAllowedFigure(figure));
    expect(unlisted).toEqual([]);
  });

  it("the percentage check itself catches an unlisted figure", () => {
    // Guards the regular expression above against silently matching nothing.
    const sample = "Cuts costs by 42% and 99.99 % uptime, 15 percent more, 75% fewer.";
    const figures = percentFigures(sample);
    expect(figures).toEqual(["42%", "99.99 %", "15 percent", "75%"]);
    expect(figures.filter((figure) => !isAllowedFigure(figure))).toEqual(["42%", "15 percent"]);
  });
});
