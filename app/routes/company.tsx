import { ImageCarousel } from "../components/carousel/image-carousel.tsx";
import { LeadFormCard } from "../components/contact/lead-form-card.tsx";
import { IntroFromContent } from "../components/intro-from-content.tsx";
import { HeadedSection, SectionHeader } from "../components/sections/section-header.tsx";
import { Section } from "../components/ui/section.tsx";
import { StaticBlock } from "../components/ui/static-block.tsx";
import { carouselHeading, carouselLabel, carouselSlides, companyContactHeading, companyStory } from "../content/company.ts";
import { pageIntros } from "../content/page-intros.ts";
import { pageData } from "../route-data/page-data.server.ts";
import { staticMarkup } from "../route-data/static-markup.server.tsx";
import { metaFromLoader } from "../lib/seo.ts";
import type { Route } from "./+types/company";

/** The intro and the story: drawn at build time, they need no script (PERF-8). */
function IntroAndStory() {
  return (
    <>
      <IntroFromContent content={pageIntros["/company"]} />
      <HeadedSection id="story" heading={companyStory}>
        <div className="mt-8 flex max-w-3xl flex-col gap-5 text-lg/8 text-text-muted">
          {companyStory.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      </HeadedSection>
    </>
  );
}

export const loader = () =>
  pageData("/company", {
    introAndStory: staticMarkup("/company", <IntroAndStory />),
    carousel: {
      header: staticMarkup("/company", <SectionHeader content={carouselHeading} id="pictures-title" />),
      label: carouselLabel,
      slides: carouselSlides,
    },
    contact: companyContactHeading,
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
          <ImageCarousel slides={carousel.slides} label={carousel.label} />
        </div>
      </Section>
      <Section id="get-in-touch" labelledBy="company-contact-title" eager>
        <div className="mx-auto max-w-3xl">
          <p className="mb-3 text-sm font-semibold tracking-wide text-accent uppercase">{contact.eyebrow}</p>
          <LeadFormCard headingId="company-contact-title" heading={contact.heading} intro={contact.intro} />
        </div>
      </Section>
    </>
  );
}
