/**
 * The demo call-to-action's one home (requirements SITE-10, FIG-5, ANA-4):
 * every "Schedule A Demo" link points at `DEMO_PATH`, which answers a 302 to
 * the external scheduling page. On the Node server the redirect also counts
 * a demo click for the visitor's landing page, so no script is needed; the
 * static-host files and the dev server redirect without counting.
 */
export const DEMO_PATH = "/go/demo";
export const DEMO_SCHEDULER_URL = "https://cal.com/veilvault/demo";
export const DEMO_MINUTES = 30;
