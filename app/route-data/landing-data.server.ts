import type { ResolvedLandingPage } from "../components/landing/landing-layout.tsx";
import { landingPages, landingSections, type LandingSlug } from "../content/landing-pages.ts";
import type { PagePath } from "../site/pages.ts";
import { aiVendorMarks } from "../lib/brand-marks.server.ts";
import { diagramMarkup } from "./diagram-markup.server.tsx";
import { withIconNodes } from "../lib/icons.server.ts";
import { pageData } from "./page-data.server.ts";

/** What every use-case landing page's loader returns: its record, with icons, diagram and brand marks drawn. */
export function landingData(path: PagePath, slug: LandingSlug) {
  const record = landingPages[slug];
  const page: ResolvedLandingPage = {
    ...record,
    features: withIconNodes(record.features.map(({ icon, title, description }) => ({ icon, title, desc: description }))),
    diagram: diagramMarkup(record.diagram, "landing"),
  };
  return pageData(path, { page, marks: aiVendorMarks, sections: landingSections });
}
