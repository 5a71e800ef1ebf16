/**
 * The shapes of page copy. Content modules fill them; loaders hand them to the
 * page (ADR 0004); section components render them. No JSX here.
 */

/**
 * Line icons the sections may use (lucide glyphs, mapped in components/icon.tsx).
 * Only the ones copy uses: every glyph in the map ships with every page that
 * shows an icon card, so add a name here when copy needs it.
 */
export type IconName = "vault" | "token" | "scan" | "key" | "log" | "brain";

/** 'In a Nutshell' card (SPEC.md section 3: icon, title, desc). */
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

/**
 * A box in a diagram. `label` is at most 16 characters (one line of the box);
 * `detail`, optional, at most 18 characters, shown under it in a monospace face
 * (an example token, a field name, a rule).
 */
export interface DiagramNode {
  id: string;
  label: string;
  detail?: string;
  /** The node's role sets its colour: plain boxes, the vault, tokens, policy, the log. */
  tone?: "plain" | "source" | "token" | "vault" | "policy" | "log";
}

/** A connector from one node to another; `pulse` animates a token travelling along it. */
export interface DiagramLink {
  from: string;
  to: string;
  pulse?: boolean;
}

/**
 * A diagram laid out automatically: `columns` left to right, each a stack of
 * 1 to 3 nodes, at most 3 columns. `title` names the picture and `description`
 * says in one or two sentences what it shows (the text alternative).
 */
export interface Diagram {
  title: string;
  description: string;
  columns: DiagramNode[][];
  links: DiagramLink[];
}

/** Text beside a graphic, alternating sides down the page. */
export interface TextBlock {
  title: string;
  description: string;
  bulletPoints: string[];
  /** A result line; figures only from SPEC.md section 9. */
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
