import { LandingLayout } from "../components/landing/landing-layout.tsx";
import { landingData } from "../route-data/landing-data.server.ts";
import { metaFromLoader } from "../lib/seo.ts";
import type { Route } from "./+types/use-cases.data-residency";

export const loader = () => landingData("/use-cases/data-residency", "data-residency");
export const meta = metaFromLoader;

export default function DataResidencyPage({ loaderData }: Route.ComponentProps) {
  return <LandingLayout page={loaderData.page} marks={loaderData.marks} sections={loaderData.sections} />;
}
