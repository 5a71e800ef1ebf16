import { IntroFromContent } from "../components/intro-from-content.tsx";
import { pageIntros } from "../content/page-intros.ts";
import { pageData } from "../lib/page-data.server.ts";
import { metaFromLoader } from "../lib/seo.ts";
import type { Route } from "./+types/get-in-touch";

export const loader = () => pageData("/get-in-touch", { intro: pageIntros["/get-in-touch"] });
export const meta = metaFromLoader;

export default function GetInTouchPage({ loaderData }: Route.ComponentProps) {
  return <IntroFromContent content={loaderData.intro} />;
}
