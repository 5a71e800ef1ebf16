/**
 * The home page (HOME-1 to HOME-9), as content/home.yaml holds it. The two
 * headings the requirements quote exactly are fixed here, so an edit cannot
 * drift from them; every figure is FIG-1's, every sample value fictional.
 */
import { z } from "zod";
import { copy, pageMetaText, sectionHeading } from "./copy.ts";
import { closingBand, faqItem, featureCard, flowStage, textBlock } from "./sections.ts";

/** A sample record shown raw and tokenized in the hero. All values are fictional. */
const tokenSample = z.strictObject({ field: copy, raw: copy, token: copy });

export const homePageSchema = z.strictObject({
  meta: pageMetaText,
  hero: z.strictObject({
    eyebrow: copy,
    heading: z.literal("Redefining Data Security For The Agentic Era", "must read exactly “Redefining Data Security For The Agentic Era” (HOME-2)"),
    /** One or two sentences under the heading. */
    description: copy.max(230, "is longer than the 230 characters the hero holds"),
  }),
  heroSample: z.array(tokenSample).min(1).max(6),
  nutshell: sectionHeading.extend({ cards: z.array(featureCard).length(6) }),
  howItWorks: sectionHeading.extend({ diagramTitle: copy, diagramDescription: copy, stages: z.array(flowStage).min(2).max(6) }),
  whyVeilvault: sectionHeading.extend({ blocks: z.array(textBlock).min(1) }),
  faqs: sectionHeading.extend({ items: z.array(faqItem).min(1) }),
  closingBand: closingBand.extend({
    heading: z.literal("Ready To Transform Your Business For The Future?", "must read exactly “Ready To Transform Your Business For The Future?” (HOME-9)"),
  }),
});

export type HomePage = z.infer<typeof homePageSchema>;
export type TokenSample = z.infer<typeof tokenSample>;
