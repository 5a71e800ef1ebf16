import { IntroFromContent } from "../components/intro-from-content.tsx";
import { PlaygroundInvite } from "../components/playground-invite.tsx";
import { AlternatingBlocks } from "../components/sections/alternating-blocks.tsx";
import { Container } from "../components/ui/container.tsx";
import type { TextBlock } from "../content/types.ts";
import { pageIntros } from "../content/page-intros.ts";
import { withDiagramMarkup } from "./diagram-markup.server.tsx";
import { pageData } from "./page-data.server.ts";
import { staticMarkup } from "./static-markup.server.tsx";

/**
 * A page that is its intro, alternating text-and-diagram blocks and the
 * playground invitation (/features, /architecture). None of it needs script,
 * so the whole page is drawn at build time (PERF-8).
 */
export function blocksPageData(path: "/features" | "/architecture", blocks: TextBlock[], idPrefix: string) {
  return pageData(path, {
    page: staticMarkup(
      path,
      <>
        <IntroFromContent content={pageIntros[path]} />
        <Container className="pb-20 sm:pb-28">
          <AlternatingBlocks blocks={withDiagramMarkup(blocks, idPrefix)} idPrefix={idPrefix} headingLevel={2} />
          <PlaygroundInvite className="mt-16" />
        </Container>
      </>,
    ),
  });
}
