/**
 * The pages a newsletter e-mail leads to (requirement LEAD-16). The server
 * answers a confirmation or unsubscribe link with a 303 to one of them, and the
 * site prerenders them (app/site/pages.ts checks at compile time that each is
 * there), so both sides name them from here.
 */
export const NEWSLETTER_PAGES = {
  /**
   * Where the confirmation e-mail's link points; the page's one button posts to
   * itself, `?token=…` included, because link scanners in mail filters follow
   * every GET and would otherwise confirm sign-ups nobody made.
   */
  confirm: "/newsletter/confirm",
  /** After a confirmation post worked. */
  confirmed: "/newsletter/confirmed",
  /** After a confirmation or unsubscribe link that is expired, already used or unknown. */
  linkExpired: "/newsletter/link-expired",
  /** Where every issue's unsubscribe link points; the page posts to itself, `?token=…` included. */
  unsubscribe: "/newsletter/unsubscribe",
  /** After an unsubscribe post, whether or not its token was known. */
  unsubscribed: "/newsletter/unsubscribed",
} as const;

export type NewsletterPagePath = (typeof NEWSLETTER_PAGES)[keyof typeof NEWSLETTER_PAGES];

/** How long a confirmation link works after the sign-up: 72 hours. */
export const CONFIRMATION_LINK_VALID_HOURS = 72;
