/**
 * The About page (requirements CO-1 to CO-9): who we are, the carousel's five pictures
 * and the heading over the embedded contact form. No customers, awards or
 * figures: the company is described by what it builds and where it works.
 */
import type { CarouselSlide, SectionHeading } from "./types.ts";

export const companyStory: SectionHeading & { paragraphs: string[] } = {
  eyebrow: "Who we are",
  heading: "Privacy engineering, built in two cities",
  paragraphs: [
    "Veilvault started from a simple observation: most data leaks are not clever attacks but copies. A customer's phone number sits in a CRM, a support ticket, an analytics table, a log line and now a prompt to a language model. Every copy is one more place to secure, audit and erase.",
    "So we built a vault that keeps the real values in one encrypted place and hands every other system a token that keeps its format. Policies decide at runtime who may see the real value and why, and every decision lands in a tamper-evident log.",
    "Our team works from San Francisco and Bengaluru, close to the companies that answer to HIPAA and CCPA on one side and to India's DPDP Act on the other. We write software for security and compliance teams, and we hold our own website to the same standard: no trackers, no third-party scripts and nothing stored before you choose.",
  ],
};

export const carouselHeading: SectionHeading = {
  eyebrow: "What we build",
  heading: "Veilvault in five pictures",
};

/** The carousel's own name: distinct from its section's heading, so the two landmarks can be told apart. */
export const carouselLabel = "Slide show: how Veilvault works";

export const carouselSlides: CarouselSlide[] = [
  {
    id: "vault",
    title: "One vault, one source of truth",
    caption: "Real values live in a single encrypted vault; every other system holds tokens.",
    alt: "An illustration of a vault at the centre, with tokens flowing out to an application, a data warehouse and an AI model.",
  },
  {
    id: "tokens",
    title: "Tokens that keep their shape",
    caption: "Format-preserving tokens let schemas, validations and joins keep working.",
    alt: "An illustration of a phone number and an email address turning into tokens of the same length and format.",
  },
  {
    id: "policy",
    title: "Policy decides every reveal",
    caption: "Role- and attribute-based rules check who asks, for which field and for what purpose.",
    alt: "An illustration of a request passing a policy check with role, purpose and field before a value is revealed.",
  },
  {
    id: "audit",
    title: "A log that cannot be quietly edited",
    caption: "Every tokenization, reveal and policy change is recorded in a tamper-evident chain.",
    alt: "An illustration of audit log entries linked in a chain, each recording who revealed which field and when.",
  },
  {
    id: "offices",
    title: "San Francisco and Bengaluru",
    caption: "Two offices, one team, working across the time zones of our customers.",
    alt: "An illustration of two connected map pins, one for San Francisco and one for Bengaluru.",
  },
];

export const companyContactHeading: SectionHeading = {
  eyebrow: "Talk to us",
  heading: "Get In Touch",
  intro: "Tell us what you are protecting and where. The team in San Francisco or Bengaluru will reply to set up the right conversation.",
};

/** The contact page's sections around the form (requirement CONTACT-1). */
export const contactSections = {
  form: { heading: "Send us a message", intro: "Every field but your last name is needed so we can reach the right person." },
  otherWays: {
    heading: "Other ways to reach us",
    email: "Write to us",
    demo: "Prefer to talk it through? Book a free 30-minute demo with the team.",
  },
  offices: {
    eyebrow: "Offices",
    heading: "Where we work",
    intro: "San Francisco and Bengaluru, so someone is awake for most of the working day in the US, Europe and India.",
  } satisfies SectionHeading,
};
