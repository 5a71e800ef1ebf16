import { CircleCheck as circleCheckIcon } from "lucide";
import { Icon } from "../icon.tsx";
import type { LandingSections } from "../../content/schemas/landing-sections.ts";
import type { DiagramMarkup, FeatureCard, LandingPage, WithIconNode } from "../../content/types.ts";
import { DemoButton } from "../demo-button.tsx";
import { DiagramFigure } from "../diagram/diagram-figure.tsx";
import { LearnMoreLink } from "../learn-more-link.tsx";
import { FeatureCards } from "../sections/feature-cards.tsx";
import { HeroBand, HeroEyebrow, HeroTitle } from "../sections/hero-band.tsx";
import { SectionHeader } from "../sections/section-header.tsx";
import { Heading } from "../ui/heading.tsx";
import { Section } from "../ui/section.tsx";

/** A landing record with its icons and diagram drawn, its features as cards (route-data/landing-data.server.tsx). */
export type ResolvedLandingPage = Omit<LandingPage, "features" | "diagram"> & {
  features: WithIconNode<FeatureCard>[];
  diagram: DiagramMarkup;
};

/**
 * The one layout of the six use-case landing pages (requirements UC-8 to UC-12):
 * hero with its diagram, the 'works with' strip, three statistics,
 * three features and the closing checklist. The strip moves and pauses, so it
 * is the one part the browser draws (routes/use-case-landing.tsx); the hero and
 * the details around it are drawn at build time (PERF-8).
 */

/** The hero of a landing page, with its diagram. */
export function LandingHero({ page }: { page: ResolvedLandingPage }) {
  return (
    <HeroBand className="grid gap-12 py-14 sm:py-20 lg:grid-cols-2 lg:items-center lg:gap-16 lg:py-24">
      <div>
        <HeroEyebrow>{page.label}</HeroEyebrow>
        <HeroTitle>
          <span className="text-gradient-on-ink">{page.titleGradient}</span>
          {page.titleRegular}
        </HeroTitle>
        <p className="mt-6 max-w-xl text-lg/8 text-on-ink-muted">{page.description}</p>
        <div className="mt-10 flex flex-wrap items-center gap-4">
          <DemoButton />
          <LearnMoreLink />
        </div>
      </div>
      <DiagramFigure markup={page.diagram} />
    </HeroBand>
  );
}

/** What follows the 'works with' strip: statistics, features and the closing checklist. */
export function LandingDetails({ page, sections }: { page: ResolvedLandingPage; sections: LandingSections }) {
  return (
    <>
      <Section labelledBy="results-title">
        <Heading level={2} id="results-title" className="sr-only">
          {sections.results}
        </Heading>
        <ul className="grid gap-6 sm:grid-cols-3">
          {page.stats.map((stat) => (
            <li key={stat.description} className="rounded-2xl border border-line bg-surface-muted p-6 text-center sm:p-8">
              <p className="text-5xl font-semibold tracking-tight text-accent tabular-nums">{stat.percentage}</p>
              <p className="mt-3 text-base/7 text-text-muted">{stat.description}</p>
            </li>
          ))}
        </ul>
      </Section>
      <Section labelledBy="features-title" tone="muted">
        <SectionHeader content={{ heading: sections.features }} id="features-title" />
        <FeatureCards cards={page.features} />
      </Section>
      <Section tone="ink" labelledBy="closing-title">
        <div className="mx-auto max-w-3xl">
          <Heading level={2} id="closing-title" className="text-center">
            {sections.closing}
          </Heading>
          <ul className="mx-auto mt-10 grid max-w-2xl gap-4 sm:grid-cols-2">
            {page.ctaChecklist.map((item) => (
              <li key={item} className="flex gap-3 text-base/7">
                <Icon node={circleCheckIcon} strokeWidth={2} className="mt-0.5 size-5 shrink-0 text-accent-on-ink" />
                <span>{item}</span>
              </li>
            ))}
          </ul>
          <div className="mt-10 flex justify-center">
            <DemoButton />
          </div>
        </div>
      </Section>
    </>
  );
}
