/**
 * The Compliance Hub (COMP-1, COMP-2), as content/compliance.yaml holds it,
 * and the closing every regulation page shares (COMP-7), as
 * content/shared/regulation-closing.yaml holds it.
 */
import { z } from "zod";
import { copy, pageIntro, pageMetaText, sectionHeading } from "./copy.ts";
import { closingBand, featureCard } from "./sections.ts";

export const complianceHubSchema = z.strictObject({
  meta: pageMetaText,
  intro: pageIntro,
  listHeading: copy,
  sharedHeading: sectionHeading,
  shared: z.array(featureCard).length(3),
  closing: closingBand,
});

export const regulationClosingSchema = closingBand.extend({ otherHeading: sectionHeading });

export type ComplianceHub = z.infer<typeof complianceHubSchema>;
export type RegulationClosing = z.infer<typeof regulationClosingSchema>;
