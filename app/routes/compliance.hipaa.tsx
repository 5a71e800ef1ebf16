import { IntroFromContent } from "../components/intro-from-content.tsx";
import { pageIntros } from "../content/page-intros.ts";
import { pageMeta } from "../lib/seo.ts";

export const meta = () => pageMeta("/compliance/hipaa");

export default function ComplianceHipaaPage() {
  return <IntroFromContent content={pageIntros["/compliance/hipaa"]} />;
}
