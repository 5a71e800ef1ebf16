/**
 * A page an e-mail's link leads to, as content/newsletter/<slug>.yaml
 * (FOOT-11 to FOOT-15) and content/trust/<slug>.yaml (TRUST-5) hold it: a
 * short explanation and one way on. Copy may name the places LINK_PAGE_PLACES
 * lists, which the page fills from the server's own limits, so each number
 * has one home.
 */
import { z } from "zod";
import { copy, placesIn } from "./copy.ts";

export const LINK_PAGE_PLACES = ["confirmationHours", "decisionDays", "downloadDays"] as const;

const linkPageCopy = copy.superRefine((text, context) => {
  for (const name of placesIn(text)) {
    if (!(LINK_PAGE_PLACES as readonly string[]).includes(name)) {
      context.addIssue({ code: "custom", message: `names {${name}}, which the page cannot fill (${LINK_PAGE_PLACES.map((known) => `{${known}}`).join(", ")})` });
    }
  }
});
const newsletterCopy = linkPageCopy;

export const newsletterPageSchema = z.strictObject({
  title: newsletterCopy,
  description: newsletterCopy,
  heading: newsletterCopy,
  paragraphs: z.array(newsletterCopy).min(1),
  /** A closing line followed by one of the site's addresses, as a mailto: link. */
  contact: z.strictObject({ text: newsletterCopy, email: z.enum(["privacy", "contact", "security"]) }).optional(),
  /**
   * The one way on: a link home or to the sign-up box, or a button that posts
   * the page's own URL back (confirming and unsubscribing are posts, because
   * mail filters' link scanners open every link).
   */
  action: z.discriminatedUnion("kind", [
    z.strictObject({ kind: z.literal("link"), label: copy, to: z.enum(["home", "sign-up box", "trust center"]) }),
    z.strictObject({ kind: z.literal("post"), label: z.enum(["Confirm subscription", "Unsubscribe", "Approve access", "Deny access", "Download my copy"]) }),
  ]),
});

export type NewsletterPage = z.infer<typeof newsletterPageSchema>;
