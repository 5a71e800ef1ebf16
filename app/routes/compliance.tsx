import { ComplianceLinks } from "../components/compliance/compliance-links.tsx";
import { IntroFromContent } from "../components/intro-from-content.tsx";
import { ClosingBand } from "../components/sections/closing-band.tsx";
import { FeatureCards } from "../components/sections/feature-cards.tsx";
import { HeadedSection } from "../components/sections/section-header.tsx";
import { Heading } from "../components/ui/heading.tsx";
import { Section } from "../components/ui/section.tsx";
import { StaticBlock } from "../components/ui/static-block.tsx";
import { complianceHub } from "../content/pages.server.ts";
import { compliancePages } from "../content/regulations.server.ts";
import { withIconNodes } from "../lib/icons.server.ts";
import { pageData } from "../route-data/page-data.server.ts";
import { staticMarkup } from "../route-data/static-markup.server.tsx";
import { metaFromLoader } from "../lib/seo.ts";
import type { Route } from "./+types/compliance";

/** The hub needs no script: it is drawn at build time (PERF-8). */
function ComplianceHub() {
  const sections = { ...complianceHub, shared: withIconNodes(complianceHub.shared) };
  return (
    <>
      <IntroFromContent content={complianceHub.intro} />
      <Section labelledBy="regulations-title">
        <Heading level={2} id="regulations-title">
          {sections.listHeading}
        </Heading>
        <ComplianceLinks links={compliancePages} className="mt-10" />
      </Section>
      <HeadedSection id="why-one-vault" heading={sections.sharedHeading} tone="muted">
        <FeatureCards cards={sections.shared} />
      </HeadedSection>
      <ClosingBand heading={sections.closing.heading} text={sections.closing.text} />
    </>
  );
}

export const loader = () => pageData("/compliance", { page: staticMarkup(<ComplianceHub />) });
export const meta = metaFromLoader;

export default function CompliancePage({ loaderData }: Route.ComponentProps) {
  return <StaticBlock markup={loaderData.page} />;
}
