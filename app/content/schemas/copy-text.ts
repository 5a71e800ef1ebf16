/**
 * Copy, the words of every content file (EDIT-2, EDIT-7): trimmed, not empty,
 * no HTML, no figure outside FIG-1. Apart from copy.ts because the route table
 * (app/site/pages.ts) reads the landing pages' navigation with it, and copy.ts
 * reads the route table to check links.
 */
import { z } from "zod";
import { markupIn } from "../../lib/content-safety.ts";

/** The percentages FIG-1 states; copy may state no other (FIG-2). */
export const APPROVED_PERCENTAGES: readonly string[] = ["99.99%", "100%", "75%", "60%", "90%", "70%"];

/**
 * Words hold no HTML (EDIT-7). A page draws them as text, but the feeds, the
 * Markdown twins and llms.txt carry them as written, where a reader's
 * Markdown renderer would take `<img onerror=…>` for markup.
 */
export function refuseMarkup(text: string, context: z.RefinementCtx): void {
  const found = markupIn(text);
  if (found) context.addIssue({ code: "custom", message: `holds HTML (${found}…), which content files may not: write the words alone` });
}

/** Visible copy: trimmed, not empty, no HTML, and any percentage in it one that FIG-1 states. */
export const copy = z
  .string()
  .trim()
  .min(1, "is empty")
  .superRefine((text, context) => {
    refuseMarkup(text, context);
    for (const figure of text.match(/\d+(?:\.\d+)?%/g) ?? []) {
      if (!APPROVED_PERCENTAGES.includes(figure)) context.addIssue({ code: "custom", message: `states ${figure}, a figure FIG-1 does not approve (${APPROVED_PERCENTAGES.join(", ")})` });
    }
  });
