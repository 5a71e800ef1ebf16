import { IntroFromContent } from "../components/intro-from-content.tsx";
import { pageIntros } from "../content/page-intros.ts";
import { pageMeta } from "../lib/seo.ts";

export const meta = () => pageMeta("/compliance/gdpr");

export default function ComplianceGdprPage() {
  return <IntroFromContent content={pageIntros["/compliance/gdpr"]} />;
}
