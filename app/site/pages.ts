/**
 * The one route table. The router (app/routes.ts), the prerender list
 * (react-router.config.ts), sitemap.xml, the menus and lists of pages derive
 * from it, and page-meta.ts must give each of its paths a title, description
 * and sitemap weight, so a page cannot exist without them.
 *
 * The use-case landing pages are the files of content/use-cases (UC-13): the
 * table reads the folder when it is loaded, so an editor adds or removes a
 * page by adding or removing its file. "#landing-files" (package.json) reads
 * them from disk in Node and through the build's content plugin in a browser
 * bundle, where the header's menus need the table.
 */
import { landingPages } from "#landing-files";
import { NEWSLETTER_PAGES, type NewsletterPagePath } from "../../common/newsletter-pages.ts";
import { TRUST_PAGES, type TrustPagePath } from "../../common/trust-center.ts";
import { redirects } from "../../common/redirects.ts";
import { LANDING_PREFIX, type LandingPath } from "./landing-pages.ts";

export type PageFamily = "landing" | "regulation" | "legal" | "publishing";

export interface PageEntry<Path extends string = string> {
  /** URL path, no trailing slash. */
  path: Path;
  /** How menus, hub lists and the not-found page name the page, where they list it. */
  label?: string;
  /** The line under the label in the Use Cases menu. */
  blurb?: string;
  /** Route module, relative to app/. The pages of a family share one, which finds its record by path. */
  file: string;
  /** Pages drawn from records by one layout: use-case landing pages, regulation pages, legal documents, the publishing collections' lists. */
  family?: PageFamily;
  /** Listed in the header's Use Cases menu: the landing pages whose file says so (UC-13). */
  inMenu?: boolean;
}

/** The pages written here; the landing pages come from their files, and follow the Use Cases hub. */
const writtenPages = [
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

type WrittenPage = (typeof writtenPages)[number];

export { LANDING_PREFIX, type LandingPath };

export type PagePath = WrittenPage["path"] | LandingPath;

type FamilyPath<F extends PageFamily> = F extends "landing" ? LandingPath : Extract<WrittenPage, { family: F }>["path"];
type LastSegment<P extends string> = P extends `${string}/${infer Rest}` ? LastSegment<Rest> : P;
type FamilySlug<F extends PageFamily> = F extends "landing" ? string : LastSegment<FamilyPath<F>>;

/** The slugs of each family: the written ones from the table, the landing pages' from whatever files the folder holds. */
export type LandingSlug = FamilySlug<"landing">;
export type RegulationSlug = FamilySlug<"regulation">;
export type LegalSlug = FamilySlug<"legal">;
/** The regulation pages' paths: their titles and hub lines live in their records. */
export type RegulationPath = FamilyPath<"regulation">;

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

const hubAt = writtenPages.findIndex((page) => page.path === "/use-case") + 1;
/** Every public page, in the order of the menus, the sitemap and llms.txt: the landing pages after the Use Cases hub. */
export const pages: readonly PageEntry<PagePath>[] = [...writtenPages.slice(0, hubAt), ...landingPages, ...writtenPages.slice(hubAt)];

/** An address something of the site answers at, and what does: for refuseSharedPaths. */
export interface PathClaim {
  path: string;
  by: string;
}

/** Every address the site answers at, the landing files' last (UC-13): the pages they are checked against come first. */
export function pathClaims(landing: readonly PageEntry[] = pages.filter((page) => page.family === "landing")): PathClaim[] {
  return [
    ...writtenPages.map((page) => ({ path: page.path, by: "a page of the route table (app/site/pages.ts)" })),
    ...utilityPages.map((page) => ({ path: page.path, by: "a newsletter or Trust Center page (app/site/pages.ts)" })),
    ...redirects.map((redirect) => ({ path: redirect.from, by: `a redirect to ${redirect.to} (common/redirects.ts)` })),
    { path: NOT_FOUND_PATH, by: "the not-found page" },
    ...landing.map((page) => ({ path: page.path, by: `content/use-cases/${page.path.slice(LANDING_PREFIX.length)}.yaml: (the file's name)` })),
  ];
}

/**
 * Refuses two pages on one address (UC-13): a landing file whose address a
 * page of the table, a redirect or another file has already. Each problem names
 * the later claim, which pathClaims puts last: the file an editor added. The
 * router calls it (app/routes.ts), so every build and development server does;
 * the browser's copy of the table leaves it out.
 */
export function refuseSharedPaths(claims: readonly PathClaim[]): void {
  const first = new Map<string, string>();
  const problems: string[] = [];
  for (const { path, by } of claims) {
    const earlier = first.get(path);
    if (earlier === undefined) first.set(path, by);
    else problems.push(`${by}: is at ${path}, where ${earlier} is already: one address holds one page, so rename the file`);
  }
  if (problems.length > 0) throw new Error(problems.join("\n"));
}

/** The slug of the family page at `path` (its last segment), or undefined when no such page is in the table. */
export function familySlug<F extends PageFamily>(family: F, path: string): FamilySlug<F> | undefined {
  const page = byPath.get(path);
  return page?.family === family ? (path.slice(path.lastIndexOf("/") + 1) as FamilySlug<F>) : undefined;
}

/** Where the redirects lead: the compiler refuses this line unless every target is a page. */
export const redirectTargets: readonly PagePath[] = redirects.map((redirect) => redirect.to);

const byPath: ReadonlyMap<string, PageEntry<PagePath>> = new Map(pages.map((page) => [page.path, page]));

export function pageByPath(path: PagePath): PageEntry<PagePath> {
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
  return pages.filter((page) => page.family === family).map((page) => page.path);
}

/** The pages of one family that the header's menu lists, in table order. */
export function menuPages(family: PageFamily): PagePath[] {
  return pages.filter((page) => page.family === family && page.inMenu === true).map((page) => page.path);
}

export function isPagePath(path: string): path is PagePath {
  return byPath.has(path);
}

export function prerenderPaths(): string[] {
  return [...pages.map((page) => page.path), ...utilityPages.map((page) => page.path), NOT_FOUND_PATH];
}
