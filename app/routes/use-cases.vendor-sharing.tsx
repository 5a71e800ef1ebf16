import { IntroFromContent } from "../components/intro-from-content.tsx";
import { pageIntros } from "../content/page-intros.ts";
import { pageMeta } from "../lib/seo.ts";

export const meta = () => pageMeta("/use-cases/vendor-sharing");

export default function UseCasesVendorSharingPage() {
  return <IntroFromContent content={pageIntros["/use-cases/vendor-sharing"]} />;
}
