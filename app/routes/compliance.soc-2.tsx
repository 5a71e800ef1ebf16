import { IntroFromContent } from "../components/intro-from-content.tsx";
import { pageIntros } from "../content/page-intros.ts";
import { pageMeta } from "../lib/seo.ts";

export const meta = () => pageMeta("/compliance/soc-2");

export default function ComplianceSoc2Page() {
  return <IntroFromContent content={pageIntros["/compliance/soc-2"]} />;
}
