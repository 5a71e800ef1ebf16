/**
 * A page that is its intro and text-and-diagram blocks (/features,
 * /architecture), as content/features.yaml and content/architecture.yaml hold it.
 */
import { z } from "zod";
import { pageIntro, pageMetaText } from "./copy.ts";
import { textBlock } from "./sections.ts";

export const blocksPageSchema = z.strictObject({
  meta: pageMetaText,
  intro: pageIntro,
  blocks: z.array(textBlock).min(1),
});

export type BlocksPage = z.infer<typeof blocksPageSchema>;
