import { FileDown } from "lucide-react";
import { BenefitLists, CriteriaCards, ReportTypeCards, UnderstandingSoc2 } from "../components/compliance/soc2-sections.tsx";
import { IntroFromContent } from "../components/intro-from-content.tsx";
import { ClosingBand } from "../components/sections/closing-band.tsx";
import { FeatureCards } from "../components/sections/feature-cards.tsx";
import { SectionHeader } from "../components/sections/section-header.tsx";
import { Section } from "../components/ui/section.tsx";
import { soc2Page } from "../content/soc-2.ts";
import { withIconNodes } from "../lib/icons.server.ts";
import { pageData } from "../lib/page-data.server.ts";
import { metaFromLoader } from "../lib/seo.ts";
import { soc2Guide } from "../site/downloads.ts";
import type { Route } from "./+types/compliance.soc-2";

export const loader = () => {
  // The PDF guide is built from the same record; only the page's part travels to the browser.
  const { guide, ...page } = soc2Page;
  return pageData("/compliance/soc-2", {
    page: {
      ...page,
      criteria: withIconNodes(page.criteria),
      capabilities: withIconNodes(page.capabilities.map(({ icon, title, description }) => ({ icon, title, desc: description }))),
    },
  });
};
export const meta = metaFromLoader;

export default function ComplianceSoc2Page({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <>
      <IntroFromContent content={page.intro} />
      <Section id="understanding" labelledBy="understanding-title">
        <SectionHeader content={page.understanding} id="understanding-title" />
        <UnderstandingSoc2 paragraphs={page.understanding.paragraphs} figures={page.understanding.figures} />
      </Section>
      <Section id="criteria" tone="muted" labelledBy="criteria-title">
        <SectionHeader content={page.criteriaHeading} id="criteria-title" />
        <CriteriaCards criteria={page.criteria} />
      </Section>
      <Section id="report-types" labelledBy="report-types-title">
        <SectionHeader content={page.reportTypesHeading} id="report-types-title" />
        <ReportTypeCards reports={page.reportTypes} />
      </Section>
      <Section id="platform" tone="muted" labelledBy="platform-title">
        <SectionHeader content={page.platformHeading} id="platform-title" />
        <FeatureCards cards={page.capabilities} />
      </Section>
      <Section id="benefits" labelledBy="benefits-title">
        <SectionHeader content={page.benefitsHeading} id="benefits-title" />
        <BenefitLists business={page.businessBenefits} security={page.securityBenefits} />
      </Section>
      <ClosingBand heading={page.closing.heading} text={page.closing.text}>
        <a
          href={soc2Guide.path}
          download={soc2Guide.fileName}
          type={soc2Guide.type}
          className="inline-flex h-[46px] items-center justify-center gap-2 rounded-full border border-line-ink px-6 text-[0.9375rem] font-semibold text-on-ink hover:border-on-ink-muted"
        >
          <FileDown aria-hidden="true" className="size-4" />
          Download SOC 2 Guide
          <span className="sr-only"> (PDF)</span>
        </a>
      </ClosingBand>
    </>
  );
}
