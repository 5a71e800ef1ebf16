/**
 * A use-case landing page (UC-9, UC-12), as content/use-cases/<slug>.yaml
 * holds it. Its statistics are FIG-1 figures; the LandingPage type is this
 * schema's. Each file is a page (UC-13): `navigation` says how the site lists
 * it, and whether the Use Cases menu does (landing-navigation.ts).
 */
import { z } from "zod";
import { APPROVED_PERCENTAGES, copy, iconName, pageMetaText, refuseMarkup } from "./copy.ts";
import { diagramSchema } from "./diagram.ts";
import { landingNavigationSchema } from "./landing-navigation.ts";

const statistic = z.strictObject({
  percentage: z.string().refine((figure) => APPROVED_PERCENTAGES.includes(figure), { message: `is not a figure FIG-1 approves (${APPROVED_PERCENTAGES.join(", ")})` }),
  description: copy,
});

const landingFeature = z.strictObject({ icon: iconName, title: copy, description: copy });

export const landingPageSchema = z.strictObject({
  meta: pageMetaText,
  navigation: landingNavigationSchema,
  label: copy,
  titleGradient: copy,
  /** Follows the gradient words on the same line, so it keeps its leading space. */
  titleRegular: z.string().min(1, "is empty").superRefine(refuseMarkup),
  description: copy,
  diagram: diagramSchema,
  stats: z.array(statistic).length(3),
  features: z.array(landingFeature).min(1),
  ctaChecklist: z.array(copy).min(1),
});

export type LandingPage = z.infer<typeof landingPageSchema>;
export type Statistic = z.infer<typeof statistic>;
export type LandingFeature = z.infer<typeof landingFeature>;
