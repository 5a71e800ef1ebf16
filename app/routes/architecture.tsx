import { IntroFromContent } from "../components/intro-from-content.tsx";
import { pageIntros } from "../content/page-intros.ts";
import { pageMeta } from "../lib/seo.ts";

export const meta = () => pageMeta("/architecture");

export default function ArchitecturePage() {
  return <IntroFromContent content={pageIntros["/architecture"]} />;
}
