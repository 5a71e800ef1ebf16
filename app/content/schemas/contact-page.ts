/**
 * The Get in touch page (CONTACT-1), as content/get-in-touch.yaml holds it:
 * the words around the form; the form's own labels and messages are the
 * requirements' exact texts and live with the form.
 */
import { z } from "zod";
import { copy, pageIntro, pageMetaText, sectionHeading } from "./copy.ts";

export const contactPageSchema = z.strictObject({
  meta: pageMetaText,
  intro: pageIntro,
  form: z.strictObject({ heading: copy, intro: copy }),
  otherWays: z.strictObject({ heading: copy, email: copy, demo: copy }),
  offices: sectionHeading,
});

export type ContactPage = z.infer<typeof contactPageSchema>;
