import { ImageCarousel } from "../components/carousel/image-carousel.tsx";
import { LeadFormCard } from "../components/contact/lead-form-card.tsx";
import { IntroFromContent } from "../components/intro-from-content.tsx";
import { HeadedSection } from "../components/sections/section-header.tsx";
import { Section } from "../components/ui/section.tsx";
import { carouselHeading, carouselLabel, carouselSlides, companyContactHeading, companyStory } from "../content/company.ts";
import { pageIntros } from "../content/page-intros.ts";
import { pageData } from "../route-data/page-data.server.ts";
import { metaFromLoader } from "../lib/seo.ts";
import type { Route } from "./+types/company";

export const loader = () =>
  pageData("/company", {
    intro: pageIntros["/company"],
    story: companyStory,
    carousel: { heading: carouselHeading, label: carouselLabel, slides: carouselSlides },
    contact: companyContactHeading,
  });
export const meta = metaFromLoader;

export default function CompanyPage({ loaderData }: Route.ComponentProps) {
  const { story, carousel, contact } = loaderData;
  return (
    <>
      <IntroFromContent content={loaderData.intro} />
      <HeadedSection id="story" heading={story}>
        <div className="mt-8 flex max-w-3xl flex-col gap-5 text-lg/8 text-text-muted">
          {story.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      </HeadedSection>
      <HeadedSection id="pictures" heading={carousel.heading} tone="muted">
        <div className="mx-auto mt-10 max-w-4xl">
          <ImageCarousel slides={carousel.slides} label={carousel.label} />
        </div>
      </HeadedSection>
      <Section id="get-in-touch" labelledBy="company-contact-title" eager>
        <div className="mx-auto max-w-3xl">
          <p className="mb-3 text-sm font-semibold tracking-wide text-accent uppercase">{contact.eyebrow}</p>
          <LeadFormCard headingId="company-contact-title" heading={contact.heading} intro={contact.intro} />
        </div>
      </Section>
    </>
  );
}
