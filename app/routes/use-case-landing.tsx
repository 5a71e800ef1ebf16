import LogoMarqueeIsland from "../islands/logo-marquee.island.tsx";
import { StaticBlock } from "../components/ui/static-block.tsx";
import { metaFromLoader } from "../lib/seo.ts";
import { landingData } from "../route-data/landing-data.server.tsx";
import { requestedPage } from "../route-data/page-data.server.ts";
import type { Route } from "./+types/use-case-landing";

/** Every use-case landing page (family "landing" in the route table): its record is found by its path. */
export const loader = ({ request }: Route.LoaderArgs) => landingData(requestedPage(request));
export const meta = metaFromLoader;

/** The landing layout (components/landing/landing-layout.tsx): the 'works with' strip between two parts drawn at build time. */
export default function UseCaseLandingPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <StaticBlock markup={loaderData.hero} />
      <LogoMarqueeIsland heading={loaderData.worksWith} marks={loaderData.marks} />
      <StaticBlock markup={loaderData.details} />
    </>
  );
}
