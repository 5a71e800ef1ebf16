import type { NEWSLETTER_BOX_ID } from "../site/navigation.ts";
import type { IconName } from "./icon-names.ts";
import type { Diagram } from "./schemas/diagram.ts";
import type { NewsletterPage } from "./schemas/newsletter-page.ts";

/**
 * The shapes of page copy. Most are the content schemas' (content files fill
 * them, EDIT-2); loaders hand them to the page (ADR 0004); section components
 * render them. No JSX here.
 */

export type { IconName } from "./icon-names.ts";

/** An icon's drawing: SVG elements on a 24 x 24 grid, as lucide defines them. */
export type IconNode = [tag: string, attributes: Record<string, string | number | undefined>][];

/** A content record whose icon name a loader has replaced by its drawing. */
export type WithIconNode<T extends { icon: IconName }> = Omit<T, "icon"> & { icon: IconNode };

export type { Diagram, DiagramLink, DiagramNode } from "./schemas/diagram.ts";
export type { FaqItem, FeatureCard, FlowStage, TextBlock } from "./schemas/sections.ts";
export type { PageIntroContent, SectionHeading } from "./schemas/copy.ts";
export type { HomePage, TokenSample } from "./schemas/home-page.ts";
export type { UseCaseCard, UseCaseTab, UseCaseTabId } from "./schemas/use-case-hub.ts";
export type { CapabilityCard, ChecklistGroup, KeyFigure, ReportTypeCard, Soc2CriterionCard, Soc2Page, TrustServicesCriterion } from "./schemas/soc2-page.ts";
export type { CarouselSlide } from "./schemas/company-page.ts";

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

/** A statistic: one of FIG-1's marketing figures, split into its number and its words. */
export type { LandingFeature, LandingPage, Statistic } from "./schemas/landing-page.ts";

/** A monochrome brand mark (simple-icons), shown as "works with", never as a customer. */
export interface BrandMark {
  title: string;
  /** SVG path on a 24 x 24 grid. */
  path: string;
}

export type { RegulationFeatureCard, RegulationPage, RequirementCard } from "./schemas/regulation-page.ts";

/**
 * A page a newsletter e-mail leads to, as the page draws it: its content file
 * (content/newsletter/<slug>.yaml) with placeholders filled, a short explanation
 * and one way on. Such pages are noindex and in no sitemap, so their title and
 * description serve the browser tab and shared links only.
 */
type NewsletterPagePost = Extract<NewsletterPage["action"], { kind: "post" }>;

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
    | { kind: "link"; label: string; href: "/" | "/trust" | `#${typeof NEWSLETTER_BOX_ID}` }
    | { kind: "post"; label: NewsletterPagePost["label"] };
}
