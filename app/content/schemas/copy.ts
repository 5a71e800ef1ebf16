/**
 * The pieces every content schema is built from (EDIT-2): copy that is a
 * non-empty line of text stating no figure outside FIG-1, icon names lucide
 * has, and the section headings and intros pages share. The build validates
 * content files with these; the browser never loads them, because only
 * loaders, which run while prerendering, read content files.
 */
import { z } from "zod";
import { ICON_NAMES } from "../icon-names.ts";

/** The percentages FIG-1 states; copy may state no other (FIG-2). */
export const APPROVED_PERCENTAGES: readonly string[] = ["99.99%", "100%", "75%", "60%", "90%", "70%"];

/** Visible copy: trimmed, not empty, and any percentage in it one that FIG-1 states. */
export const copy = z
  .string()
  .trim()
  .min(1, "is empty")
  .superRefine((text, context) => {
    for (const figure of text.match(/\d+(?:\.\d+)?%/g) ?? []) {
      if (!APPROVED_PERCENTAGES.includes(figure)) context.addIssue({ code: "custom", message: `states ${figure}, a figure FIG-1 does not approve (${APPROVED_PERCENTAGES.join(", ")})` });
    }
  });

export const iconName = z.enum(ICON_NAMES);

export const sectionHeading = z.strictObject({ eyebrow: copy.optional(), heading: copy, intro: copy.optional() });

export const pageIntro = z.strictObject({ eyebrow: copy.optional(), heading: copy, intro: copy, actions: z.boolean().optional() });

/** A page's title and meta description; only the build reads them. */
export const pageMetaText = z.strictObject({ title: copy, description: copy });
