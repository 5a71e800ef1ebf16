import { IntroFromContent } from "../components/intro-from-content.tsx";
import { pageIntros } from "../content/page-intros.ts";
import { pageData } from "../lib/page-data.server.ts";
import { metaFromLoader } from "../lib/seo.ts";
import type { Route } from "./+types/use-cases.secure-analytics";

export const loader = () => pageData("/use-cases/secure-analytics", { intro: pageIntros["/use-cases/secure-analytics"] });
export const meta = metaFromLoader;

export default function UseCasesSecureAnalyticsPage({ loaderData }: Route.ComponentProps) {
  return <IntroFromContent content={loaderData.intro} />;
}
