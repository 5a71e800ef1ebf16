/**
 * The five regulation pages, one content file each (COMP-3, EDIT-1):
 * content/regulations/<slug>.yaml, held to the regulation page schema
 * (EDIT-2) when the build reads them. Only loaders, the build and tests import this.
 */
import { familySlug, pages, type RegulationPath, type RegulationSlug } from "../site/pages.ts";
import { compliancePagesFrom } from "./compliance-hub.ts";
import { readContentFile } from "./content-files.server.ts";
import { soc2Page } from "./pages.server.ts";
import { regulationPageSchema, type RegulationPage } from "./schemas/regulation-page.ts";

/** The regulation pages in route-table order (the menu's), each with its path, slug and record. */
export const regulationsInTableOrder: readonly { path: RegulationPath; slug: RegulationSlug; record: RegulationPage }[] = pages.flatMap((page) => {
  const slug = familySlug("regulation", page.path);
  // familySlug found it in the regulation family, so its path is a RegulationPath.
  return slug ? [{ path: page.path as RegulationPath, slug, record: readContentFile(`regulations/${slug}.yaml`, regulationPageSchema) }] : [];
});

export const regulationPages = Object.fromEntries(regulationsInTableOrder.map(({ slug, record }) => [slug, record])) as Record<RegulationSlug, RegulationPage>;

/** The compliance pages as the hub and the regulation pages' closing links list them. */
export const compliancePages = compliancePagesFrom(regulationsInTableOrder, soc2Page);
