import { LandingLayout } from "../components/landing/landing-layout.tsx";
import { landingData } from "../route-data/landing-data.server.ts";
import { metaFromLoader } from "../lib/seo.ts";
import type { Route } from "./+types/use-cases.generative-ai-workflow";

export const loader = () => landingData("/use-cases/generative-ai-workflow", "generative-ai-workflow");
export const meta = metaFromLoader;

export default function GenerativeAiWorkflowPage({ loaderData }: Route.ComponentProps) {
  return <LandingLayout page={loaderData.page} marks={loaderData.marks} sections={loaderData.sections} />;
}
