import { DEFAULT_NEWSLETTER_PATH } from "../../common/endpoints.ts";
import { NEWSLETTER_PAGES } from "../../common/newsletter-pages.ts";

/** Where the newsletter's links point: the confirmation, and the unsubscribe page and its one-click address. */
export const NEWSLETTER_PATHS = {
  /** The address earlier e-mails linked to: now it only leads to the page. */
  confirm: `${DEFAULT_NEWSLETTER_PATH}/confirm`,
  /** Where the e-mail links: a page whose one button posts to itself, so a mail scanner's GET confirms nobody. */
  confirmPage: NEWSLETTER_PAGES.confirm,
  unsubscribe: `${DEFAULT_NEWSLETTER_PATH}/unsubscribe`,
  unsubscribePage: NEWSLETTER_PAGES.unsubscribe,
  confirmedPage: NEWSLETTER_PAGES.confirmed,
  expiredPage: NEWSLETTER_PAGES.linkExpired,
  unsubscribedPage: NEWSLETTER_PAGES.unsubscribed,
} as const;
