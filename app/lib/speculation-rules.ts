import { TOKEN_PAGES } from "../../common/cache-control.ts";
import { DEMO_PATH } from "../../common/demo.ts";
import { DOWNLOADS_PREFIX } from "../../common/downloads.ts";
import { NEWSLETTER_PAGES } from "../../common/newsletter-pages.ts";

/**
 * Speculation Rules (PERF-4): Chromium prerenders a page of ours once the
 * visitor points at a link to it for a moment (moderate eagerness: hover on a
 * desktop, the link in view on a phone), so the click shows a page already
 * drawn. Same origin only, and never a page whose loading does something or
 * that a token opens: the console, the demo redirect (it counts a click), a
 * download or any other file, the API, the newsletter's and Trust Center's
 * pages an e-mail link opens. Engines without Speculation Rules ignore the
 * block; it is data, hashed into the CSP like every inline script.
 */
export const NO_SPECULATION: readonly string[] = [
  "/console",
  "/console/*",
  DEMO_PATH,
  `${DOWNLOADS_PREFIX}*`,
  "/id/*",
  // Any file: feeds, twins, calendars, PDFs, images.
  "/*.*",
  ...Object.values(NEWSLETTER_PAGES),
  ...TOKEN_PAGES,
];

export const SPECULATION_RULES = JSON.stringify({
  prerender: [
    {
      source: "document",
      where: {
        and: [
          { href_matches: "/*" },
          { not: { href_matches: [...new Set(NO_SPECULATION)] } },
          { not: { selector_matches: "[download], [target=_blank], [rel~=nofollow]" } },
        ],
      },
      eagerness: "moderate",
    },
  ],
});
