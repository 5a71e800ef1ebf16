/**
 * What every use-case landing page shares (requirements UC-8 to UC-12); each
 * page's own words are in content/use-cases/<slug>.yaml (landing-pages.server.ts).
 */

/** Section headings every landing page shares. */
export const landingSections = {
  worksWith: "Works in front of the models your teams use",
  results: "Results",
  features: "How it works for you",
  closing: "What you get from day one",
};

export type LandingSections = typeof landingSections;
