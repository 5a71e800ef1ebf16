import { CONFIRMATION_LINK_VALID_HOURS, NEWSLETTER_PAGES, type NewsletterPagePath } from "../../common/newsletter-pages.ts";
import { site } from "../site/config.ts";
import { NEWSLETTER_BOX_ID } from "../site/navigation.ts";
import type { NewsletterPageContent } from "./types.ts";

/** Every page ends on the footer, so "the box below" is always there to point at. */
const signUpAgain = { kind: "link", label: "Sign up again", href: `#${NEWSLETTER_BOX_ID}` } as const;
const backHome = { kind: "link", label: "Back to Home", href: "/" } as const;

/**
 * The pages a newsletter e-mail's links lead to (FOOT-11 to FOOT-15). The server
 * sends the visitor to them (common/newsletter-pages.ts); what happened to the
 * address is the server's business, so the copy promises only what the server
 * does whatever the token was.
 */
export const newsletterPages = {
  [NEWSLETTER_PAGES.confirm]: {
    title: "Confirm Your Newsletter Subscription",
    description:
      "Confirm the Veilvault newsletter for the address this link was sent to. One button confirms it; until then, that address receives no issues.",
    heading: "Confirm your subscription",
    paragraphs: [
      "Press the button below to confirm the newsletter for the address this link was sent to. Until you do, we send that address nothing else.",
    ],
    action: { kind: "post", label: "Confirm subscription" },
  },
  [NEWSLETTER_PAGES.confirmed]: {
    title: "Newsletter Sign-up Confirmed",
    description:
      "Your address is confirmed for the Veilvault newsletter: privacy engineering notes once a month, each issue with a one-click unsubscribe link.",
    heading: "Your address is confirmed",
    paragraphs: [
      "Thank you. You will receive our privacy engineering notes by e-mail, once a month.",
      "Every issue carries an unsubscribe link. One click on it and the issues stop.",
    ],
    action: backHome,
  },
  // Expired or unknown unsubscribe links end here too, so the page also says how to stop the mail without one.
  [NEWSLETTER_PAGES.linkExpired]: {
    title: "Newsletter Link Expired",
    description: `This newsletter link has expired or was already used. Confirmation links last ${CONFIRMATION_LINK_VALID_HOURS} hours; you can sign up again from any page.`,
    heading: "This link has expired or was already used",
    paragraphs: [
      `A confirmation link works once, for ${CONFIRMATION_LINK_VALID_HOURS} hours after you sign up. If you have already confirmed your address, there is nothing more to do.`,
      "To receive the newsletter, sign up again with the box at the foot of this page and we will send you a new link. Until you confirm, we send your address nothing else.",
    ],
    contact: { text: "To unsubscribe without a working link, write to", email: site.email.privacy },
    action: signUpAgain,
  },
  [NEWSLETTER_PAGES.unsubscribe]: {
    title: "Unsubscribe from the Newsletter",
    description:
      "Stop receiving the Veilvault newsletter. One button unsubscribes the address this link was sent to; no login and no reason needed.",
    heading: "Unsubscribe from the newsletter",
    paragraphs: [
      "Press the button below and we will stop sending the newsletter to the address this link was sent to. You do not need to log in or give a reason.",
    ],
    action: { kind: "post", label: "Unsubscribe" },
  },
  [NEWSLETTER_PAGES.unsubscribed]: {
    title: "You Are Unsubscribed",
    description:
      "You are unsubscribed from the Veilvault newsletter and will receive no more issues. You can sign up again at any time from the foot of any page.",
    heading: "You are unsubscribed",
    paragraphs: [
      "You will receive no more issues of the newsletter. We keep a record that you unsubscribed, so that we do not write to you again by mistake.",
      "If you change your mind, you can sign up again at any time with the newsletter box at the foot of any page.",
    ],
    contact: { text: "To have your address deleted altogether, write to", email: site.email.privacy },
    action: backHome,
  },
} as const satisfies Record<NewsletterPagePath, NewsletterPageContent>;
