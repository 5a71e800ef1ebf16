import { IntroFromContent } from "../components/intro-from-content.tsx";
import { pageIntros } from "../content/page-intros.ts";
import { pageData } from "../lib/page-data.server.ts";
import { metaFromLoader } from "../lib/seo.ts";
import type { Route } from "./+types/compliance.dpdp";

export const loader = () => pageData("/compliance/dpdp", { intro: pageIntros["/compliance/dpdp"] });
export const meta = metaFromLoader;

export default function ComplianceDpdpPage({ loaderData }: Route.ComponentProps) {
  return <IntroFromContent content={loaderData.intro} />;
}
