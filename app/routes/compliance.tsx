import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { IntroFromContent } from "../components/intro-from-content.tsx";
import { Heading } from "../components/ui/heading.tsx";
import { Section } from "../components/ui/section.tsx";
import { compliancePages } from "../content/compliance-hub.ts";
import { pageIntros } from "../content/page-intros.ts";
import { pageData } from "../lib/page-data.server.ts";
import { metaFromLoader } from "../lib/seo.ts";
import type { Route } from "./+types/compliance";

export const loader = () => pageData("/compliance", { intro: pageIntros["/compliance"], regulations: compliancePages });
export const meta = metaFromLoader;

export default function CompliancePage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <IntroFromContent content={loaderData.intro} />
      <Section labelledBy="regulations-title">
        <Heading level={2} id="regulations-title">
          Choose your regulation
        </Heading>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {loaderData.regulations.map((item) => (
            <li key={item.to}>
              <Link
                to={item.to}
                className="group flex h-full flex-col rounded-2xl border border-line bg-surface p-6 transition-shadow hover:shadow-lg"
              >
                <span className="text-h3 font-semibold">{item.name}</span>
                <span className="mt-2 flex-1 text-base/7 text-text-muted">{item.summary}</span>
                <span className="mt-4 inline-flex items-center gap-1.5 text-sm font-semibold text-accent-strong">
                  Read the {item.name} page
                  <ArrowRight aria-hidden="true" className="size-4 transition-transform group-hover:translate-x-0.5" />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}
