import type { ComplianceLink } from "../../content/compliance-hub.ts";
import type { RegulationFeatureCard, RegulationPage, SectionHeading, WithIconNode } from "../../content/types.ts";
import { DemoButton } from "../demo-button.tsx";
import { LearnMoreLink } from "../learn-more-link.tsx";
import { PageIntro } from "../page-intro.tsx";
import { ClosingBand } from "../sections/closing-band.tsx";
import { HeadedSection } from "../sections/section-header.tsx";
import { ComplianceLinks } from "./compliance-links.tsx";
import { RegulationFeatureCards } from "./regulation-feature-cards.tsx";
import { RequirementCards } from "./requirement-cards.tsx";

/** A regulation record with its icons drawn (route-data/compliance-data.server.tsx). */
export type ResolvedRegulationPage = Omit<RegulationPage, "features" | "meta" | "hubSummary"> & {
  features: WithIconNode<RegulationFeatureCard>[];
};

/** The section every regulation page ends with: the other compliance pages, then the way to a demo. */
export interface RegulationClosing {
  otherHeading: SectionHeading;
  others: ComplianceLink[];
  heading: string;
  text: string;
}

/**
 * The one layout of the five regulation pages (requirements COMP-3 to COMP-7):
 * the intro naming the law, four requirement cards, six feature cards and the
 * shared closing.
 */
export function RegulationLayout({ page, closing }: { page: ResolvedRegulationPage; closing: RegulationClosing }) {
  return (
    <>
      <PageIntro
        eyebrow={page.intro.eyebrow}
        title={page.intro.heading}
        intro={
          <>
            <p>{page.intro.intro}</p>
            <p className="mt-4 text-sm/6">{page.citation}</p>
          </>
        }
      >
        <DemoButton />
        <LearnMoreLink />
      </PageIntro>
      <HeadedSection id="requirements" heading={page.requirementsHeading}>
        <RequirementCards cards={page.requirements} />
      </HeadedSection>
      <HeadedSection id="features" heading={page.featuresHeading} tone="muted">
        <RegulationFeatureCards cards={page.features} />
      </HeadedSection>
      <HeadedSection id="other-regulations" heading={closing.otherHeading}>
        <ComplianceLinks links={closing.others} className="mt-12" />
      </HeadedSection>
      <ClosingBand heading={closing.heading} text={closing.text} />
    </>
  );
}
