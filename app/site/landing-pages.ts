/**
 * The use-case landing pages as the route table lists them (UC-13): one per
 * file of content/use-cases, at /use-cases/<the file's name>, in their order.
 * Made from the files in Node (landing-files.server.ts), and for a browser
 * bundle by the build's content plugin, which hands over the finished list:
 * the header's menus get their entries, not the code that makes them.
 */
import type { LandingFile } from "../content/schemas/landing-navigation.ts";

/** Where the landing pages live: /use-cases/<the file's name>. */
export const LANDING_PREFIX = "/use-cases/";
export type LandingPath = `${typeof LANDING_PREFIX}${string}`;

/** A landing page's entry in the route table (app/site/pages.ts). */
export interface LandingPage {
  path: LandingPath;
  label: string;
  blurb?: string;
  family: "landing";
  file: string;
  inMenu?: true;
}

const slugOf = (file: LandingFile) => file.name.replace(/\.yaml$/, "");

/** Lower `order` first, then pages without one; a tie goes by file name, so the order never depends on the disk's. */
function byOrder(a: LandingFile, b: LandingFile): number {
  const [first, second] = [a.navigation.order ?? Number.POSITIVE_INFINITY, b.navigation.order ?? Number.POSITIVE_INFINITY];
  if (first !== second) return first < second ? -1 : 1;
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/** The landing family's entries, one per file of content/use-cases, in their order. */
export function landingPagesOf(files: readonly LandingFile[]): LandingPage[] {
  return [...files].sort(byOrder).map((file) => ({
    path: `${LANDING_PREFIX}${slugOf(file)}`,
    label: file.navigation.label,
    ...(file.navigation.blurb !== undefined && { blurb: file.navigation.blurb }),
    family: "landing",
    file: "routes/use-case-landing.tsx",
    ...(file.navigation.showInMenu && { inMenu: true }),
  }));
}
