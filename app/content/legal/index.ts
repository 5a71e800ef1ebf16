/**
 * The three legal documents (requirements LEGAL-1 to LEGAL-6). Each one's text is a
 * Markdown file beside this module, rendered to HTML at build time
 * (lib/legal-document.server.ts); here are the dates each states.
 */
import type { LegalSlug } from "../../site/pages.ts";

export interface LegalDocumentInfo {
  dateLabel: "Effective" | "Last updated";
  /** ISO date, for <time datetime>. */
  date: string;
  /** The date as the document writes it. */
  dateText: string;
}

export const legalDocuments: Record<LegalSlug, LegalDocumentInfo> = {
  "privacy-policy": { dateLabel: "Effective", date: "2025-03-20", dateText: "20th March 2025" },
  "terms-of-service": { dateLabel: "Effective", date: "2025-04-15", dateText: "15th April 2025" },
  "cookie-policy": { dateLabel: "Last updated", date: "2024-01-01", dateText: "January 1, 2024" },
};

export interface LegalSection {
  id: string;
  title: string;
}

/** A document as the page receives it: HTML drawn at build time, and its sections for the contents list. */
export interface RenderedLegalDocument {
  html: string;
  /** The level-2 sections, in order. */
  sections: LegalSection[];
}
