import { IntroFromContent } from "../components/intro-from-content.tsx";
import { ClosingBand } from "../components/sections/closing-band.tsx";
import { UseCaseTabs } from "../components/sections/use-case-tabs.tsx";
import { Section } from "../components/ui/section.tsx";
import { pageIntros } from "../content/page-intros.ts";
import { useCaseTabs, useCasesClosing } from "../content/use-cases.ts";
import { pageData } from "../route-data/page-data.server.ts";
import { metaFromLoader } from "../lib/seo.ts";
import type { Route } from "./+types/use-cases";

export const loader = () =>
  pageData("/use-case", { intro: pageIntros["/use-case"], tabs: useCaseTabs, closing: useCasesClosing });
export const meta = metaFromLoader;

export default function UseCasesPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <IntroFromContent content={loaderData.intro} />
      <Section>
        <UseCaseTabs tabs={loaderData.tabs} />
      </Section>
      <ClosingBand heading={loaderData.closing.heading} text={loaderData.closing.text} />
    </>
  );
}
