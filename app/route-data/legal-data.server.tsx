import cookiePolicy from "../content/legal/cookie-policy.md?raw";
import { legalDocuments } from "../content/legal/index.ts";
import { familySlug, type LegalSlug } from "../site/pages.ts";
import privacyPolicy from "../content/legal/privacy-policy.md?raw";
import termsOfService from "../content/legal/terms-of-service.md?raw";
import { pageIntros } from "../content/page-intros.ts";
import { renderLegalDocument } from "../lib/legal-document.server.ts";
import { LegalPage } from "../components/legal/legal-page.tsx";
import { pageData } from "./page-data.server.ts";
import { staticMarkup } from "./static-markup.server.tsx";

export const legalMarkdown: Record<LegalSlug, string> = {
  "privacy-policy": privacyPolicy,
  "terms-of-service": termsOfService,
  "cookie-policy": cookiePolicy,
};

/**
 * What a legal page's loader returns: the whole page, its intro, its dates and
 * its document with a table of contents, drawn at build time (PERF-8).
 */
export function legalData(requestedPath: string) {
  const slug = familySlug("legal", requestedPath);
  if (!slug) throw new Error(`${requestedPath} is not a legal document in the route table`);
  const path = `/${slug}` as const;
  const page = <LegalPage intro={pageIntros[path]} info={legalDocuments[slug]} document={renderLegalDocument(legalMarkdown[slug])} />;
  return pageData(path, { page: staticMarkup(path, page) });
}
