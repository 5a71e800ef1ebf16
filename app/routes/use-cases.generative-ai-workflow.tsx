import { IntroFromContent } from "../components/intro-from-content.tsx";
import { pageIntros } from "../content/page-intros.ts";
import { pageMeta } from "../lib/seo.ts";

export const meta = () => pageMeta("/use-cases/generative-ai-workflow");

export default function UseCasesGenerativeAiWorkflowPage() {
  return <IntroFromContent content={pageIntros["/use-cases/generative-ai-workflow"]} />;
}
