/**
 * A regulation page (COMP-3 to COMP-6), as content/regulations/<slug>.yaml
 * holds it: the intro, four requirement cards and six feature cards, each
 * with three bullet points. The RegulationPage type is this schema's.
 */
import { z } from "zod";
import { copy, iconName, pageIntro, pageMetaText, sectionHeading } from "./copy.ts";

const requirementCard = z.strictObject({ title: copy, whatDoesItAsk: copy, why: copy, howWeSolve: copy });

const featureCard = z.strictObject({ icon: iconName, title: copy, description: copy, bulletPoints: z.array(copy).length(3) });

export const regulationPageSchema = z.strictObject({
  /** Short name, as navigation shows it: "GDPR". */
  name: copy,
  /** The law as it is formally cited, shown under the intro. */
  citation: copy,
  meta: pageMetaText,
  /** The line under the page's name in the Compliance Hub and in the other regulation pages' closing links. */
  hubSummary: copy,
  intro: pageIntro,
  requirementsHeading: sectionHeading,
  requirements: z.array(requirementCard).length(4),
  featuresHeading: sectionHeading,
  features: z.array(featureCard).length(6),
});

export type RegulationPage = z.infer<typeof regulationPageSchema>;
export type RequirementCard = z.infer<typeof requirementCard>;
export type RegulationFeatureCard = z.infer<typeof featureCard>;
