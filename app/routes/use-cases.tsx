import { IntroFromContent } from "../components/intro-from-content.tsx";
import { pageIntros } from "../content/page-intros.ts";
import { pageData } from "../lib/page-data.server.ts";
import { metaFromLoader } from "../lib/seo.ts";
import type { Route } from "./+types/use-cases";

export const loader = () => pageData("/use-case", { intro: pageIntros["/use-case"] });
export const meta = metaFromLoader;

export default function UseCasesPage({ loaderData }: Route.ComponentProps) {
  return <IntroFromContent content={loaderData.intro} />;
}
