/** The five regulation pages, one record each (requirement COMP-3), keyed by the last part of their path. */
import { familySlug, pages, type RegulationPath, type RegulationSlug } from "../../site/pages.ts";
import type { RegulationPage } from "../types.ts";
import { ccpa } from "./ccpa.ts";
import { dpdp } from "./dpdp.ts";
import { dpia } from "./dpia.ts";
import { gdpr } from "./gdpr.ts";
import { hipaa } from "./hipaa.ts";

export const regulationPages: Record<RegulationSlug, RegulationPage> = { gdpr, dpdp, ccpa, hipaa, dpia };

/** The regulation pages in route-table order (the menu's), each with its path and record. */
export const regulationsInTableOrder: readonly { path: RegulationPath; record: RegulationPage }[] = pages.flatMap((page) => {
  const slug = familySlug("regulation", page.path);
  // familySlug found it in the regulation family, so its path is a RegulationPath.
  return slug ? [{ path: page.path as RegulationPath, record: regulationPages[slug] }] : [];
});
