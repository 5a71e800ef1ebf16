import { IntroFromContent } from "../components/intro-from-content.tsx";
import { pageIntros } from "../content/page-intros.ts";
import { pageMeta } from "../lib/seo.ts";

export const meta = () => pageMeta("/compliance/dpdp");

export default function ComplianceDpdpPage() {
  return <IntroFromContent content={pageIntros["/compliance/dpdp"]} />;
}
