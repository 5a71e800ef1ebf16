import { IntroFromContent } from "../components/intro-from-content.tsx";
import { pageIntros } from "../content/page-intros.ts";
import { pageData } from "../lib/page-data.server.ts";
import { metaFromLoader } from "../lib/seo.ts";
import type { Route } from "./+types/use-cases.generative-ai-workflow";

export const loader = () => pageData("/use-cases/generative-ai-workflow", { intro: pageIntros["/use-cases/generative-ai-workflow"] });
export const meta = metaFromLoader;

export default function UseCasesGenerativeAiWorkflowPage({ loaderData }: Route.ComponentProps) {
  return <IntroFromContent content={loaderData.intro} />;
}
