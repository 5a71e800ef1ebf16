/**
 * The landing pages' files as the route table reads them in a browser bundle
 * (the header's menus are an island): package.json's "#landing-files" picks
 * this module there, landing-files.server.ts everywhere else. The content
 * plugin (scripts/build/lib/content-files-plugin.ts) validates each file and
 * hands over its `navigation` alone, so no page's other words reach the browser.
 */
import type { LandingFile, LandingNavigation } from "../content/schemas/landing-navigation.ts";

// Relative to `base`, each key is "./<name>.yaml": the folder's path is not repeated in every visitor's copy.
const navigationByFile = import.meta.glob<LandingNavigation>("./*.yaml", { base: "../../content/use-cases", eager: true, import: "navigation" });

// The route table puts them in order.
export const landingFiles: readonly LandingFile[] = Object.entries(navigationByFile).map(([key, navigation]) => ({ name: key.slice("./".length), navigation }));
