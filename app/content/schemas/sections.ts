/**
 * The parts several kinds of page are built from (EDIT-2): cards, questions,
 * text beside a diagram, closing bands. Page schemas compose them, so a card
 * means the same thing on every page that shows one.
 */
import { z } from "zod";
import { copy, iconName } from "./copy.ts";
import { diagramSchema, diagramNode } from "./diagram.ts";

/** An icon card (HOME-4: icon, title, desc). */
export const featureCard = z.strictObject({ icon: iconName, title: copy, desc: copy });

/** A question and its answer; each line of the answer is its own paragraph. */
export const faqItem = z.strictObject({ question: copy, answer: copy });

/** Text beside a diagram, alternating sides down the page. */
export const textBlock = z.strictObject({
  title: copy,
  description: copy,
  bulletPoints: z.array(copy).min(1),
  /** A result line; figures only from FIG-1 (FEAT-3). */
  impact: copy.optional(),
  graphic: diagramSchema,
  /** Graphic on the left instead of the right (wide screens). */
  reverse: z.boolean().optional(),
});

/** The band that closes a page with its invitation to book a demo. */
export const closingBand = z.strictObject({ heading: copy, text: copy });

/** One stage of the How It Works flow. */
export const flowStage = z.strictObject({
  id: diagramNode.shape.id,
  title: copy,
  /** Under the stage in the diagram: at most 18 characters, monospace. */
  example: copy.max(18, "is longer than the 18 characters its box holds"),
  /** The sentence in the step list under the diagram. */
  text: copy,
  tone: diagramNode.shape.tone.unwrap(),
});

export type FeatureCard = z.infer<typeof featureCard>;
export type FaqItem = z.infer<typeof faqItem>;
export type TextBlock = z.infer<typeof textBlock>;
export type FlowStage = z.infer<typeof flowStage>;
