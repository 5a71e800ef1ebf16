import { LandingLayout } from "../components/landing/landing-layout.tsx";
import { metaFromLoader } from "../lib/seo.ts";
import { landingData } from "../route-data/landing-data.server.ts";
import { requestedPage } from "../route-data/page-data.server.ts";
import type { Route } from "./+types/use-case-landing";

/** Every use-case landing page (family "landing" in the route table): its record is found by its path. */
export const loader = ({ request }: Route.LoaderArgs) => landingData(requestedPage(request));
export const meta = metaFromLoader;

export default function UseCaseLandingPage({ loaderData }: Route.ComponentProps) {
  return <LandingLayout page={loaderData.page} marks={loaderData.marks} sections={loaderData.sections} />;
}
