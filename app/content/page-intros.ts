import type { PagePath } from "../site/pages.ts";

/**
 * Pages that open with the shared intro band. The home page and the use-case
 * landing pages open with heroes of their own (content/home.ts,
 * content/landing-pages.ts).
 */
export type IntroPath = Exclude<PagePath, "/" | `/use-cases/${string}`>;

/** The opening of each page: its one H1 and the paragraph under it. */
export interface PageIntroContent {
  eyebrow?: string;
  heading: string;
  intro: string;
  /** Offer the demo and 'Learn More' buttons under the intro. */
  actions?: boolean;
}

export const pageIntros = {
  "/use-case": {
    eyebrow: "Use cases",
    heading: "Privacy that works where your data does",
    intro:
      "General platforms, logistics networks, hospitals and security teams handle different data under different rules. Here is how each of them uses tokens, policy and audit to keep sensitive fields out of places they do not belong.",
    actions: true,
  },
  "/compliance": {
    eyebrow: "Compliance Hub",
    heading: "One vault, many regulations",
    intro:
      "GDPR, India's DPDP Act, HIPAA, CCPA and PCI DSS ask overlapping questions: where is personal data, who can see it, and can you prove it. Start with the regulation you answer to.",
    actions: true,
  },
  "/compliance/gdpr": {
    eyebrow: "GDPR",
    heading: "GDPR compliance, built into the data layer",
    intro:
      "Pseudonymise personal data at the point of collection, serve access and erasure requests from one place, and keep the evidence you need to notify a breach within 72 hours.",
    actions: true,
  },
  "/compliance/dpdp": {
    eyebrow: "DPDP",
    heading: "Ready for India's Digital Personal Data Protection Act",
    intro:
      "The Digital Personal Data Protection Act, 2023 asks data fiduciaries to use personal data only for the purpose consented to, protect it with reasonable safeguards and erase it on request. Veilvault makes each of those a policy you can enforce.",
    actions: true,
  },
  "/compliance/ccpa": {
    eyebrow: "CCPA",
    heading: "Answer California consumers with confidence",
    intro:
      "When personal information lives in one vault and everything else holds tokens, requests to know, delete and limit use become lookups instead of projects.",
    actions: true,
  },
  "/compliance/hipaa": {
    eyebrow: "HIPAA",
    heading: "Protect PHI without slowing care",
    intro:
      "Tokenize protected health information across clinical and billing systems, grant the minimum necessary access by role and purpose, and keep audit controls that show every touch of a patient record.",
    actions: true,
  },
  "/compliance/dpia": {
    eyebrow: "DPIA",
    heading: "Impact assessments backed by evidence",
    intro:
      "A data protection impact assessment under GDPR Article 35 asks what could go wrong and what reduces the risk. Veilvault shows where personal data flows and which safeguards apply to it.",
    actions: true,
  },
  "/compliance/soc-2": {
    eyebrow: "SOC 2",
    heading: "SOC 2 Compliance Solutions",
    intro:
      "SOC 2 reports on controls across five Trust Services Criteria. Veilvault's access policies, encryption and tamper-evident logs give auditors evidence for the controls that touch sensitive data.",
    actions: true,
  },
  "/features": {
    eyebrow: "Platform",
    heading: "Core Features",
    intro:
      "An encrypted vault, tokens that keep your formats working, classification that finds sensitive fields, access rules down to the field, and a log that cannot be quietly edited.",
    actions: true,
  },
  "/architecture": {
    eyebrow: "Architecture",
    heading: "Explore Our Architecture",
    intro:
      "Sensitive values enter through APIs and connectors, are tokenized in real time, and rest in an isolated vault. Every request to see them passes a policy check and leaves an audit record.",
    actions: true,
  },
  "/company": {
    eyebrow: "Company",
    heading: "About Us",
    intro:
      "We build privacy infrastructure for teams that handle personal and health data, so that protecting people's information is part of how systems work rather than a review at the end.",
  },
  "/get-in-touch": {
    eyebrow: "Contact",
    heading: "Get In Touch",
    intro:
      "Tell us about the data you hold, the regulations you answer to and the AI work you are planning. The team in San Francisco or Bengaluru will come back to you to set up the right conversation.",
  },
  "/privacy-policy": {
    eyebrow: "Legal",
    heading: "Privacy Policy",
    intro:
      "Effective 20th March 2025. What this website and our contact service collect about you, why, how long we keep it, and how to use your rights.",
  },
  "/terms-of-service": {
    eyebrow: "Legal",
    heading: "Terms and Conditions",
    intro: "Effective 15th April 2025. The terms on which you may use the Veilvault website.",
  },
  "/cookie-policy": {
    eyebrow: "Legal",
    heading: "Cookie Policy",
    intro:
      "Last updated January 1, 2024. Which cookies and similar browser storage this site uses, why, and how to change your choice.",
  },
  "/coming-soon-page": {
    heading: "Coming Soon",
    intro:
      "Our blog, news, events and careers pages are being written. Until they are ready, the rest of the site explains how Veilvault works.",
  },
} as const satisfies Record<IntroPath, PageIntroContent>;
