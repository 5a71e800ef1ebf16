import { IntroFromContent } from "../components/intro-from-content.tsx";
import { pageIntros } from "../content/page-intros.ts";
import { pageMeta } from "../lib/seo.ts";

export const meta = () => pageMeta("/use-cases/unstructured-data");

export default function UseCasesUnstructuredDataPage() {
  return <IntroFromContent content={pageIntros["/use-cases/unstructured-data"]} />;
}
