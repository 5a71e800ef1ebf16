import { RegulationLayout } from "../components/compliance/regulation-layout.tsx";
import { regulationData } from "../route-data/compliance-data.server.ts";
import { metaFromLoader } from "../lib/seo.ts";
import type { Route } from "./+types/compliance.gdpr";

export const loader = () => regulationData("gdpr");
export const meta = metaFromLoader;

export default function ComplianceGdprPage({ loaderData }: Route.ComponentProps) {
  return <RegulationLayout page={loaderData.page} closing={loaderData.closing} />;
}
