import { LandingDetails, LandingHero, type ResolvedLandingPage } from "../components/landing/landing-layout.tsx";
import { landingSections } from "../content/pages.server.ts";
import { landingPages } from "../content/landing-pages.server.ts";
import { familySlug } from "../site/pages.ts";
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
  if (!slug) throw new Error(`${requestedPath} is not a use-case landing page in the route table`);
  const path = `/use-cases/${slug}` as const;
  const record = landingPages[slug];
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
