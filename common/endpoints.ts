/**
 * Where the lead service listens: the server routes these paths, and the web
 * app posts to them unless LEADS_URL or NEWSLETTER_URL name another place.
 */
export const DEFAULT_LEADS_PATH = "/id/website/leads";
export const DEFAULT_NEWSLETTER_PATH = "/id/website/newsletter";
