import { IntroFromContent } from "../components/intro-from-content.tsx";
import { pageIntros } from "../content/page-intros.ts";
import { pageData } from "../lib/page-data.server.ts";
import { metaFromLoader } from "../lib/seo.ts";
import type { Route } from "./+types/compliance.ccpa";

export const loader = () => pageData("/compliance/ccpa", { intro: pageIntros["/compliance/ccpa"] });
export const meta = metaFromLoader;

export default function ComplianceCcpaPage({ loaderData }: Route.ComponentProps) {
  return <IntroFromContent content={loaderData.intro} />;
}
