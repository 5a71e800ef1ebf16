import { linkTo, type PagePath, type RegulationPath } from "../site/pages.ts";
import type { RegulationPage } from "./types.ts";

export interface ComplianceLink {
  name: string;
  to: PagePath;
  summary: string;
}

/**
 * The six compliance pages as the hub lists them: the regulation pages in
 * route-table order (as the menu lists them), each with its record's line,
 * then SOC 2, each with the line its own file gives. Only the build reads these summaries.
 */
export function compliancePagesFrom(regulations: readonly { path: RegulationPath; record: Pick<RegulationPage, "hubSummary"> }[], soc2: Pick<RegulationPage, "hubSummary">): ComplianceLink[] {
  return [...regulations.map(({ path, record }) => ({ ...named(path), summary: record.hubSummary })), { ...named("/compliance/soc-2"), summary: soc2.hubSummary }];
}

function named(path: PagePath): { name: string; to: PagePath } {
  const { label, to } = linkTo(path);
  return { name: label, to };
}
