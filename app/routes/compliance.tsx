import { IntroFromContent } from "../components/intro-page.tsx";
import { pageIntros } from "../content/page-intros.ts";
import { pageMeta } from "../lib/seo.ts";

export const meta = () => pageMeta("/compliance");

export default function CompliancePage() {
  return <IntroFromContent content={pageIntros["/compliance"]} />;
}
