import { landingPages } from "../content/landing-pages.server.ts";
import { architecturePage, blogPage, comingSoonPage, eventsPage, newsPage, companyPage, complianceHub, contactPage, featuresPage, homePage, legalDocument, playgroundPage, soc2Page, trustPage, useCaseHub } from "../content/pages.server.ts";
import { regulationsInTableOrder } from "../content/regulations.server.ts";
import type { PageMetaText } from "../content/schemas/copy.ts";
import { familySlug, pages, type LandingPath, type PageEntry, type PagePath, type RegulationPath } from "./pages.ts";

/**
 * Every page's title, description and sitemap weight, keyed by the route
 * table's paths (a page cannot be added without them). Kept apart from the
 * table because only the build reads them: the table itself ships to every
 * browser, for the menus. Titles and descriptions are copy, so they live in
 * each page's content file (EDIT-1); the weights and keywords are settings.
 */
export interface PageMeta extends PageMetaText {
  keywords?: readonly string[];
  /** Social image path on this site; the default card otherwise. */
  ogImage?: string;
  /** Relative weight in sitemap.xml. */
  priority: number;
}

type PageSettings = Omit<PageMeta, keyof PageMetaText>;

/** The families whose pages share their settings: the regulation pages, and the landing pages, which are files (UC-13). */
const REGULATION_PRIORITY = 0.7;
const LANDING_PRIORITY = 0.7;

const settings: Readonly<Record<Exclude<PagePath, RegulationPath | LandingPath>, PageSettings>> = {
  "/": { priority: 1, keywords: ["data privacy vault", "tokenization", "PII protection", "AI data privacy", "DPDP", "GDPR", "HIPAA"] },
  "/use-case": { priority: 0.8 },
  "/compliance": { priority: 0.8 },
  "/compliance/soc-2": { priority: 0.7 },
  "/features": { priority: 0.9 },
  "/architecture": { priority: 0.9 },
  "/playground": { priority: 0.8 },
  "/company": { priority: 0.6 },
  "/get-in-touch": { priority: 0.6 },
  "/blog": { priority: 0.7 },
  "/news": { priority: 0.5 },
  "/events": { priority: 0.5 },
  "/trust": { priority: 0.7, keywords: ["trust center", "security overview", "data processing addendum", "vulnerability disclosure"] },
  "/trust/vulnerability-disclosure": { priority: 0.4 },
  "/privacy-policy": { priority: 0.3 },
  "/terms-of-service": { priority: 0.3 },
  "/cookie-policy": { priority: 0.3 },
  "/coming-soon-page": { priority: 0.2 },
};

/** The pages that are one content file each, with their title and description. */
const ownFile: Partial<Record<PagePath, PageMetaText>> = {
  "/": homePage.meta,
  "/use-case": useCaseHub.meta,
  "/compliance": complianceHub.meta,
  "/compliance/soc-2": soc2Page.meta,
  "/features": featuresPage.meta,
  "/architecture": architecturePage.meta,
  "/playground": playgroundPage.meta,
  "/company": companyPage.meta,
  "/get-in-touch": contactPage.meta,
  "/coming-soon-page": comingSoonPage.meta,
  "/blog": blogPage.meta,
  "/news": newsPage.meta,
  "/events": eventsPage.meta,
  "/trust": trustPage.meta,
};

/** A page's title and description, from its content file. */
function metaText(path: PagePath): PageMetaText {
  const landing = familySlug("landing", path);
  if (landing !== undefined) {
    const record = landingPages[landing];
    if (!record) throw new Error(`${path} has no content file with its title and description`);
    return record.meta;
  }
  const legal = familySlug("legal", path);
  if (legal) return legalDocument(legal).data.meta;
  const regulation = regulationsInTableOrder.find((entry) => entry.path === path);
  if (regulation) return regulation.record.meta;
  const text = ownFile[path];
  if (!text) throw new Error(`${path} has no content file with its title and description`);
  return text;
}

const metaByPath: ReadonlyMap<string, PageMeta> = new Map(
  pages.map(({ path, family }) => [path, { ...metaText(path), ...(path in settings ? settings[path as keyof typeof settings] : { priority: family === "landing" ? LANDING_PRIORITY : REGULATION_PRIORITY }) }]),
  // Every path of the table: metaText throws for a page without its file.
);

/** A page's metadata. The landing pages' paths are whatever files the folder holds, so the compiler cannot see them all: a path the table lacks throws. */
export function metaOf(path: PagePath): PageMeta {
  const meta = metaByPath.get(path);
  if (!meta) throw new Error(`${path} is no page of the route table`);
  return meta;
}

/** The table's pages with their metadata, for the build and the tests. */
export const pagesWithMeta: readonly (PageEntry<PagePath> & PageMeta)[] = pages.map((page) => ({ ...page, ...metaOf(page.path) }));
