import { IntroFromContent } from "../components/intro-from-content.tsx";
import { pageIntros } from "../content/page-intros.ts";
import { pageData } from "../lib/page-data.server.ts";
import { metaFromLoader } from "../lib/seo.ts";
import type { Route } from "./+types/features";

export const loader = () => pageData("/features", { intro: pageIntros["/features"] });
export const meta = metaFromLoader;

export default function FeaturesPage({ loaderData }: Route.ComponentProps) {
  return <IntroFromContent content={loaderData.intro} />;
}
