/**
 * A page a newsletter e-mail leads to (FOOT-11 to FOOT-15), as
 * content/newsletter/<slug>.yaml holds it: a short explanation and one way
 * on. Copy may name {confirmationHours}, which the page fills from the
 * server's own limit, so the number has one home.
 */
import { z } from "zod";
import { copy, placesIn } from "./copy.ts";

export const NEWSLETTER_PLACEHOLDERS = ["confirmationHours"] as const;

const newsletterCopy = copy.superRefine((text, context) => {
  for (const name of placesIn(text)) {
    if (!(NEWSLETTER_PLACEHOLDERS as readonly string[]).includes(name)) {
      context.addIssue({ code: "custom", message: `names {${name}}, which the page cannot fill (${NEWSLETTER_PLACEHOLDERS.map((known) => `{${known}}`).join(", ")})` });
    }
  }
});

export const newsletterPageSchema = z.strictObject({
  title: newsletterCopy,
  description: newsletterCopy,
  heading: newsletterCopy,
  paragraphs: z.array(newsletterCopy).min(1),
  /** A closing line followed by one of the site's addresses, as a mailto: link. */
  contact: z.strictObject({ text: newsletterCopy, email: z.enum(["privacy", "contact"]) }).optional(),
  /**
   * The one way on: a link home or to the sign-up box, or a button that posts
   * the page's own URL back (confirming and unsubscribing are posts, because
   * mail filters' link scanners open every link).
   */
  action: z.discriminatedUnion("kind", [
    z.strictObject({ kind: z.literal("link"), label: copy, to: z.enum(["home", "sign-up box"]) }),
    z.strictObject({ kind: z.literal("post"), label: z.enum(["Confirm subscription", "Unsubscribe"]) }),
  ]),
});

export type NewsletterPage = z.infer<typeof newsletterPageSchema>;
