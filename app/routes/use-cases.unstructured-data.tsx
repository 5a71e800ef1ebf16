import { IntroFromContent } from "../components/intro-from-content.tsx";
import { pageIntros } from "../content/page-intros.ts";
import { pageData } from "../lib/page-data.server.ts";
import { metaFromLoader } from "../lib/seo.ts";
import type { Route } from "./+types/use-cases.unstructured-data";

export const loader = () => pageData("/use-cases/unstructured-data", { intro: pageIntros["/use-cases/unstructured-data"] });
export const meta = metaFromLoader;

export default function UseCasesUnstructuredDataPage({ loaderData }: Route.ComponentProps) {
  return <IntroFromContent content={loaderData.intro} />;
}
