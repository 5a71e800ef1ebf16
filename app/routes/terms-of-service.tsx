import { IntroFromContent } from "../components/intro-from-content.tsx";
import { pageIntros } from "../content/page-intros.ts";
import { pageMeta } from "../lib/seo.ts";

export const meta = () => pageMeta("/terms-of-service");

export default function TermsOfServicePage() {
  return <IntroFromContent content={pageIntros["/terms-of-service"]} />;
}
