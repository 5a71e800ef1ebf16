import { IntroFromContent } from "../components/intro-from-content.tsx";
import PlaygroundIsland from "../islands/playground.island.tsx";
import { SectionHeader } from "../components/sections/section-header.tsx";
import { Container } from "../components/ui/container.tsx";
import { Heading } from "../components/ui/heading.tsx";
import { StaticBlock } from "../components/ui/static-block.tsx";
import { playgroundPage } from "../content/pages.server.ts";
import { pageData } from "../route-data/page-data.server.ts";
import { staticMarkup } from "../route-data/static-markup.server.tsx";
import { metaFromLoader } from "../lib/seo.ts";
import type { Route } from "./+types/playground";
import { words } from "../content/interface-words.ts";

/** The steps the tool shows, readable without JavaScript; drawn at build time (PERF-8). */
function PlaygroundSteps() {
  const about = playgroundPage.steps;
  return (
    <section aria-labelledby="playground-steps-title" className="pb-8">
      <SectionHeader content={about} id="playground-steps-title" />
      <ol className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {about.steps.map((step, index) => (
          <li key={step.id} className="rounded-2xl border border-line bg-surface-muted p-6">
            <h3 className="text-h3 font-semibold">
              <span className="mr-2 text-accent">{index + 1}.</span>
              {step.title}
            </h3>
            <p className="mt-3 text-base/7 text-text-muted">{step.body}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

export const loader = () =>
  pageData("/playground", {
    intro: staticMarkup(<IntroFromContent content={playgroundPage.intro} />),
    noScript: playgroundPage.steps.noScript,
    steps: staticMarkup(<PlaygroundSteps />),
  });
export const meta = metaFromLoader;

/** PLAY-1: the tool, loaded in the browser, then the steps it shows, readable without JavaScript. */
export default function PlaygroundPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <StaticBlock markup={loaderData.intro} />
      <Container className="grid gap-16 py-12 sm:gap-20 sm:py-16">
        <section aria-labelledby="playground-title" id="try">
          <Heading level={2} id="playground-title" className="mb-6">
            {words("playgroundPage.tryIt")}
          </Heading>
          <PlaygroundIsland noScript={loaderData.noScript} />
        </section>
        <StaticBlock markup={loaderData.steps} />
      </Container>
    </>
  );
}
