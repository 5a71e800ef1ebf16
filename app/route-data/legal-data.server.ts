import cookiePolicy from "../content/legal/cookie-policy.md?raw";
import { legalDocuments, type LegalSlug } from "../content/legal/index.ts";
import privacyPolicy from "../content/legal/privacy-policy.md?raw";
import termsOfService from "../content/legal/terms-of-service.md?raw";
import { pageIntros } from "../content/page-intros.ts";
import { renderLegalDocument } from "../lib/legal-document.server.ts";
import { pageData } from "./page-data.server.ts";

export const legalMarkdown: Record<LegalSlug, string> = {
  "privacy-policy": privacyPolicy,
  "terms-of-service": termsOfService,
  "cookie-policy": cookiePolicy,
};

/** What a legal page's loader returns: its intro, its dates and its document as HTML with a table of contents. */
export function legalData(slug: LegalSlug) {
  const path = `/${slug}` as const;
  return pageData(path, {
    intro: pageIntros[path],
    info: legalDocuments[slug],
    document: renderLegalDocument(legalMarkdown[slug]),
  });
}
