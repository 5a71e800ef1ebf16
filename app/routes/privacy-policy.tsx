import { IntroFromContent } from "../components/intro-from-content.tsx";
import { pageIntros } from "../content/page-intros.ts";
import { pageMeta } from "../lib/seo.ts";

export const meta = () => pageMeta("/privacy-policy");

export default function PrivacyPolicyPage() {
  return <IntroFromContent content={pageIntros["/privacy-policy"]} />;
}
