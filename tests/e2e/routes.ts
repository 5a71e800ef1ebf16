import { NEWSLETTER_PAGES } from "../../common/newsletter-pages.ts";
import { pages } from "../../app/site/pages.ts";

/** Every page of the route table, as the browser tests visit them. */
export const pagePaths: string[] = pages.map((page) => page.path);

/** The pages a newsletter e-mail leads to (FOOT-10 to FOOT-15), with the heading each shows. */
export const newsletterPages = [
  { path: NEWSLETTER_PAGES.confirm, heading: "Confirm your subscription" },
  { path: NEWSLETTER_PAGES.confirmed, heading: "Your address is confirmed" },
  { path: NEWSLETTER_PAGES.linkExpired, heading: "This link has expired or was already used" },
  { path: NEWSLETTER_PAGES.unsubscribe, heading: "Unsubscribe from the newsletter" },
  { path: NEWSLETTER_PAGES.unsubscribed, heading: "You are unsubscribed" },
];
