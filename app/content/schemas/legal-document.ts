/**
 * A legal document (LEGAL-1 to LEGAL-6), as content/legal/<slug>.md holds
 * it: the Markdown is the document, its frontmatter the page's title,
 * description, intro and the date the document states.
 */
import { z } from "zod";
import { copy, pageIntro, pageMetaText } from "./copy.ts";

export const legalDocumentSchema = z
  .strictObject({
    meta: pageMetaText,
    intro: pageIntro,
    date: z.strictObject({
      label: z.enum(["Effective", "Last updated"]),
      /** ISO date, for <time datetime>. */
      iso: z.iso.date("is not a date written YYYY-MM-DD").describe("A date, written year-month-day, such as 2026-11-28"),
      /** The date as the document writes it. */
      text: copy,
    }),
  })
  .superRefine((document, context) => {
    if (!document.intro.intro.includes(document.date.text)) {
      context.addIssue({ code: "custom", path: ["intro", "intro"], message: `does not state the document's date, "${document.date.text}"` });
    }
  });

export type LegalDocumentFrontmatter = z.infer<typeof legalDocumentSchema>;
