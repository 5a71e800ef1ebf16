import ImageCarouselIsland from "../islands/image-carousel.island.tsx";
import { LeadFormCard } from "../components/contact/lead-form-card.tsx";
import ContactFormIsland from "../islands/contact-form.island.tsx";
import { IntroFromContent } from "../components/intro-from-content.tsx";
import { HeadedSection, SectionHeader } from "../components/sections/section-header.tsx";
import { Section } from "../components/ui/section.tsx";
import { StaticBlock } from "../components/ui/static-block.tsx";
import { companyPage } from "../content/pages.server.ts";
import { pageData } from "../route-data/page-data.server.ts";
import { staticMarkup } from "../route-data/static-markup.server.tsx";
import { metaFromLoader } from "../lib/seo.ts";
import type { Route } from "./+types/company";

/** The intro and the story: drawn at build time, they need no script (PERF-8). */
function IntroAndStory() {
  return (
    <>
      <IntroFromContent content={companyPage.intro} />
      <HeadedSection id="story" heading={companyPage.story}>
        <div className="mt-8 flex max-w-3xl flex-col gap-5 text-lg/8 text-text-muted">
          {companyPage.story.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      </HeadedSection>
    </>
  );
}

export const loader = () =>
  pageData("/company", {
    introAndStory: staticMarkup(<IntroAndStory />),
    carousel: {
      header: staticMarkup(<SectionHeader content={companyPage.carousel.heading} id="pictures-title" />),
      label: companyPage.carousel.label,
      slides: companyPage.carousel.slides,
    },
    contact: companyPage.contactHeading,
  });
export const meta = metaFromLoader;

export default function CompanyPage({ loaderData }: Route.ComponentProps) {
  const { carousel, contact } = loaderData;
  return (
    <>
      <StaticBlock markup={loaderData.introAndStory} />
      <Section id="pictures" labelledBy="pictures-title" tone="muted">
        <StaticBlock markup={carousel.header} />
        <div className="mx-auto mt-10 max-w-4xl">
          <ImageCarouselIsland slides={carousel.slides} label={carousel.label} />
        </div>
      </Section>
      <Section id="get-in-touch" labelledBy="company-contact-title" eager>
        <div className="mx-auto max-w-3xl">
          <p className="mb-3 text-sm font-semibold tracking-wide text-accent uppercase">{contact.eyebrow}</p>
          <LeadFormCard form={<ContactFormIsland />} headingId="company-contact-title" heading={contact.heading} intro={contact.intro} />
        </div>
      </Section>
    </>
  );
}
