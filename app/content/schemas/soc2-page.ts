/**
 * The SOC 2 page (SOC2-1 to SOC2-8) and the PDF guide built from the same
 * record, as content/soc-2.yaml holds them. The criteria are the five Trust
 * Services Criteria in their order; the closing heading is SOC2-7's, exactly.
 */
import { z } from "zod";
import { copy, iconName, pageIntro, pageMetaText, sectionHeading } from "./copy.ts";

/** The five Trust Services Criteria, in the AICPA's order. */
export type TrustServicesCriterion = "Security" | "Availability" | "Processing Integrity" | "Confidentiality" | "Privacy";

function criterion(title: TrustServicesCriterion) {
  return z.strictObject({
    title: z.literal(title, `must be "${title}": the five criteria come in the AICPA's order`),
    description: copy,
    icon: iconName,
    /** Exactly four key controls. */
    controls: z.array(copy).length(4),
  });
}

const reportType = (type: "Type I" | "Type II") =>
  z.strictObject({ type: z.literal(type, `must be "${type}"`), description: copy, timeline: copy, focus: copy });

/** A figure with its words, as 'Understanding SOC 2' shows them (FIG-14). */
const keyFigure = z.strictObject({ value: copy, label: copy });

const capabilityCard = z.strictObject({ icon: iconName, title: copy, description: copy });

/** A group of readiness steps in the downloadable guide. */
const checklistGroup = z.strictObject({ title: copy, items: z.array(copy).min(1) });

export const soc2PageSchema = z.strictObject({
  meta: pageMetaText,
  /** The line under the page's name in the Compliance Hub and the regulation pages' closing links. */
  hubSummary: copy,
  intro: pageIntro,
  understanding: sectionHeading.extend({ paragraphs: z.array(copy).min(1), figures: z.array(keyFigure).length(3) }),
  criteriaHeading: sectionHeading,
  criteria: z.tuple([criterion("Security"), criterion("Availability"), criterion("Processing Integrity"), criterion("Confidentiality"), criterion("Privacy")]),
  reportTypesHeading: sectionHeading,
  reportTypes: z.tuple([reportType("Type I"), reportType("Type II")]),
  platformHeading: sectionHeading,
  /** Exactly eight, in SOC2-5's order. */
  capabilities: z.array(capabilityCard).length(8),
  benefitsHeading: sectionHeading,
  businessBenefits: z.array(copy).min(1),
  securityBenefits: z.array(copy).min(1),
  closing: z.strictObject({ heading: z.literal("Start Your SOC 2 Journey", "must read exactly “Start Your SOC 2 Journey” (SOC2-7)"), text: copy }),
  /** What only the PDF guide adds: its cover, a foreword and the readiness checklist. */
  guide: z.strictObject({
    title: copy,
    subtitle: copy,
    foreword: z.array(copy).min(1),
    readiness: z.array(checklistGroup).min(1),
    /** A plain statement of what Veilvault is and is not in a SOC 2 audit. */
    scopeNote: copy,
  }),
});

export type Soc2Page = z.infer<typeof soc2PageSchema>;
export type Soc2CriterionCard = Soc2Page["criteria"][number];
export type ReportTypeCard = Soc2Page["reportTypes"][number];
export type KeyFigure = z.infer<typeof keyFigure>;
export type CapabilityCard = z.infer<typeof capabilityCard>;
export type ChecklistGroup = z.infer<typeof checklistGroup>;
