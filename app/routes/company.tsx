import { IntroFromContent } from "../components/intro-from-content.tsx";
import { pageIntros } from "../content/page-intros.ts";
import { pageMeta } from "../lib/seo.ts";

export const meta = () => pageMeta("/company");

export default function CompanyPage() {
  return <IntroFromContent content={pageIntros["/company"]} />;
}
