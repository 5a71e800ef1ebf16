import { regulationsInTableOrder } from "../content/regulations.server.ts";
import { pages, type PagePath, type RegulationPath } from "./pages.ts";

/**
 * Every page's title, description and sitemap weight, keyed by the route
 * table's paths (a page cannot be added without them). Kept apart from the
 * table because only the build reads them: the table itself ships to every
 * browser, for the menus. A regulation page's title and description come with
 * its record, so adding one touches its record, the records' index and the table.
 */
export interface PageMeta {
  /** Page title; the brand is appended when the title does not name it. */
  title: string;
  /** Meta description: unique per page, 70 to 160 characters. */
  description: string;
  keywords?: readonly string[];
  /** Social image path on this site; the default card otherwise. */
  ogImage?: string;
  /** Relative weight in sitemap.xml. */
  priority: number;
}

const REGULATION_PRIORITY = 0.7;

const ownMeta: Readonly<Record<Exclude<PagePath, RegulationPath>, PageMeta>> = {
  "/": {
    title: "Veilvault: Data Privacy Vault for the Agentic Era",
    description:
      "Tokenize personal and health data at ingestion, keep raw PII out of AI models, and enforce who may see it, with a tamper-evident log of every access.",
    keywords: ["data privacy vault", "tokenization", "PII protection", "AI data privacy", "DPDP", "GDPR", "HIPAA"],
    priority: 1,
  },
  "/use-case": {
    title: "Use Cases for Logistics, Healthcare and Security Teams",
    description:
      "How teams use Veilvault to protect rider, patient and customer data across analytics, AI, vendor sharing and incident response, with concrete examples.",
    priority: 0.8,
  },
  "/use-cases/generative-ai-workflow": {
    title: "AI & LLM Privacy: Keep Personal Data Out of AI Models",
    description:
      "Strip identifiers before prompts, training and retrieval reach a model, and re-reveal them only for authorised users. Private AI inference with Veilvault.",
    priority: 0.7,
  },
  "/use-cases/data-residency": {
    title: "Data Residency: Keep Personal Data in Region",
    description:
      "Hold sensitive values in a regional vault and move only tokens across borders, so global systems keep working while personal data stays in region.",
    priority: 0.7,
  },
  "/use-cases/secure-analytics": {
    title: "Privacy-First Analytics: Secure PII Across Your Stack",
    description:
      "Run joins, cohorts and fraud models on consistent tokens instead of raw identifiers, and keep warehouses, BI tools and notebooks out of compliance scope.",
    priority: 0.7,
  },
  "/use-cases/unstructured-data": {
    title: "Unstructured Data Protection: Tokenize PHI in Documents",
    description:
      "Discover and tokenize personal and health data in free text, scanned images and PDFs, so clinical notes and claims files meet HIPAA without manual redaction.",
    priority: 0.7,
  },
  "/use-cases/vendor-sharing": {
    title: "Safe Vendor Sharing: Give Partners Tokens, Not Card Data",
    description:
      "Give vendors and processors tokens instead of card and identity data, narrow PCI DSS scope, and revoke a partner's access in one policy change.",
    priority: 0.7,
  },
  "/use-cases/disaster-response": {
    title: "Audit & Incident Visibility: Who Accessed Which Record",
    description:
      "Answer who saw which personal record, when and why, from a tamper-evident access log, and contain incidents with break-glass access that leaves a trail.",
    priority: 0.7,
  },
  "/compliance": {
    title: "Compliance Hub: GDPR, DPDP, HIPAA, CCPA, DPIA and SOC 2",
    description:
      "How Veilvault maps to the privacy laws and frameworks you answer to: GDPR, India's DPDP Act, HIPAA, CCPA, DPIAs and SOC 2, one page per regulation.",
    priority: 0.8,
  },
  "/compliance/soc-2": {
    title: "SOC 2 Compliance Solutions",
    description:
      "The five Trust Services Criteria, Type I and Type II reports, and how Veilvault's controls, evidence and audit logs help you prepare for a SOC 2 audit.",
    priority: 0.7,
  },
  "/features": {
    title: "Core Features: Vault, Tokenization, Access and Audit",
    description:
      "The encrypted vault, format-preserving tokenization, automated classification, fine-grained access control, immutable audit logs and integrations.",
    priority: 0.9,
  },
  "/architecture": {
    title: "Explore Our Architecture: How the Privacy Vault Works",
    description:
      "Inside Veilvault: the centralized vault, the real-time tokenization engine, policy-driven access, the audit framework, APIs and resilient scaling.",
    priority: 0.9,
  },
  "/playground": {
    title: "Tokenization Playground: Try Veilvault in Your Browser",
    description:
      "Find personal data in a sample text, swap it for format-preserving tokens, reveal it by role and verify a hash-chained audit log, all without leaving the page.",
    priority: 0.8,
  },
  "/company": {
    title: "About Us: The Team Building Veilvault",
    description:
      "Veilvault builds privacy infrastructure for teams that handle personal and health data, from offices in San Francisco and Bengaluru.",
    priority: 0.6,
  },
  "/get-in-touch": {
    title: "Get In Touch: Talk to the Veilvault Team",
    description:
      "Tell us about your data, your regulators and your AI plans. Reach the Veilvault team in San Francisco or Bengaluru, or book a free 30-minute demo.",
    priority: 0.6,
  },
  "/privacy-policy": {
    title: "Privacy Policy",
    description:
      "What personal data the Veilvault website and contact service collect, why, how long we keep it, and how to exercise your rights under GDPR, DPDP and CCPA.",
    priority: 0.3,
  },
  "/terms-of-service": {
    title: "Terms and Conditions",
    description:
      "The terms that govern use of the Veilvault website: eligibility, acceptable use, intellectual property, confidentiality, liability and governing law.",
    priority: 0.3,
  },
  "/cookie-policy": {
    title: "Cookie Policy",
    description:
      "Which cookies and similar storage the Veilvault website uses, what each is for, how long it lasts, and how to change or withdraw your choice at any time.",
    priority: 0.3,
  },
  "/coming-soon-page": {
    title: "Coming Soon",
    description:
      "Our blog, news, events and careers pages are on the way. Until then, see how the Veilvault privacy vault works or book a free demo with our team.",
    priority: 0.2,
  },
};

const regulationMeta = Object.fromEntries(
  regulationsInTableOrder.map(({ path, record }) => [path, { ...record.meta, priority: REGULATION_PRIORITY }]),
  // Every regulation path: each one's record is required by regulationPages' type.
) as Record<RegulationPath, PageMeta>;

export const metaByPath: Readonly<Record<PagePath, PageMeta>> = { ...ownMeta, ...regulationMeta };

/** The table's pages with their metadata, for the build and the tests. */
export const pagesWithMeta = pages.map((page) => ({ ...page, ...metaByPath[page.path] }));
