import { linkTo, type PagePath, type RegulationPath } from "../site/pages.ts";
import type { FeatureCard, RegulationPage, SectionHeading } from "./types.ts";

export interface ComplianceLink {
  name: string;
  to: PagePath;
  summary: string;
}

/**
 * The six compliance pages as the hub lists them: the regulation pages in
 * route-table order (as the menu lists them), each with its record's line,
 * then SOC 2. Only the build reads these summaries.
 */
export function compliancePagesFrom(regulations: readonly { path: RegulationPath; record: Pick<RegulationPage, "hubSummary"> }[]): ComplianceLink[] {
  return [
    ...regulations.map(({ path, record }) => ({ ...named(path), summary: record.hubSummary })),
    {
      ...named("/compliance/soc-2"),
      summary: "The five Trust Services Criteria, Type I and Type II reports, and the controls Veilvault supports.",
    },
  ];
}

function named(path: PagePath): { name: string; to: PagePath } {
  const { label, to } = linkTo(path);
  return { name: label, to };
}

/** The section every regulation page ends with (requirement COMP-7: a trailing shared section). */
export const regulationClosing = {
  otherHeading: {
    eyebrow: "One vault, every framework",
    heading: "The same controls answer the other regulations",
    intro:
      "Tokens, access policies and the audit log do not change from one law to the next. Only the questions do. See how they map to the rest.",
  },
  heading: "Map your obligations to your data",
  text: "In a free 30-minute demo we trace one of your data flows, show which Veilvault controls answer each requirement, and mark where your own policies and processes take over.",
};

/** The Compliance Hub's own sections, after the list of pages. */
export const hubSections: {
  listHeading: string;
  sharedHeading: SectionHeading;
  shared: FeatureCard[];
  closing: { heading: string; text: string };
} = {
  listHeading: "Choose your regulation",
  sharedHeading: {
    eyebrow: "Why one vault",
    heading: "Three questions every regulation asks",
  },
  shared: [
    {
      icon: "scan-search",
      title: "Where is the personal data?",
      desc: "Classification finds sensitive fields in text, images and PDFs, and tokenization keeps the originals in one encrypted vault instead of every system.",
    },
    {
      icon: "key-round",
      title: "Who can see it, and why?",
      desc: "Role- and attribute-based policies decide every reveal, with just-in-time and break-glass access for the exceptions.",
    },
    {
      icon: "scroll-text",
      title: "Can you prove it?",
      desc: "An immutable, tamper-evident audit log records every tokenization, reveal and policy decision, ready for a regulator or an auditor.",
    },
  ],
  closing: {
    heading: "Not sure which rules apply to your data?",
    text: "Bring your data flows to a free 30-minute demo. We show where personal data sits, which controls answer which obligations, and what stays with your own teams.",
  },
};
