import { CONFIRMATION_LINK_VALID_HOURS } from "../../common/newsletter-pages.ts";
import { TRUST_DECISION_LINK_DAYS, TRUST_DOWNLOAD_LINK_DAYS } from "../../common/trust-center.ts";
import { readContentFile } from "../content/content-files.server.ts";
import { fillPlaces } from "../content/schemas/copy.ts";
import { newsletterPageSchema, type NewsletterPage } from "../content/schemas/newsletter-page.ts";
import type { NewsletterPageContent } from "../content/types.ts";
import { buildMeta } from "../lib/seo.ts";
import { site } from "../site/config.ts";
import { NEWSLETTER_BOX_ID } from "../site/navigation.ts";
import { utilityPages } from "../site/pages.ts";

/** The facts a newsletter page's copy may name, each from its one home. */
const placeholders: Readonly<Record<string, string>> = {
  confirmationHours: String(CONFIRMATION_LINK_VALID_HOURS),
  decisionDays: String(TRUST_DECISION_LINK_DAYS),
  downloadDays: String(TRUST_DOWNLOAD_LINK_DAYS),
};

// The schema lets through only names this table has.
const filled = (text: string) => fillPlaces(text, placeholders);

const LINK_TARGETS = { home: "/", "sign-up box": `#${NEWSLETTER_BOX_ID}`, "trust center": "/trust" } as const;

/** content/newsletter/<slug>.yaml as the page draws it: placeholders filled, the address and the link resolved. */
function newsletterPageContent(page: NewsletterPage): NewsletterPageContent {
  const { action, contact } = page;
  return {
    title: filled(page.title),
    description: filled(page.description),
    heading: filled(page.heading),
    paragraphs: page.paragraphs.map(filled),
    ...(contact && { contact: { text: filled(contact.text), email: site.email[contact.email] } }),
    // Every page ends on the footer, so "the box below" is always there to point at.
    action: action.kind === "post" ? action : { kind: "link", label: action.label, href: LINK_TARGETS[action.to] },
  };
}

/**
 * What a newsletter page's loader returns: its copy and its metadata. These
 * pages are reached from an e-mail, never from a search (FOOT-10), so they say
 * noindex and name no canonical URL: the unsubscribe page is opened with a
 * personal `?token=…` that no index should keep, even stripped.
 */
export function newsletterPageData(requestedPath: string) {
  const page = utilityPages.find((candidate) => candidate.path === requestedPath);
  if (!page) throw new Error(`${requestedPath} is not a newsletter page`);
  // /newsletter/confirm reads content/newsletter/confirm.yaml; /trust/approve, content/trust/approve.yaml.
  const content = newsletterPageContent(readContentFile(`${page.path.slice(1)}.yaml`, newsletterPageSchema));
  return {
    content,
    meta: buildMeta({ path: null, title: content.title, description: content.description, noindex: true }),
  };
}
