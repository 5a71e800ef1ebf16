import { IntroFromContent } from "../components/intro-from-content.tsx";
import { pageIntros } from "../content/page-intros.ts";
import { pageData } from "../lib/page-data.server.ts";
import { metaFromLoader } from "../lib/seo.ts";
import type { Route } from "./+types/compliance.hipaa";

export const loader = () => pageData("/compliance/hipaa", { intro: pageIntros["/compliance/hipaa"] });
export const meta = metaFromLoader;

export default function ComplianceHipaaPage({ loaderData }: Route.ComponentProps) {
  return <IntroFromContent content={loaderData.intro} />;
}
