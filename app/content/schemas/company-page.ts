/**
 * The About page (CO-1 to CO-9), as content/company.yaml holds it: who we
 * are, the carousel's five pictures with their words and alt text, and the
 * heading over the embedded form. No customers, awards or figures.
 */
import { z } from "zod";
import { CAROUSEL_PICTURES } from "../../lib/carousel.ts";
import { copy, pageIntro, pageMetaText, sectionHeading } from "./copy.ts";

/** One picture of the carousel; the build draws the picture its id names. */
const carouselSlide = z.strictObject({
  id: z.enum(CAROUSEL_PICTURES, `must name a picture the build draws: ${CAROUSEL_PICTURES.join(", ")}`),
  title: copy,
  caption: copy,
  /** What the picture shows, for people who cannot see it. */
  alt: z.string({ error: "is missing: every picture needs alt text" }).trim().min(1, "is empty: every picture needs alt text").pipe(copy),
});

export const companyPageSchema = z.strictObject({
  meta: pageMetaText,
  intro: pageIntro,
  story: sectionHeading.extend({ paragraphs: z.array(copy).min(1) }),
  carousel: z.strictObject({
    heading: sectionHeading,
    /** The carousel's own name: distinct from its section's heading, so the two landmarks can be told apart. */
    label: copy,
    slides: z
      .array(carouselSlide)
      .length(CAROUSEL_PICTURES.length, `must hold one slide per picture (${CAROUSEL_PICTURES.length})`)
      .refine((slides) => new Set(slides.map((slide) => slide.id)).size === slides.length, "shows a picture twice"),
  }),
  contactHeading: sectionHeading,
});

export type CompanyPage = z.infer<typeof companyPageSchema>;
export type CarouselSlide = z.infer<typeof carouselSlide>;
