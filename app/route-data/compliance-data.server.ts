import type { RegulationClosing, ResolvedRegulationPage } from "../components/compliance/regulation-layout.tsx";
import { compliancePages, regulationClosing } from "../content/compliance-hub.ts";
import { regulationPages } from "../content/regulations/index.ts";
import type { RegulationSlug } from "../content/types.ts";
import { withIconNodes } from "../lib/icons.server.ts";
import { pageData } from "./page-data.server.ts";

/** What every regulation page's loader returns: its record with icons drawn, and the shared closing that links the other pages. */
export function regulationData(slug: RegulationSlug) {
  const path = `/compliance/${slug}` as const;
  const record = regulationPages[slug];
  const page: ResolvedRegulationPage = { ...record, features: withIconNodes(record.features) };
  const closing: RegulationClosing = {
    ...regulationClosing,
    others: compliancePages.filter((link) => link.to !== path),
  };
  return pageData(path, { page, closing });
}
