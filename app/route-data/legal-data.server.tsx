import { legalDocument } from "../content/pages.server.ts";
import { familySlug, type PagePath } from "../site/pages.ts";
import { renderLegalDocument } from "../lib/legal-document.server.ts";
import { LegalPage } from "../components/legal/legal-page.tsx";
import { pageData } from "./page-data.server.ts";
import { staticMarkup } from "./static-markup.server.tsx";

/**
 * What a legal page's loader returns: the whole page, its intro, its dates and
 * its document with a table of contents, drawn at build time (PERF-8) from
 * content/legal/<slug>.md.
 */
export function legalData(requestedPath: string) {
  const slug = familySlug("legal", requestedPath);
  if (!slug) throw new Error(`${requestedPath} is not a legal document in the route table`);
  // familySlug found it in the route table, so the path is a page's.
  const path = requestedPath as PagePath;
  const { data, body } = legalDocument(slug);
  const page = <LegalPage intro={data.intro} date={data.date} document={renderLegalDocument(body)} />;
  return pageData(path, { page: staticMarkup(page) });
}
