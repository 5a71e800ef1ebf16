import { RegulationLayout } from "../components/compliance/regulation-layout.tsx";
import { regulationData } from "../route-data/compliance-data.server.ts";
import { metaFromLoader } from "../lib/seo.ts";
import type { Route } from "./+types/compliance.hipaa";

export const loader = () => regulationData("hipaa");
export const meta = metaFromLoader;

export default function ComplianceHipaaPage({ loaderData }: Route.ComponentProps) {
  return <RegulationLayout page={loaderData.page} closing={loaderData.closing} />;
}
