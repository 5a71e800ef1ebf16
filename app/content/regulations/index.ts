/** The five regulation pages, one record each (requirement COMP-3), keyed by the last part of their path. */
import type { RegulationSlug } from "../../site/pages.ts";
import type { RegulationPage } from "../types.ts";
import { ccpa } from "./ccpa.ts";
import { dpdp } from "./dpdp.ts";
import { dpia } from "./dpia.ts";
import { gdpr } from "./gdpr.ts";
import { hipaa } from "./hipaa.ts";

export const regulationPages: Record<RegulationSlug, RegulationPage> = { gdpr, dpdp, ccpa, hipaa, dpia };
