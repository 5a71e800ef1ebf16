import { IntroFromContent } from "../components/intro-from-content.tsx";
import { pageIntros } from "../content/page-intros.ts";
import { pageData } from "../lib/page-data.server.ts";
import { metaFromLoader } from "../lib/seo.ts";
import type { Route } from "./+types/compliance.gdpr";

export const loader = () => pageData("/compliance/gdpr", { intro: pageIntros["/compliance/gdpr"] });
export const meta = metaFromLoader;

export default function ComplianceGdprPage({ loaderData }: Route.ComponentProps) {
  return <IntroFromContent content={loaderData.intro} />;
}
