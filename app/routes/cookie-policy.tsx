import { IntroFromContent } from "../components/intro-from-content.tsx";
import { pageIntros } from "../content/page-intros.ts";
import { pageMeta } from "../lib/seo.ts";

export const meta = () => pageMeta("/cookie-policy");

export default function CookiePolicyPage() {
  return <IntroFromContent content={pageIntros["/cookie-policy"]} />;
}
