import { IntroFromContent } from "../components/intro-from-content.tsx";
import { pageIntros } from "../content/page-intros.ts";
import { pageData } from "../lib/page-data.server.ts";
import { metaFromLoader } from "../lib/seo.ts";
import type { Route } from "./+types/use-cases.disaster-response";

export const loader = () => pageData("/use-cases/disaster-response", { intro: pageIntros["/use-cases/disaster-response"] });
export const meta = metaFromLoader;

export default function UseCasesDisasterResponsePage({ loaderData }: Route.ComponentProps) {
  return <IntroFromContent content={loaderData.intro} />;
}
