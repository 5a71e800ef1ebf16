/**
 * The parts every page shares that need script: header and menus, footer and
 * newsletter box, consent banner. They arrive as one file after the page's own
 * script (site-chrome.tsx says why), so they are gathered here for the bundler.
 */
export { ConsentBanner } from "../consent-banner.tsx";
export { SiteFooter } from "../footer/site-footer.tsx";
export { SiteHeader } from "../header/site-header.tsx";
