import { IntroFromContent } from "../components/intro-from-content.tsx";
import { pageIntros } from "../content/page-intros.ts";
import { pageData } from "../lib/page-data.server.ts";
import { metaFromLoader } from "../lib/seo.ts";
import type { Route } from "./+types/cookie-policy";

export const loader = () => pageData("/cookie-policy", { intro: pageIntros["/cookie-policy"] });
export const meta = metaFromLoader;

export default function CookiePolicyPage({ loaderData }: Route.ComponentProps) {
  return <IntroFromContent content={loaderData.intro} />;
}
