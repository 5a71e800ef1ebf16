import { ArrowLeft as arrowLeftIcon } from "lucide";
import { Icon } from "../components/icon.tsx";
import { Link } from "react-router";
import { PageIntro } from "../components/page-intro.tsx";
import { primaryOnInkButton } from "../components/ui/button-styles.ts";
import { pageIntros } from "../content/page-intros.ts";
import { pageData } from "../route-data/page-data.server.ts";
import { metaFromLoader } from "../lib/seo.ts";
import type { Route } from "./+types/coming-soon-page";

export const loader = () => pageData("/coming-soon-page", { intro: pageIntros["/coming-soon-page"] });
export const meta = metaFromLoader;

export default function ComingSoonPage({ loaderData }: Route.ComponentProps) {
  const content = loaderData.intro;
  return (
    <PageIntro title={content.heading} intro={<p>{content.intro}</p>}>
      <Link to="/" className={primaryOnInkButton}>
        <Icon node={arrowLeftIcon} strokeWidth={2} className="size-4" />
        Back to Home
      </Link>
    </PageIntro>
  );
}
