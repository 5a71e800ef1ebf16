import type { ResolvedLandingPage } from "../components/landing/landing-layout.tsx";
import { landingPages, landingSections } from "../content/landing-pages.ts";
import { familySlug } from "../site/pages.ts";
import { aiVendorMarks } from "../lib/brand-marks.server.ts";
import { diagramMarkup } from "./diagram-markup.server.tsx";
import { withIconNodes } from "../lib/icons.server.ts";
import { pageData } from "./page-data.server.ts";

/** What the use-case landing page at `path` gets from its loader: its record, with icons, diagram and brand marks drawn. */
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
  return pageData(path, { page, marks: aiVendorMarks, sections: landingSections });
}
