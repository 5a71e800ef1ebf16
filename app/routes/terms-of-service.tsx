import { IntroFromContent } from "../components/intro-from-content.tsx";
import { pageIntros } from "../content/page-intros.ts";
import { pageData } from "../lib/page-data.server.ts";
import { metaFromLoader } from "../lib/seo.ts";
import type { Route } from "./+types/terms-of-service";

export const loader = () => pageData("/terms-of-service", { intro: pageIntros["/terms-of-service"] });
export const meta = metaFromLoader;

export default function TermsOfServicePage({ loaderData }: Route.ComponentProps) {
  return <IntroFromContent content={loaderData.intro} />;
}
