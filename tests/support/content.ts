/**
 * Content files as tests read them: the records the build reads, in the
 * shapes the pages draw (EDIT-1). Tests check words against these, so an edit
 * to a content file needs no edit to a test.
 */
import { readContentFile } from "../../app/content/content-files.server.ts";
import { architecturePage, blogPage, comingSoonPage, companyPage, complianceHub, contactPage, eventsPage, trustPage, featuresPage, legalDocument, newsPage, playgroundPage, useCaseHub } from "../../app/content/pages.server.ts";
import { fillPlaces, type PageIntroContent } from "../../app/content/schemas/copy.ts";
import { interfaceWordsSchema } from "../../app/content/schemas/interface-words.ts";
import { notFoundPageSchema } from "../../app/content/schemas/not-found-page.ts";
import { NEWSLETTER_PAGES, type NewsletterPagePath } from "../../common/newsletter-pages.ts";
import { newsletterPageData } from "../../app/route-data/newsletter-data.server.ts";
import { linkTo } from "../../app/site/pages.ts";
import type { NewsletterPageContent } from "../../app/content/types.ts";

const notFoundFile = readContentFile("not-found.yaml", notFoundPageSchema);

/** The 404 page's words, its links named as the route table names them. */
export const notFound = { ...notFoundFile, links: notFoundFile.links.map(linkTo) };

/** Each newsletter page as it is drawn: placeholders filled, addresses and links resolved. */
export const newsletterPages = Object.fromEntries(
  Object.values(NEWSLETTER_PAGES).map((path) => [path, newsletterPageData(path).content]),
) as Record<NewsletterPagePath, NewsletterPageContent>;

/** The pages that open with an intro band, by path. */
export const pageIntros = {
  "/use-case": useCaseHub.intro,
  "/compliance": complianceHub.intro,
  "/features": featuresPage.intro,
  "/architecture": architecturePage.intro,
  "/playground": playgroundPage.intro,
  "/company": companyPage.intro,
  "/get-in-touch": contactPage.intro,
  "/privacy-policy": legalDocument("privacy-policy").data.intro,
  "/terms-of-service": legalDocument("terms-of-service").data.intro,
  "/cookie-policy": legalDocument("cookie-policy").data.intro,
  "/coming-soon-page": comingSoonPage.intro,
  "/blog": blogPage.intro,
  "/news": newsPage.intro,
  "/events": eventsPage.intro,
  "/trust": trustPage.intro,
  "/trust/vulnerability-disclosure": legalDocument("vulnerability-disclosure").data.intro,
} satisfies Record<string, PageIntroContent>;

/** The interface's words (content/interface.yaml), as components name them with words(). */
export const interfaceWords = readContentFile("interface.yaml", interfaceWordsSchema);

/** A text with places, `{name}`, filled as the build fills them. */
export const filled = fillPlaces;
