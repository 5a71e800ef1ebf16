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

/** The pages a Trust Center e-mail leads to (TRUST-5), with the heading each shows. */
export const trustLinkPages = [
  { path: TRUST_PAGES.approve, heading: "Approve this request" },
  { path: TRUST_PAGES.deny, heading: "Deny this request" },
  { path: TRUST_PAGES.approved, heading: "Request approved" },
  { path: TRUST_PAGES.denied, heading: "Request denied" },
  { path: TRUST_PAGES.download, heading: "Download your copy" },
  { path: TRUST_PAGES.linkInvalid, heading: "This link no longer works" },
];

/**
 * One page of each kind an e-mail's link leads to, all drawn by one module
 * (routes/newsletter-page.tsx): a button that posts, a link to the sign-up
 * box, a contact line under the Trust Center's eyebrow. The first visit's
 * full checks run on these; every link page's heading and robots rules are
 * checked by request (newsletter-pages.spec.ts), and Firefox and WebKit load
 * them all.
 */
export const linkPageKinds = [newsletterPages[0], newsletterPages[2], trustLinkPages[5]].filter((page) => page !== undefined);

/** The newest post of the build: the post page every engine is checked on (PUB-3). */
export const newestPostPath = `/blog/${loadCollections().posts[0]?.slug ?? "(no post)"}`;
