import { Mail as mailIcon } from "lucide";
import { Icon } from "../components/icon.tsx";
import { LeadFormCard } from "../components/contact/lead-form-card.tsx";
import ContactFormIsland from "../islands/contact-form.island.tsx";
import { OfficeMap } from "../components/contact/office-map.tsx";
import { DemoButton } from "../components/demo-button.tsx";
import { IntroFromContent } from "../components/intro-from-content.tsx";
import { OfficeCards } from "../components/office-cards.tsx";
import { HeadedSection } from "../components/sections/section-header.tsx";
import { Section } from "../components/ui/section.tsx";
import { contactPage } from "../content/pages.server.ts";
import { StaticBlock } from "../components/ui/static-block.tsx";
import { pageData } from "../route-data/page-data.server.ts";
import { staticMarkup } from "../route-data/static-markup.server.tsx";
import { metaFromLoader } from "../lib/seo.ts";
import { site } from "../site/config.ts";
import type { Route } from "./+types/get-in-touch";

/** Beside the form: the e-mail address and the demo call. */
function OtherWays() {
  const { otherWays } = contactPage;
  return (
    <aside aria-labelledby="other-ways-title" className="flex flex-col gap-6">
      <h2 id="other-ways-title" className="text-xl font-semibold">
        {otherWays.heading}
      </h2>
      <div>
        <p className="text-sm font-semibold text-text">{otherWays.email}</p>
        <a
          href={`mailto:${site.email.contact}`}
          className="mt-1 inline-flex items-center gap-2 text-base font-medium text-accent-strong underline underline-offset-2"
        >
          <Icon node={mailIcon} strokeWidth={2} className="size-4" />
          {site.email.contact}
        </a>
      </div>
      <div>
        <p className="text-base/7 text-text-muted">{otherWays.demo}</p>
        <DemoButton className="mt-4" />
      </div>
    </aside>
  );
}

// The form is the one part the browser draws; the rest is drawn at build time (PERF-8).
export const loader = () =>
  pageData("/get-in-touch", {
    intro: staticMarkup(<IntroFromContent content={contactPage.intro} />),
    form: contactPage.form,
    otherWays: staticMarkup(<OtherWays />),
    offices: staticMarkup(
      <HeadedSection id="offices" heading={contactPage.offices} tone="ink">
        <div className="mt-12">
          <OfficeMap />
        </div>
        <OfficeCards className="mx-auto mt-10 max-w-3xl" />
      </HeadedSection>,
    ),
  });
export const meta = metaFromLoader;

export default function GetInTouchPage({ loaderData }: Route.ComponentProps) {
  const { form } = loaderData;
  return (
    <>
      <StaticBlock markup={loaderData.intro} />
      <Section labelledBy="lead-form-title" eager>
        <div className="grid grid-cols-1 gap-12 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
          <LeadFormCard form={<ContactFormIsland />} headingId="lead-form-title" heading={form.heading} intro={form.intro} />
          <StaticBlock markup={loaderData.otherWays} />
        </div>
      </Section>
      <StaticBlock markup={loaderData.offices} />
    </>
  );
}
