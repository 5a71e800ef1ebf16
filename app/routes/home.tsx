import { PlaygroundInvite } from "../components/playground-invite.tsx";
import { DiagramGraphic } from "../components/diagram/diagram-figure.tsx";
import { AlternatingBlocks } from "../components/sections/alternating-blocks.tsx";
import { ClosingBand } from "../components/sections/closing-band.tsx";
import FaqIsland from "../islands/faq.island.tsx";
import { FeatureCards } from "../components/sections/feature-cards.tsx";
import { HomeHero } from "../components/sections/home-hero.tsx";
import { SectionHeader } from "../components/sections/section-header.tsx";
import { Section } from "../components/ui/section.tsx";
import { StaticBlock } from "../components/ui/static-block.tsx";
import { homePage, playgroundPage } from "../content/pages.server.ts";
import { flowMarkup, withDiagramMarkup } from "../route-data/diagram-markup.server.tsx";
import { withIconNodes } from "../lib/icons.server.ts";
import { feedAlternates, pageData } from "../route-data/page-data.server.ts";
import { staticMarkup } from "../route-data/static-markup.server.tsx";
import { metaFromLoader } from "../lib/seo.ts";
import type { Route } from "./+types/home";

/** Everything above the FAQ: drawn at build time, it needs no script (PERF-8). */
function AboveTheFaq() {
  const { hero, heroSample, howItWorks, nutshell, whyVeilvault } = homePage;
  const diagram = flowMarkup(howItWorks.stages, { title: howItWorks.diagramTitle, description: howItWorks.diagramDescription }, "flow");
  return (
    <>
      <HomeHero eyebrow={hero.eyebrow} heading={hero.heading} description={hero.description} sample={heroSample} />
      <Section id="nutshell" labelledBy="nutshell-title">
        <SectionHeader content={nutshell} id="nutshell-title" />
        <FeatureCards cards={withIconNodes(nutshell.cards)} />
      </Section>
      <Section id="how-it-works" labelledBy="how-it-works-title" tone="muted">
        <SectionHeader content={howItWorks} id="how-it-works-title" />
        <figure className="mt-12">
          <DiagramGraphic markup={diagram} wideFrom="lg" />
        </figure>
        <ol className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {howItWorks.stages.map((stage, index) => (
            <li key={stage.id} className="rounded-2xl border border-line bg-surface p-6">
              <span aria-hidden="true" className="text-sm font-semibold text-accent tabular-nums">
                {String(index + 1).padStart(2, "0")}
              </span>
              <h3 className="mt-2 text-lg/7 font-semibold">{stage.title}</h3>
              <p className="mt-2 text-base/7 text-text-muted">{stage.text}</p>
            </li>
          ))}
        </ol>
        <PlaygroundInvite invite={playgroundPage.invite} className="mt-12" />
      </Section>
      <Section id="why-veilvault" labelledBy="why-title">
        <SectionHeader content={whyVeilvault} id="why-title" />
        <AlternatingBlocks blocks={withDiagramMarkup(whyVeilvault.blocks, "why")} idPrefix="why" />
      </Section>
    </>
  );
}

export const loader = () => {
  const { faqs, closingBand } = homePage;
  // A feed reader given only the site's address looks here: it finds the combined feeds (PUB-5).
  return pageData("/", {
    aboveTheFaq: staticMarkup(<AboveTheFaq />),
    faqHeader: staticMarkup(<SectionHeader content={faqs} id="faqs-title" />),
    faqs: faqs.items,
    closing: staticMarkup(<ClosingBand heading={closingBand.heading} text={closingBand.text} />),
  }, feedAlternates());
};
export const meta = metaFromLoader;

export default function HomePage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <StaticBlock markup={loaderData.aboveTheFaq} />
      <Section id="faqs" labelledBy="faqs-title" tone="muted">
        <StaticBlock markup={loaderData.faqHeader} />
        <FaqIsland items={loaderData.faqs} />
      </Section>
      <StaticBlock markup={loaderData.closing} />
    </>
  );
}
