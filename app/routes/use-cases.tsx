import { IntroFromContent } from "../components/intro-from-content.tsx";
import { ClosingBand } from "../components/sections/closing-band.tsx";
import UseCaseTabsIsland from "../islands/use-case-tabs.island.tsx";
import { Section } from "../components/ui/section.tsx";
import { StaticBlock } from "../components/ui/static-block.tsx";
import { useCaseHub } from "../content/pages.server.ts";
import { pageData } from "../route-data/page-data.server.ts";
import { staticMarkup } from "../route-data/static-markup.server.tsx";
import { metaFromLoader } from "../lib/seo.ts";
import type { Route } from "./+types/use-cases";

// The tabs are the one part the browser draws; the intro and the closing are drawn at build time (PERF-8).
export const loader = () =>
  pageData("/use-case", {
    intro: staticMarkup(<IntroFromContent content={useCaseHub.intro} />),
    tabs: useCaseHub.tabs,
    closing: staticMarkup(<ClosingBand heading={useCaseHub.closing.heading} text={useCaseHub.closing.text} />),
  });
export const meta = metaFromLoader;

export default function UseCasesPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <StaticBlock markup={loaderData.intro} />
      <Section>
        <UseCaseTabsIsland tabs={loaderData.tabs} />
      </Section>
      <StaticBlock markup={loaderData.closing} />
    </>
  );
}
