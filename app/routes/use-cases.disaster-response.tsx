import { IntroFromContent } from "../components/intro-from-content.tsx";
import { pageIntros } from "../content/page-intros.ts";
import { pageMeta } from "../lib/seo.ts";

export const meta = () => pageMeta("/use-cases/disaster-response");

export default function UseCasesDisasterResponsePage() {
  return <IntroFromContent content={pageIntros["/use-cases/disaster-response"]} />;
}
