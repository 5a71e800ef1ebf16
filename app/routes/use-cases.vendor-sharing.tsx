import { IntroFromContent } from "../components/intro-from-content.tsx";
import { pageIntros } from "../content/page-intros.ts";
import { pageData } from "../lib/page-data.server.ts";
import { metaFromLoader } from "../lib/seo.ts";
import type { Route } from "./+types/use-cases.vendor-sharing";

export const loader = () => pageData("/use-cases/vendor-sharing", { intro: pageIntros["/use-cases/vendor-sharing"] });
export const meta = metaFromLoader;

export default function UseCasesVendorSharingPage({ loaderData }: Route.ComponentProps) {
  return <IntroFromContent content={loaderData.intro} />;
}
