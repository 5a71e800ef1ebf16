import { LandingLayout } from "../components/landing/landing-layout.tsx";
import { landingData } from "../route-data/landing-data.server.ts";
import { metaFromLoader } from "../lib/seo.ts";
import type { Route } from "./+types/use-cases.disaster-response";

export const loader = () => landingData("/use-cases/disaster-response", "disaster-response");
export const meta = metaFromLoader;

export default function DisasterResponsePage({ loaderData }: Route.ComponentProps) {
  return <LandingLayout page={loaderData.page} marks={loaderData.marks} sections={loaderData.sections} />;
}
