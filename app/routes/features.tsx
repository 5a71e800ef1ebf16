import { PlaygroundInvite } from "../components/playground-invite.tsx";
import { IntroFromContent } from "../components/intro-from-content.tsx";
import { AlternatingBlocks } from "../components/sections/alternating-blocks.tsx";
import { Container } from "../components/ui/container.tsx";
import { StaticBlock } from "../components/ui/static-block.tsx";
import { featuresPage } from "../content/features.ts";
import { pageIntros } from "../content/page-intros.ts";
import { withDiagramMarkup } from "../route-data/diagram-markup.server.tsx";
import { pageData } from "../route-data/page-data.server.ts";
import { staticMarkup } from "../route-data/static-markup.server.tsx";
import { metaFromLoader } from "../lib/seo.ts";
import type { Route } from "./+types/features";

// The whole page needs no script: it is drawn at build time (PERF-8).
export const loader = () =>
  pageData("/features", {
    page: staticMarkup(
      "/features",
      <>
        <IntroFromContent content={pageIntros["/features"]} />
        <Container className="pb-20 sm:pb-28">
          <AlternatingBlocks blocks={withDiagramMarkup(featuresPage.blocks, "feature")} idPrefix="feature" headingLevel={2} />
          <PlaygroundInvite className="mt-16" />
        </Container>
      </>,
    ),
  });
export const meta = metaFromLoader;

export default function FeaturesPage({ loaderData }: Route.ComponentProps) {
  return <StaticBlock markup={loaderData.page} />;
}
