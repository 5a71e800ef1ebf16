import type { NEWSLETTER_BOX_ID } from "../site/navigation.ts";
import type { IconName } from "./icon-names.ts";
import type { Diagram, DiagramNode } from "./schemas/diagram.ts";

/**
 * The shapes of page copy. Content modules fill them; loaders hand them to the
 * page (ADR 0004); section components render them. No JSX here.
 */

export type { IconName } from "./icon-names.ts";

/** An icon's drawing: SVG elements on a 24 x 24 grid, as lucide defines them. */
export type IconNode = [tag: string, attributes: Record<string, string | number | undefined>][];

/** A content record whose icon name a loader has replaced by its drawing. */
export type WithIconNode<T extends { icon: IconName }> = Omit<T, "icon"> & { icon: IconNode };

/** 'In a Nutshell' card (requirement HOME-4: icon, title, desc). */
export interface FeatureCard {
  icon: IconName;
  title: string;
  desc: string;
}

/** A FAQ item. Each line of the answer (split on "\n") renders as its own paragraph. */
export interface FaqItem {
  question: string;
  answer: string;
}

export type { Diagram, DiagramLink, DiagramNode } from "./schemas/diagram.ts";

/** A diagram drawn at build time (lib/diagram-markup.server.tsx): SVG markup for wide screens and for phones. */
export interface DiagramMarkup {
  wide: string;
  narrow: string;
}

/**
 * A part of a page that needs no script, drawn to HTML while prerendering
 * (route-data/static-markup.server.tsx) and placed by StaticBlock. Our own build
 * output, never visitor input.
 */
export interface StaticMarkup {
  html: string;
}

/** A content record whose diagram a loader has drawn. */
export type WithDiagramMarkup<T extends { graphic: Diagram }> = Omit<T, "graphic"> & { graphic: DiagramMarkup };

/** Text beside a graphic, alternating sides down the page. */
export interface TextBlock {
  title: string;
  description: string;
  bulletPoints: string[];
  /** A result line; figures only from FIG-1 (FEAT-3). */
  impact?: string;
  graphic: Diagram;
  /** Graphic on the left instead of the right (desktop). */
  reverse?: boolean;
}

/** One stage of the How It Works flow. */
export interface FlowStage {
  id: string;
  title: string;
  /** Under the stage in the diagram: at most 18 characters, monospace. */
  example: string;
  /** The sentence in the step list under the diagram. */
  text: string;
  tone: NonNullable<DiagramNode["tone"]>;
}

/** A sample record shown raw and tokenized in the home hero. All values are fictional. */
export interface TokenSample {
  field: string;
  raw: string;
  token: string;
}

export interface SectionHeading {
  eyebrow?: string;
  heading: string;
  intro?: string;
}

/** The Use Cases page's tabs (requirements UC-1, UC-3). */
export type UseCaseTabId = "general" | "porter" | "healthcare" | "rso";

/** A use-case card (requirement UC-2): title, challenge, example, solution, outcome. */
export interface UseCaseCard {
  title: string;
  challenge: string;
  example: string;
  /** Shown under "How Veilvault helps". */
  solution: string;
  outcome: string;
}

export interface UseCaseTab {
  id: UseCaseTabId;
  label: "General" | "Porter" | "Healthcare" | "RSO";
  /** One sentence under the tab list saying who this tab is for. */
  summary: string;
  cards: UseCaseCard[];
}

/** A statistic: one of FIG-1's marketing figures, split into its number and its words. */
export type { LandingFeature, LandingPage, Statistic } from "./schemas/landing-page.ts";

/** A monochrome brand mark (simple-icons), shown as "works with", never as a customer. */
export interface BrandMark {
  title: string;
  /** SVG path on a 24 x 24 grid. */
  path: string;
}

/** The opening band of a page: its one H1 and the paragraph under it. */
export interface PageIntroContent {
  eyebrow?: string;
  heading: string;
  intro: string;
  /** Offer the demo and 'Learn More' buttons under the intro. */
  actions?: boolean;
}

export type { RegulationFeatureCard, RegulationPage, RequirementCard } from "./schemas/regulation-page.ts";

export type TrustServicesCriterion = "Security" | "Availability" | "Processing Integrity" | "Confidentiality" | "Privacy";

/** A SOC 2 criterion card (SOC2-3). */
export interface Soc2CriterionCard {
  title: TrustServicesCriterion;
  description: string;
  icon: IconName;
  /** Exactly four key controls. */
  controls: string[];
}

/** A SOC 2 report type card (SOC2-4). */
export interface ReportTypeCard {
  type: "Type I" | "Type II";
  description: string;
  timeline: string;
  focus: string;
}

/** A figure with its words, as 'Understanding SOC 2' shows them. */
export interface KeyFigure {
  value: string;
  label: string;
}

/** A capability of the platform section. */
export interface CapabilityCard {
  icon: IconName;
  title: string;
  description: string;
}

/** A group of readiness steps in the downloadable guide. */
export interface ChecklistGroup {
  title: string;
  items: string[];
}

/** The SOC 2 page (requirements SOC2-1 to SOC2-8) and the PDF guide built from the same record. */
export interface Soc2Page {
  intro: PageIntroContent;
  understanding: SectionHeading & { paragraphs: string[]; figures: KeyFigure[] };
  criteriaHeading: SectionHeading;
  criteria: Soc2CriterionCard[];
  reportTypesHeading: SectionHeading;
  reportTypes: ReportTypeCard[];
  platformHeading: SectionHeading;
  /** Exactly eight, in SOC2-5's order. */
  capabilities: CapabilityCard[];
  benefitsHeading: SectionHeading;
  businessBenefits: string[];
  securityBenefits: string[];
  closing: { heading: "Start Your SOC 2 Journey"; text: string };
  /** What only the PDF guide adds: its cover, a foreword and the readiness checklist. */
  guide: {
    title: string;
    subtitle: string;
    foreword: string[];
    readiness: ChecklistGroup[];
    /** A plain statement of what Veilvault is and is not in a SOC 2 audit. */
    scopeNote: string;
  };
}

/** One image of the About page's carousel; the build draws and encodes the picture (scripts/build/lib/carousel-images.ts). */
export interface CarouselSlide {
  id: string;
  title: string;
  caption: string;
  /** What the picture shows, for people who cannot see it. */
  alt: string;
}

/**
 * A page a newsletter e-mail leads to (content/newsletter-pages.ts): a short
 * explanation and one way on. Such pages are noindex and in no sitemap, so
 * their title and description serve the browser tab and shared links only.
 */
export interface NewsletterPageContent {
  title: string;
  description: string;
  heading: string;
  paragraphs: readonly string[];
  /** A closing line that names an e-mail address, shown as a mailto: link after `text`. */
  contact?: { text: string; email: string };
  /**
   * The one way on: a link, or a button that posts the page's own URL (its
   * `?token=…` included) back to the server. Confirming and unsubscribing are
   * posts because mail filters' link scanners open every link with a GET.
   */
  action:
    | { kind: "link"; label: string; href: "/" | `#${typeof NEWSLETTER_BOX_ID}` }
    | { kind: "post"; label: "Confirm subscription" | "Unsubscribe" };
}
