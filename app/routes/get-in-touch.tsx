import { IntroFromContent } from "../components/intro-from-content.tsx";
import { pageIntros } from "../content/page-intros.ts";
import { pageMeta } from "../lib/seo.ts";

export const meta = () => pageMeta("/get-in-touch");

export default function GetInTouchPage() {
  return <IntroFromContent content={pageIntros["/get-in-touch"]} />;
}
