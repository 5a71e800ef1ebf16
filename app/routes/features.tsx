import { PlaygroundInvite } from "../components/playground-invite.tsx";
import { IntroFromContent } from "../components/intro-from-content.tsx";
import { AlternatingBlocks } from "../components/sections/alternating-blocks.tsx";
import { Container } from "../components/ui/container.tsx";
import { featuresPage } from "../content/features.ts";
import { pageIntros } from "../content/page-intros.ts";
import { withDiagramMarkup } from "../route-data/diagram-markup.server.tsx";
import { pageData } from "../route-data/page-data.server.ts";
import { metaFromLoader } from "../lib/seo.ts";
import type { Route } from "./+types/features";

export const loader = () =>
  pageData("/features", { intro: pageIntros["/features"], blocks: withDiagramMarkup(featuresPage.blocks, "feature") });
export const meta = metaFromLoader;

export default function FeaturesPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <IntroFromContent content={loaderData.intro} />
      <Container className="pb-20 sm:pb-28">
        <AlternatingBlocks blocks={loaderData.blocks} idPrefix="feature" headingLevel={2} />
        <PlaygroundInvite className="mt-16" />
      </Container>
    </>
  );
}
