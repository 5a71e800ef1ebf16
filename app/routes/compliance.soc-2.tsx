import { IntroFromContent } from "../components/intro-from-content.tsx";
import { pageIntros } from "../content/page-intros.ts";
import { pageData } from "../lib/page-data.server.ts";
import { metaFromLoader } from "../lib/seo.ts";
import type { Route } from "./+types/compliance.soc-2";

export const loader = () => pageData("/compliance/soc-2", { intro: pageIntros["/compliance/soc-2"] });
export const meta = metaFromLoader;

export default function ComplianceSoc2Page({ loaderData }: Route.ComponentProps) {
  return <IntroFromContent content={loaderData.intro} />;
}
