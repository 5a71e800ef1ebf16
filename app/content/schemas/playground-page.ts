/**
 * The playground page (PLAY-1, PLAY-3), as content/playground.yaml holds it:
 * the steps the prerendered page explains (all a visitor without JavaScript
 * gets) and the invitation other pages show for it.
 */
import { z } from "zod";
import { copy, pageIntro, pageMetaText, sectionHeading } from "./copy.ts";

const playgroundStep = z.strictObject({ id: z.string().regex(/^[a-z][a-z0-9-]*$/, "is not an id (lower-case letters, digits and dashes)").describe("A short name for the step: lower-case letters, digits and dashes, such as detect"), title: copy, body: copy });

export const playgroundPageSchema = z.strictObject({
  meta: pageMetaText,
  intro: pageIntro,
  steps: sectionHeading.extend({ steps: z.array(playgroundStep).min(1), noScript: copy }),
  /** Shown under How It Works, on Core Features and on Architecture. */
  invite: z.strictObject({ text: copy, link: copy }),
});

export type PlaygroundPage = z.infer<typeof playgroundPageSchema>;
export type PlaygroundStep = z.infer<typeof playgroundStep>;
