// A content file imported by a module the browser runs: the build's content plugin
// (scripts/build/lib/content-files-plugin.ts) validates it and hands over its data.
declare module "*.yaml" {
  const data: unknown;
  export default data;
}

// The landing pages' entries, made by the build's content plugin from content/use-cases (app/site/landing-files.browser.ts).
declare module "virtual:landing-pages" {
  export const landingPages: readonly import("../site/landing-pages.ts").LandingPage[];
}
