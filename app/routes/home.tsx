import { IntroFromContent } from "../components/intro-from-content.tsx";
import { Heading } from "../components/ui/heading.tsx";
import { Section } from "../components/ui/section.tsx";
import { howItWorks } from "../content/home.ts";
import { pageIntros } from "../content/page-intros.ts";
import { pageData } from "../lib/page-data.server.ts";
import { metaFromLoader } from "../lib/seo.ts";
import type { Route } from "./+types/home";

export const loader = () => pageData("/", { intro: pageIntros["/"], howItWorks });
export const meta = metaFromLoader;

export default function HomePage({ loaderData }: Route.ComponentProps) {
  const { howItWorks } = loaderData;
  return (
    <>
      <IntroFromContent content={loaderData.intro} />
      <Section id="how-it-works" labelledBy="how-it-works-title" tone="muted">
        <Heading level={2} id="how-it-works-title">
          {howItWorks.heading}
        </Heading>
        <p className="mt-4 max-w-2xl text-lg/8 text-text-muted">{howItWorks.intro}</p>
        <ol className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {howItWorks.steps.map((step, index) => (
            <li key={step.title} className="rounded-2xl border border-line bg-surface p-6">
              <span aria-hidden="true" className="text-sm font-semibold text-accent tabular-nums">
                {String(index + 1).padStart(2, "0")}
              </span>
              <h3 className="mt-3 text-lg/7 font-semibold">{step.title}</h3>
              <p className="mt-2 text-base/7 text-text-muted">{step.text}</p>
            </li>
          ))}
        </ol>
      </Section>
    </>
  );
}
