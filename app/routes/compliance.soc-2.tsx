import { FileDown as fileDownIcon } from "lucide";
import { Icon } from "../components/icon.tsx";
import { BenefitLists, CriteriaCards, ReportTypeCards, UnderstandingSoc2 } from "../components/compliance/soc2-sections.tsx";
import { IntroFromContent } from "../components/intro-from-content.tsx";
import { ClosingBand } from "../components/sections/closing-band.tsx";
import { FeatureCards } from "../components/sections/feature-cards.tsx";
import { HeadedSection } from "../components/sections/section-header.tsx";
import { secondaryOnInkButton } from "../components/ui/button-styles.ts";
import { soc2Page } from "../content/pages.server.ts";
import { withIconNodes } from "../lib/icons.server.ts";
import { StaticBlock } from "../components/ui/static-block.tsx";
import { pageData } from "../route-data/page-data.server.ts";
import { staticMarkup } from "../route-data/static-markup.server.tsx";
import { metaFromLoader } from "../lib/seo.ts";
import { soc2Guide } from "../../common/downloads.ts";
import type { Route } from "./+types/compliance.soc-2";
import { words } from "../content/interface-words.ts";

// The PDF guide is built from the same record; only the page's part is drawn.
function soc2PageData() {
  // The title, description and hub line reach the page by other ways.
  const { guide, meta, hubSummary, ...page } = soc2Page;
  return {
    ...page,
    criteria: withIconNodes(page.criteria),
    capabilities: withIconNodes(page.capabilities.map(({ icon, title, description }) => ({ icon, title, desc: description }))),
  };
}
type Soc2PageData = ReturnType<typeof soc2PageData>;

/** The page needs no script: it is drawn at build time (PERF-8). */
function Soc2Page({ page }: { page: Soc2PageData }) {
  return (
    <>
      <IntroFromContent content={page.intro} />
      <HeadedSection id="understanding" heading={page.understanding}>
        <UnderstandingSoc2 paragraphs={page.understanding.paragraphs} figures={page.understanding.figures} />
      </HeadedSection>
      <HeadedSection id="criteria" heading={page.criteriaHeading} tone="muted">
        <CriteriaCards criteria={page.criteria} />
      </HeadedSection>
      <HeadedSection id="report-types" heading={page.reportTypesHeading}>
        <ReportTypeCards reports={page.reportTypes} />
      </HeadedSection>
      <HeadedSection id="platform" heading={page.platformHeading} tone="muted">
        <FeatureCards cards={page.capabilities} />
      </HeadedSection>
      <HeadedSection id="benefits" heading={page.benefitsHeading}>
        <BenefitLists business={page.businessBenefits} security={page.securityBenefits} />
      </HeadedSection>
      <ClosingBand heading={page.closing.heading} text={page.closing.text}>
        <a
          href={soc2Guide.path}
          download={soc2Guide.fileName}
          type={soc2Guide.type}
          className={secondaryOnInkButton}
        >
          <Icon node={fileDownIcon} strokeWidth={2} className="size-4" />
          {words("soc2Page.downloadGuide")}
          <span className="sr-only"> (PDF)</span>
        </a>
      </ClosingBand>
    </>
  );
}

export const loader = () =>
  pageData("/compliance/soc-2", { page: staticMarkup(<Soc2Page page={soc2PageData()} />) });
export const meta = metaFromLoader;

export default function ComplianceSoc2Page({ loaderData }: Route.ComponentProps) {
  return <StaticBlock markup={loaderData.page} />;
}
