/**
 * The pages that are one content file each (EDIT-1), read from content/ and
 * held to their schemas (EDIT-2) when the build loads them. Only loaders, the
 * build and tests import this; the regulation and landing pages, which are
 * families of files, have modules of their own.
 */
import { readContentFile, readMarkdownFile } from "./content-files.server.ts";
import type { LegalSlug } from "../site/pages.ts";
import { blocksPageSchema } from "./schemas/blocks-page.ts";
import { companyPageSchema } from "./schemas/company-page.ts";
import { complianceHubSchema, regulationClosingSchema } from "./schemas/compliance-hub.ts";
import { contactPageSchema } from "./schemas/contact-page.ts";
import { homePageSchema } from "./schemas/home-page.ts";
import { introPageSchema } from "./schemas/intro-page.ts";
import { landingSectionsSchema } from "./schemas/landing-sections.ts";
import { blogPageSchema, eventsPageSchema, newsPageSchema } from "./schemas/publishing-pages.ts";
import { legalDocumentSchema, type LegalDocumentFrontmatter } from "./schemas/legal-document.ts";
import { playgroundPageSchema } from "./schemas/playground-page.ts";
import { soc2PageSchema } from "./schemas/soc2-page.ts";
import { useCaseHubSchema } from "./schemas/use-case-hub.ts";
import { ndaSchema, trustDocumentSchema, trustPageSchema } from "./schemas/trust-page.ts";

export const homePage = readContentFile("home.yaml", homePageSchema);
export const featuresPage = readContentFile("features.yaml", blocksPageSchema);
export const architecturePage = readContentFile("architecture.yaml", blocksPageSchema);
export const useCaseHub = readContentFile("use-case.yaml", useCaseHubSchema);
export const complianceHub = readContentFile("compliance.yaml", complianceHubSchema);
export const regulationClosing = readContentFile("shared/regulation-closing.yaml", regulationClosingSchema);
export const landingSections = readContentFile("shared/landing-sections.yaml", landingSectionsSchema);
export const soc2Page = readContentFile("soc-2.yaml", soc2PageSchema);
export const playgroundPage = readContentFile("playground.yaml", playgroundPageSchema);
export const companyPage = readContentFile("company.yaml", companyPageSchema);
export const contactPage = readContentFile("get-in-touch.yaml", contactPageSchema);
export const comingSoonPage = readContentFile("coming-soon-page.yaml", introPageSchema);
export const blogPage = readContentFile("blog.yaml", blogPageSchema);
export const newsPage = readContentFile("news.yaml", newsPageSchema);
export const eventsPage = readContentFile("events.yaml", eventsPageSchema);

/** A legal document: its frontmatter and its Markdown. */
export function legalDocument(slug: LegalSlug): { data: LegalDocumentFrontmatter; body: string } {
  return readMarkdownFile(`legal/${slug}.md`, legalDocumentSchema);
}

export const trustPage = readContentFile("trust.yaml", trustPageSchema);

/** The click-through non-disclosure terms a Trust Center request accepts. */
export const ndaTerms = readMarkdownFile("trust/nda.md", ndaSchema);

/** A gated document written in Markdown: content/trust/documents/<id>.md. */
export function trustDocument(id: string) {
  return readMarkdownFile(`trust/documents/${id}.md`, trustDocumentSchema);
}
