/**
 * The one route table. The router (app/routes.ts), the prerender list
 * (react-router.config.ts), sitemap.xml, the menus and lists of pages derive
 * from it, and page-meta.ts must give each of its paths a title, description
 * and sitemap weight, so a page cannot exist without them.
 */
import { NEWSLETTER_PAGES, type NewsletterPagePath } from "../../common/newsletter-pages.ts";
import { TRUST_PAGES, type TrustPagePath } from "../../common/trust-center.ts";
import { redirects } from "../../common/redirects.ts";

export type PageFamily = "landing" | "regulation" | "legal" | "publishing";

export interface PageEntry {
  /** URL path, no trailing slash. */
  path: string;
  /** How menus, hub lists and the not-found page name the page, where they list it. */
  label?: string;
  /** The line under the label in the Use Cases menu. */
  blurb?: string;
  /** Route module, relative to app/. The pages of a family share one, which finds its record by path. */
  file: string;
  /** Pages drawn from records by one layout: use-case landing pages, regulation pages, legal documents, the publishing collections' lists. */
  family?: PageFamily;
}

export const pages = [
  {
    path: "/",
    label: "Home",
    file: "routes/home.tsx",
  },
  {
    path: "/use-case",
    label: "Use Cases",
    file: "routes/use-cases.tsx",
  },
  {
    path: "/use-cases/generative-ai-workflow",
    label: "AI & LLM Privacy",
    blurb: "Keep data out of AI models",
    family: "landing",
    file: "routes/use-case-landing.tsx",
  },
  {
    path: "/use-cases/data-residency",
    label: "Data Residency & Locality",
    blurb: "Comply with data residency laws",
    family: "landing",
    file: "routes/use-case-landing.tsx",
  },
  {
    path: "/use-cases/secure-analytics",
    label: "Privacy-First Analytics",
    blurb: "Secure PII across tech stack",
    family: "landing",
    file: "routes/use-case-landing.tsx",
  },
  {
    path: "/use-cases/unstructured-data",
    label: "Unstructured Data Protection",
    blurb: "Protect PHI and satisfy HIPAA",
    family: "landing",
    file: "routes/use-case-landing.tsx",
  },
  {
    path: "/use-cases/vendor-sharing",
    label: "Safe Vendor Sharing",
    blurb: "Streamline PCI compliance",
    family: "landing",
    file: "routes/use-case-landing.tsx",
  },
  {
    path: "/use-cases/disaster-response",
    label: "Audit & Incident Visibility",
    blurb: "Monitor data access",
    family: "landing",
    file: "routes/use-case-landing.tsx",
  },
  {
    path: "/compliance",
    label: "Compliance Hub",
    file: "routes/compliance.tsx",
  },
  {
    path: "/compliance/gdpr",
    label: "GDPR",
    family: "regulation",
    file: "routes/regulation.tsx",
  },
  {
    path: "/compliance/dpdp",
    label: "DPDP",
    family: "regulation",
    file: "routes/regulation.tsx",
  },
  {
    path: "/compliance/hipaa",
    label: "HIPAA",
    family: "regulation",
    file: "routes/regulation.tsx",
  },
  {
    path: "/compliance/dpia",
    label: "DPIA",
    family: "regulation",
    file: "routes/regulation.tsx",
  },
  {
    path: "/compliance/ccpa",
    label: "CCPA",
    family: "regulation",
    file: "routes/regulation.tsx",
  },
  {
    path: "/compliance/soc-2",
    label: "SOC 2",
    file: "routes/compliance.soc-2.tsx",
  },
  {
    path: "/features",
    label: "Core Features",
    file: "routes/features.tsx",
  },
  {
    path: "/architecture",
    label: "Explore our Architecture",
    file: "routes/architecture.tsx",
  },
  {
    path: "/playground",
    label: "Tokenization Playground",
    file: "routes/playground.tsx",
  },
  {
    path: "/company",
    label: "About Us",
    file: "routes/company.tsx",
  },
  {
    path: "/get-in-touch",
    label: "Get In Touch",
    file: "routes/get-in-touch.tsx",
  },
  {
    path: "/blog",
    label: "Blog",
    family: "publishing",
    file: "routes/publication.tsx",
  },
  {
    path: "/news",
    label: "News",
    family: "publishing",
    file: "routes/publication.tsx",
  },
  {
    path: "/events",
    label: "Events",
    family: "publishing",
    file: "routes/publication.tsx",
  },
  {
    path: "/trust",
    label: "Trust Center",
    file: "routes/trust.tsx",
  },
  {
    path: "/trust/vulnerability-disclosure",
    label: "Vulnerability Disclosure Policy",
    family: "legal",
    file: "routes/legal-document.tsx",
  },
  {
    path: "/privacy-policy",
    family: "legal",
    file: "routes/legal-document.tsx",
  },
  {
    path: "/terms-of-service",
    family: "legal",
    file: "routes/legal-document.tsx",
  },
  {
    path: "/cookie-policy",
    family: "legal",
    file: "routes/legal-document.tsx",
  },
  {
    path: "/coming-soon-page",
    file: "routes/coming-soon-page.tsx",
  },
] as const satisfies readonly PageEntry[];

