import { LandingDetails, LandingHero, type ResolvedLandingPage } from "../components/landing/landing-layout.tsx";
import { landingSections } from "../content/pages.server.ts";
import { landingPages } from "../content/landing-pages.server.ts";
import { familySlug, LANDING_PREFIX } from "../site/pages.ts";
import { aiVendorMarks } from "../lib/brand-marks.server.ts";
import { diagramMarkup } from "./diagram-markup.server.tsx";
import { withIconNodes } from "../lib/icons.server.ts";
import { pageData } from "./page-data.server.ts";
import { staticMarkup } from "./static-markup.server.tsx";

/**
 * What the use-case landing page at `path` gets from its loader: its hero and
 * details drawn at build time (PERF-8), around the 'works with' strip's brand
 * marks, which the browser draws.
 */
export function landingData(requestedPath: string) {
  const slug = familySlug("landing", requestedPath);
  const record = slug === undefined ? undefined : landingPages[slug];
  // One pattern serves the landing pages (app/routes.ts), so in development an address no file has reaches
  // this loader: React Router answers a thrown Response with its status, as it does a mistyped post's.
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Router's convention, above.
  if (slug === undefined || record === undefined) throw new Response("Not Found", { status: 404 });
  const path = `${LANDING_PREFIX}${slug}` as const;
  const page: ResolvedLandingPage = {
    ...record,
    features: withIconNodes(record.features.map(({ icon, title, description }) => ({ icon, title, desc: description }))),
    diagram: diagramMarkup(record.diagram, "landing"),
  };
  return pageData(path, {
    hero: staticMarkup(<LandingHero page={page} />),
    worksWith: landingSections.worksWith,
    marks: aiVendorMarks,
    details: staticMarkup(<LandingDetails page={page} sections={landingSections} />),
  });
}
