import { IntroFromContent } from "../components/intro-from-content.tsx";
import { PlaygroundInvite } from "../components/playground-invite.tsx";
import { AlternatingBlocks } from "../components/sections/alternating-blocks.tsx";
import { Container } from "../components/ui/container.tsx";
import { playgroundPage } from "../content/pages.server.ts";
import type { BlocksPage } from "../content/schemas/blocks-page.ts";
import { withDiagramMarkup } from "./diagram-markup.server.tsx";
import { pageData } from "./page-data.server.ts";
import { staticMarkup } from "./static-markup.server.tsx";

/**
 * A page that is its intro, alternating text-and-diagram blocks and the
 * playground invitation (/features, /architecture). None of it needs script,
 * so the whole page is drawn at build time (PERF-8).
 */
export function blocksPageData(path: "/features" | "/architecture", { intro, blocks }: BlocksPage, idPrefix: string) {
  return pageData(path, {
    page: staticMarkup(
      <>
        <IntroFromContent content={intro} />
        <Container className="pb-20 sm:pb-28">
          <AlternatingBlocks blocks={withDiagramMarkup(blocks, idPrefix)} idPrefix={idPrefix} headingLevel={2} />
          <PlaygroundInvite invite={playgroundPage.invite} className="mt-16" />
        </Container>
      </>,
    ),
  });
}
