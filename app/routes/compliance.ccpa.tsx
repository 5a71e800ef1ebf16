import { IntroFromContent } from "../components/intro-from-content.tsx";
import { pageIntros } from "../content/page-intros.ts";
import { pageMeta } from "../lib/seo.ts";

export const meta = () => pageMeta("/compliance/ccpa");

export default function ComplianceCcpaPage() {
  return <IntroFromContent content={pageIntros["/compliance/ccpa"]} />;
}
