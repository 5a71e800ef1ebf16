import { IntroFromContent } from "../components/intro-from-content.tsx";
import { pageIntros } from "../content/page-intros.ts";
import { pageData } from "../lib/page-data.server.ts";
import { metaFromLoader } from "../lib/seo.ts";
import type { Route } from "./+types/use-cases.data-residency";

export const loader = () => pageData("/use-cases/data-residency", { intro: pageIntros["/use-cases/data-residency"] });
export const meta = metaFromLoader;

export default function UseCasesDataResidencyPage({ loaderData }: Route.ComponentProps) {
  return <IntroFromContent content={loaderData.intro} />;
}