export type PagePath = (typeof pages)[number]["path"];

type FamilyPath<F extends PageFamily> = Extract<(typeof pages)[number], { family: F }>["path"];
type LastSegment<P extends string> = P extends `${string}/${infer Rest}` ? LastSegment<Rest> : P;

/** The slugs of each family, from the table: a new record needs only its table entry to be typed. */
export type LandingSlug = LastSegment<FamilyPath<"landing">>;
export type RegulationSlug = LastSegment<FamilyPath<"regulation">>;
export type LegalSlug = LastSegment<FamilyPath<"legal">>;
/** The regulation pages' paths: their titles and hub lines live in their records. */
export type RegulationPath = FamilyPath<"regulation">;

/** The slug of the family page at `path` (its last segment), or undefined when no such page is in the table. */
export function familySlug<F extends PageFamily>(family: F, path: string): LastSegment<FamilyPath<F>> | undefined {
  const page = byPath.get(path);
  return page?.family === family ? (path.slice(path.lastIndexOf("/") + 1) as LastSegment<FamilyPath<F>>) : undefined;
}

/**
 * Pages that are not part of the public site (SITE-2, FOOT-10, TRUST-5): a
 * newsletter or Trust Center e-mail's links lead to them. They are routed and prerendered like the pages
 * above, but say noindex and stay out of the sitemap, the menus and every list
 * of pages, which is why they are not in `pages`. Their copy and metadata live
 * in content/<path>.yaml; one module renders them all.
 */
export const utilityPages: readonly { path: NewsletterPagePath | TrustPagePath; file: string }[] = [
  ...Object.values(NEWSLETTER_PAGES),
  ...Object.values(TRUST_PAGES),
].map((path) => ({ path, file: "routes/newsletter-page.tsx" }));

/** The not-found page is prerendered at this path and published as /404.html. */
export const NOT_FOUND_PATH = "/404";

/** Where the redirects lead: the compiler refuses this line unless every target is a page. */
export const redirectTargets: readonly PagePath[] = redirects.map((redirect) => redirect.to);

const byPath: ReadonlyMap<string, PageEntry> = new Map(pages.map((page) => [page.path, page]));

export function pageByPath(path: PagePath): PageEntry {
  const page = byPath.get(path);
  if (!page) throw new Error(`No page is registered at ${path}`);
  return page;
}

/** A link to a page, named by its label in the table. */
export function linkTo(path: PagePath): { label: string; to: PagePath } {
  const { label } = pageByPath(path);
  if (!label) throw new Error(`${path} has no label in the route table`);
  return { label, to: path };
}

/** The same, with the page's blurb: for the Use Cases menu. */
export function describedLink(path: PagePath): { label: string; to: PagePath; blurb: string } {
  const { blurb } = pageByPath(path);
  if (!blurb) throw new Error(`${path} has no blurb in the route table`);
  return { ...linkTo(path), blurb };
}

/** The pages of one family, in table order. */
export function familyPages(family: PageFamily): PagePath[] {
  return pages.filter((page) => "family" in page && page.family === family).map((page) => page.path);
}

export function isPagePath(path: string): path is PagePath {
  return byPath.has(path);
}

export function prerenderPaths(): string[] {
  return [...pages.map((page) => page.path), ...utilityPages.map((page) => page.path), NOT_FOUND_PATH];
}
