import { ArrowLeft as arrowLeftIcon } from "lucide";
import { Icon } from "../components/icon.tsx";
import { PageIntro } from "../components/page-intro.tsx";
import { primaryOnInkButton } from "../components/ui/button-styles.ts";
import { comingSoonPage } from "../content/pages.server.ts";
import { pageData } from "../route-data/page-data.server.ts";
import { staticMarkup } from "../route-data/static-markup.server.tsx";
import { StaticBlock } from "../components/ui/static-block.tsx";
import { metaFromLoader } from "../lib/seo.ts";
import type { Route } from "./+types/coming-soon-page";
import { words } from "../content/interface-words.ts";

/** The page needs no script: it is drawn at build time (PERF-8). */
function ComingSoonView() {
  const content = comingSoonPage.intro;
  return (
    <PageIntro title={content.heading} intro={<p>{content.intro}</p>}>
      <a href="/" className={primaryOnInkButton}>
        <Icon node={arrowLeftIcon} strokeWidth={2} className="size-4" />
        {words("comingSoonPage.backHome")}
      </a>
    </PageIntro>
  );
}

export const loader = () => pageData("/coming-soon-page", { page: staticMarkup(<ComingSoonView />) });
export const meta = metaFromLoader;

export default function ComingSoonPage({ loaderData }: Route.ComponentProps) {
  return <StaticBlock markup={loaderData.page} />;
}
