/**
 * Old or alternative spellings of pages, answered with a permanent redirect by
 * the server and by the static-host configuration. app/site/pages.ts checks at
 * compile time that every target is a page.
 */
export const redirects = [
  { from: "/compliance/soc2", to: "/compliance/soc-2" },
  { from: "/coming-soon", to: "/coming-soon-page" },
] as const;
