import { IntroFromContent } from "../components/intro-from-content.tsx";
import { pageIntros } from "../content/page-intros.ts";
import { pageMeta } from "../lib/seo.ts";

export const meta = () => pageMeta("/use-case");

export default function UseCasesPage() {
  return <IntroFromContent content={pageIntros["/use-case"]} />;
}
