import { NEWSLETTER_PAGES } from "../../common/newsletter-pages.ts";
import { TRUST_PAGES } from "../../common/trust-center.ts";
import { pages } from "../../app/site/pages.ts";
import { loadCollections } from "../../app/content/collections.server.ts";

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

/**
 * The Trust Center's link pages a buyer meets (TRUST-5), with their headings;
 * the approvers' pages are drawn by the same module as these.
 */
export const trustLinkPages = [
  { path: TRUST_PAGES.download, heading: "Download your copy" },
  { path: TRUST_PAGES.linkInvalid, heading: "This link no longer works" },
];

/** The newest post of the build: the post page every engine is checked on (PUB-3). */
export const newestPostPath = `/blog/${loadCollections().posts[0]?.slug ?? "(no post)"}`;
