/**
 * GDPR regulation page copy (requirements COMP-3 to COMP-8). Legal facts follow
 * Regulation (EU) 2016/679: Recital 26 and Articles 4(5), 5, 15-17, 20, 25, 30, 32-34 and 44-49.
 */
import type { RegulationPage } from "../types.ts";

export const gdpr: RegulationPage = {
  name: "GDPR",
  citation: "Regulation (EU) 2016/679 (General Data Protection Regulation)",
  meta: {
    title: "GDPR Compliance With a Data Privacy Vault",
    description:
      "Pseudonymise personal data, honour access and erasure requests from one vault, and meet the GDPR's 72-hour breach notification window with a full access log.",
  },
  hubSummary: "Pseudonymisation, data subject requests and 72-hour breach evidence for the EU regulation.",
  intro: {
    eyebrow: "GDPR",
    heading: "GDPR safeguards, built into the data layer",
    intro:
      "Pseudonymise personal data at the point of collection, answer access and erasure requests from one vault, and keep the records you need to notify a breach within 72 hours. You remain the controller; Veilvault supplies the controls and the evidence.",
    actions: true,
  },
  requirementsHeading: {
    eyebrow: "What GDPR asks",
    heading: "Four obligations that land on your data layer",
    intro:
      "Each card sets out what the article asks, why it matters in practice and which Veilvault mechanism answers it.",
  },
  requirements: [
    {
      title: "Security of processing (Art. 32)",
      whatDoesItAsk:
        "Controllers and processors must apply technical and organisational measures suited to the risk. Article 32 names pseudonymisation and encryption of personal data among them.",
      why: "Every copy of personal data held in the clear is a copy an attacker can read. Pseudonymisation and encryption are the measures the text itself names.",
      howWeSolve:
        "Veilvault replaces personal data with format-preserving tokens as it arrives and keeps the originals in an encrypted vault. Applications, logs and warehouses hold tokens, not identities.",
    },
    {
      title: "Data protection by design and default (Art. 25)",
      whatDoesItAsk:
        "Build data protection principles such as data minimisation into processing from the design stage. By default, process only the personal data each specific purpose needs.",
      why: "Controls added after launch leave earlier copies behind. Article 25 expects protection to be part of the system, with default settings that limit who can see personal data.",
      howWeSolve:
        "Tokenization at ingestion means new services start with tokens. Role- and attribute-based policies reveal a real value only when a role and purpose are authorised for that field.",
    },
    {
      title: "Data subject rights (Arts. 15-17, 20)",
      whatDoesItAsk:
        "People may obtain a copy of their personal data, have it rectified or erased, and receive the data they provided in a portable format, on the conditions each article sets.",
      why: "Each request means finding every copy of one person's data. When it is scattered across databases, files and exports, answers are slow and easily incomplete.",
      howWeSolve:
        "Classification finds personal data in text, images and PDFs, and the vault holds each person's originals in one place. Erase an original there and tokens held elsewhere can no longer reveal it.",
    },
    {
      title: "Breach notification within 72 hours (Art. 33)",
      whatDoesItAsk:
        "Notify the supervisory authority without undue delay and, where feasible, within 72 hours of becoming aware of a personal data breach, unless it is unlikely to result in a risk to people.",
      why: "The notice must describe the breach, including the categories and approximate number of people and records concerned. Without access records, that scope is guesswork.",
      howWeSolve:
        "Every tokenize, reveal and policy change lands in an immutable, tamper-evident audit log. It shows whose data was revealed, by whom and when, so you scope the breach from records.",
    },
  ],
  featuresHeading: {
    eyebrow: "How Veilvault helps",
    heading: "Controls that leave GDPR evidence behind",
    intro:
      "Veilvault supplies technical controls and the records that show they work. You remain the controller, and your DPO and counsel decide how they fit your compliance programme.",
  },
  features: [
    {
      icon: "square-asterisk",
      title: "Pseudonymisation at Ingestion",
      description:
        "Tokens replace names, emails and identifiers as data arrives. Tokens are still personal data under Recital 26; the means to re-identify stays in the vault.",
      bulletPoints: [
        "Format-preserving tokens keep schemas and validations working",
        "Originals encrypted in the vault, the single source of truth",
        "Re-identification only through an authorised policy check",
      ],
    },
    {
      icon: "scan-search",
      title: "Know Where Personal Data Lives",
      description:
        "Automated classification finds personal data in text, images and PDFs, giving you an inventory that supports your Article 30 records of processing.",
      bulletPoints: [
        "Sensitive fields found in structured and unstructured data",
        "Categories of personal data mapped to the systems holding them",
        "New data classified as it arrives, not in a yearly review",
      ],
    },
    {
      icon: "key-round",
      title: "Access Limited to a Purpose",
      description:
        "Role- and attribute-based policies tie each reveal to a role and a purpose, supporting purpose limitation and data minimisation under Article 5.",
      bulletPoints: [
        "Field-level rules by role, purpose and other attributes",
        "Just-in-time grants that expire when the task ends",
        "Break-glass access with a stated reason, flagged for review",
      ],
    },
    {
      icon: "scroll-text",
      title: "Records for Accountability",
      description:
        "Article 5(2) asks you to demonstrate compliance. Immutable, tamper-evident audit logs record every tokenize, reveal and policy change as it happens.",
      bulletPoints: [
        "Who revealed which field, when and under which policy",
        "Append-only entries; an edit shows up on verification",
        "Facts for your DPO and a supervisory authority's questions",
      ],
    },
    {
      icon: "eye-off",
      title: "Leaked Tokens, Not Identities",
      description:
        "If a system holding only tokens is breached, originals stay in the vault. That bears on Article 34(3)(a), which covers data made unintelligible, as by encryption.",
      bulletPoints: [
        "Tokens reveal nothing without an authorised vault lookup",
        "Originals held encrypted in the vault",
        "Your own breach assessment still decides whom to notify",
      ],
    },
    {
      icon: "globe",
      title: "Fewer Identities Crossing Borders",
      description:
        "Transfers to third countries follow Articles 44 to 49. Sending tokens while originals stay in the vault limits what a recipient abroad can read.",
      bulletPoints: [
        "Overseas systems and vendors work with tokens",
        "Reveal requests checked against location and purpose",
        "Chapter V still applies; tokens support your transfer assessment",
      ],
    },
  ],
};
