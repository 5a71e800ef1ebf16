import { IntroFromContent } from "../components/intro-from-content.tsx";
import { pageIntros } from "../content/page-intros.ts";
import { pageMeta } from "../lib/seo.ts";

export const meta = () => pageMeta("/features");

export default function FeaturesPage() {
  return <IntroFromContent content={pageIntros["/features"]} />;
}
