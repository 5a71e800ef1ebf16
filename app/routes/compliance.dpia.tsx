import { IntroFromContent } from "../components/intro-from-content.tsx";
import { pageIntros } from "../content/page-intros.ts";
import { pageMeta } from "../lib/seo.ts";

export const meta = () => pageMeta("/compliance/dpia");

export default function ComplianceDpiaPage() {
  return <IntroFromContent content={pageIntros["/compliance/dpia"]} />;
}
