import { RegulationLayout, type RegulationClosing, type ResolvedRegulationPage } from "../components/compliance/regulation-layout.tsx";
import { regulationClosing } from "../content/pages.server.ts";
import { compliancePages, regulationPages } from "../content/regulations.server.ts";
import { withIconNodes } from "../lib/icons.server.ts";
import { familySlug } from "../site/pages.ts";
import { pageData } from "./page-data.server.ts";
import { staticMarkup } from "./static-markup.server.tsx";

/**
 * What the regulation page at `path` gets from its loader: the whole page, its
 * record with icons drawn and the shared closing that links the other pages,
 * drawn at build time; it needs no script (PERF-8).
 */
export function regulationData(requestedPath: string) {
  const slug = familySlug("regulation", requestedPath);
  if (!slug) throw new Error(`${requestedPath} is not a regulation page in the route table`);
  const path = `/compliance/${slug}` as const;
  // The title and the hub line reach the page through its meta and the other pages' links, not its data.
  const { meta, hubSummary, ...record } = regulationPages[slug];
  const page: ResolvedRegulationPage = { ...record, features: withIconNodes(record.features) };
  const closing: RegulationClosing = {
    ...regulationClosing,
    others: compliancePages.filter((link) => link.to !== path),
  };
  return pageData(path, { page: staticMarkup(<RegulationLayout page={page} closing={closing} />) });
}
