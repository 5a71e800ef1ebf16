/**
 * The one route table. The router (app/routes.ts), the prerender list
 * (react-router.config.ts), sitemap.xml and every page's metadata derive from it,
 * so a page cannot exist without its title, description and sitemap line.
 */
import { redirects } from "../../common/redirects.ts";

export type PageFamily = "landing" | "regulation" | "legal";

export interface PageEntry {
  /** URL path, no trailing slash. */
  path: string;
  /** How menus, hub lists and the not-found page name the page, where they list it. */
  label?: string;
  /** The line under the label in the Use Cases menu or on the Compliance Hub. */
  blurb?: string;
  /** Route module, relative to app/. The pages of a family share one, which finds its record by path. */
  file: string;
  /** Pages drawn from records by one layout: use-case landing pages, regulation pages, legal documents. */
  family?: PageFamily;
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

export const pages = [
  {
    path: "/",
    label: "Home",
    file: "routes/home.tsx",
    title: "Veilvault: Data Privacy Vault for the Agentic Era",
    description:
      "Tokenize personal and health data at ingestion, keep raw PII out of AI models, and enforce who may see it, with a tamper-evident log of every access.",
    keywords: ["data privacy vault", "tokenization", "PII protection", "AI data privacy", "DPDP", "GDPR", "HIPAA"],
    priority: 1,
  },
  {
    path: "/use-case",
    label: "Use Cases",
    file: "routes/use-cases.tsx",
    title: "Use Cases for Logistics, Healthcare and Security Teams",
    description:
      "How teams use Veilvault to protect rider, patient and customer data across analytics, AI, vendor sharing and incident response, with concrete examples.",
    priority: 0.8,
  },
  {
    path: "/use-cases/generative-ai-workflow",
    label: "AI & LLM Privacy",
    blurb: "Keep data out of AI models",
    family: "landing",
    file: "routes/use-case-landing.tsx",
    title: "AI & LLM Privacy: Keep Personal Data Out of AI Models",
    description:
      "Strip identifiers before prompts, training and retrieval reach a model, and re-reveal them only for authorised users. Private AI inference with Veilvault.",
    priority: 0.7,
  },
  {
    path: "/use-cases/data-residency",
    label: "Data Residency & Locality",
    blurb: "Comply with data residency laws",
    family: "landing",
    file: "routes/use-case-landing.tsx",
    title: "Data Residency: Keep Personal Data in Region",
    description:
      "Hold sensitive values in a regional vault and move only tokens across borders, so global systems keep working while personal data stays in region.",
    priority: 0.7,
  },
  {
    path: "/use-cases/secure-analytics",
    label: "Privacy-First Analytics",
    blurb: "Secure PII across tech stack",
    family: "landing",
    file: "routes/use-case-landing.tsx",
    title: "Privacy-First Analytics: Secure PII Across Your Stack",
    description:
      "Run joins, cohorts and fraud models on consistent tokens instead of raw identifiers, and keep warehouses, BI tools and notebooks out of compliance scope.",
    priority: 0.7,
  },
  {
    path: "/use-cases/unstructured-data",
    label: "Unstructured Data Protection",
    blurb: "Protect PHI and satisfy HIPAA",
    family: "landing",
    file: "routes/use-case-landing.tsx",
    title: "Unstructured Data Protection: Tokenize PHI in Documents",
    description:
      "Discover and tokenize personal and health data in free text, scanned images and PDFs, so clinical notes and claims files meet HIPAA without manual redaction.",
    priority: 0.7,
  },
  {
    path: "/use-cases/vendor-sharing",
    label: "Safe Vendor Sharing",
    blurb: "Streamline PCI compliance",
    family: "landing",
    file: "routes/use-case-landing.tsx",
    title: "Safe Vendor Sharing: Give Partners Tokens, Not Card Data",
    description:
      "Give vendors and processors tokens instead of card and identity data, narrow PCI DSS scope, and revoke a partner's access in one policy change.",
    priority: 0.7,
  },
  {
    path: "/use-cases/disaster-response",
    label: "Audit & Incident Visibility",
    blurb: "Monitor data access",
    family: "landing",
    file: "routes/use-case-landing.tsx",
    title: "Audit & Incident Visibility: Who Accessed Which Record",
    description:
      "Answer who saw which personal record, when and why, from a tamper-evident access log, and contain incidents with break-glass access that leaves a trail.",
    priority: 0.7,
  },
  {
    path: "/compliance",
    label: "Compliance Hub",
    file: "routes/compliance.tsx",
    title: "Compliance Hub: GDPR, DPDP, HIPAA, CCPA, DPIA and SOC 2",
    description:
      "How Veilvault maps to the privacy laws and frameworks you answer to: GDPR, India's DPDP Act, HIPAA, CCPA, DPIAs and SOC 2, one page per regulation.",
    priority: 0.8,
  },
  {
    path: "/compliance/gdpr",
    label: "GDPR",
    blurb:
      "Pseudonymisation, data subject requests and 72-hour breach evidence for the EU regulation.",
    family: "regulation",
    file: "routes/regulation.tsx",
    title: "GDPR Compliance With a Data Privacy Vault",
    description:
      "Pseudonymise personal data, honour access and erasure requests from one vault, and meet the GDPR's 72-hour breach notification window with a full access log.",
    priority: 0.7,
  },
  {
    path: "/compliance/dpdp",
    label: "DPDP",
    blurb:
      "Purpose-bound use, consent-aware access and erasure under India's Digital Personal Data Protection Act, 2023.",
    family: "regulation",
    file: "routes/regulation.tsx",
    title: "DPDP Act Compliance for India's Data Protection Law",
    description:
      "Support your duties under India's Digital Personal Data Protection Act, 2023: purpose-bound access, consent-aware policies, erasure and security safeguards.",
    priority: 0.7,
  },
  {
    path: "/compliance/hipaa",
    label: "HIPAA",
    blurb:
      "Tokenized PHI, minimum-necessary access and audit controls for US healthcare data.",
    family: "regulation",
    file: "routes/regulation.tsx",
    title: "HIPAA Compliance: Protect PHI With Tokenization",
    description:
      "Tokenize protected health information, enforce minimum-necessary access and keep audit controls that show who touched each patient record.",
    priority: 0.7,
  },
  {
    path: "/compliance/dpia",
    label: "DPIA",
    blurb:
      "Data flows and safeguards that back a GDPR Article 35 impact assessment with evidence.",
    family: "regulation",
    file: "routes/regulation.tsx",
    title: "DPIA Support: Evidence for Your Impact Assessments",
    description:
      "Map where personal data flows, show the safeguards that reduce risk, and back your GDPR Article 35 impact assessment with live policy and access evidence.",
    priority: 0.7,
  },
  {
    path: "/compliance/ccpa",
    label: "CCPA",
    blurb:
      "Requests to know, delete and limit use of personal information, answered from one vault.",
    family: "regulation",
    file: "routes/regulation.tsx",
    title: "CCPA Compliance: Know, Delete and Limit Consumer Data",
    description:
      "Answer California consumers' requests to know, delete and limit use of their personal information from one vault, and keep raw data out of downstream systems.",
    priority: 0.7,
  },
  {
    path: "/compliance/soc-2",
    label: "SOC 2",
    blurb:
      "The five Trust Services Criteria, Type I and Type II reports, and the controls Veilvault supports.",
    file: "routes/compliance.soc-2.tsx",
    title: "SOC 2 Compliance Solutions",
    description:
      "The five Trust Services Criteria, Type I and Type II reports, and how Veilvault's controls, evidence and audit logs help you prepare for a SOC 2 audit.",
    priority: 0.7,
  },
  {
    path: "/features",
    label: "Core Features",
    file: "routes/features.tsx",
    title: "Core Features: Vault, Tokenization, Access and Audit",
    description:
      "The encrypted vault, format-preserving tokenization, automated classification, fine-grained access control, immutable audit logs and integrations.",
    priority: 0.9,
  },
  {
    path: "/architecture",
    label: "Explore our Architecture",
    file: "routes/architecture.tsx",
    title: "Explore Our Architecture: How the Privacy Vault Works",
    description:
      "Inside Veilvault: the centralized vault, the real-time tokenization engine, policy-driven access, the audit framework, APIs and resilient scaling.",
    priority: 0.9,
  },
  {
    path: "/company",
    label: "About Us",
    file: "routes/company.tsx",
    title: "About Us: The Team Building Veilvault",
    description:
      "Veilvault builds privacy infrastructure for teams that handle personal and health data, from offices in San Francisco and Bengaluru.",
    priority: 0.6,
  },
  {
    path: "/get-in-touch",
    label: "Get In Touch",
    file: "routes/get-in-touch.tsx",
    title: "Get In Touch: Talk to the Veilvault Team",
    description:
      "Tell us about your data, your regulators and your AI plans. Reach the Veilvault team in San Francisco or Bengaluru, or book a free 30-minute demo.",
    priority: 0.6,
  },
  {
    path: "/privacy-policy",
    family: "legal",
    file: "routes/legal-document.tsx",
    title: "Privacy Policy",
    description:
      "What personal data the Veilvault website and contact service collect, why, how long we keep it, and how to exercise your rights under GDPR, DPDP and CCPA.",
    priority: 0.3,
  },
  {
    path: "/terms-of-service",
    family: "legal",
    file: "routes/legal-document.tsx",
    title: "Terms and Conditions",
    description:
      "The terms that govern use of the Veilvault website: eligibility, acceptable use, intellectual property, confidentiality, liability and governing law.",
    priority: 0.3,
  },
  {
    path: "/cookie-policy",
    family: "legal",
    file: "routes/legal-document.tsx",
    title: "Cookie Policy",
    description:
      "Which cookies and similar storage the Veilvault website uses, what each is for, how long it lasts, and how to change or withdraw your choice at any time.",
    priority: 0.3,
  },
  {
    path: "/coming-soon-page",
    file: "routes/coming-soon-page.tsx",
    title: "Coming Soon",
    description:
      "Our blog, news, events and careers pages are on the way. Until then, see how the Veilvault privacy vault works or book a free demo with our team.",
    priority: 0.2,
  },
] as const satisfies readonly PageEntry[];

export type PagePath = (typeof pages)[number]["path"];

type FamilyPath<F extends PageFamily> = Extract<(typeof pages)[number], { family: F }>["path"];
type LastSegment<P extends string> = P extends `${string}/${infer Rest}` ? LastSegment<Rest> : P;

/** The slugs of each family, from the table: a new record needs only its table entry to be typed. */
export type LandingSlug = LastSegment<FamilyPath<"landing">>;
export type RegulationSlug = LastSegment<FamilyPath<"regulation">>;
export type LegalSlug = LastSegment<FamilyPath<"legal">>;

/** The slug of the family page at `path` (its last segment), or undefined when no such page is in the table. */
export function familySlug<F extends PageFamily>(family: F, path: string): LastSegment<FamilyPath<F>> | undefined {
  const page = byPath.get(path);
  return page?.family === family ? (path.slice(path.lastIndexOf("/") + 1) as LastSegment<FamilyPath<F>>) : undefined;
}

/** The not-found page is prerendered at this path and published as /404.html. */
export const NOT_FOUND_PATH = "/404";

/** Where the redirects lead: the compiler refuses this line unless every target is a page. */
export const redirectTargets: readonly PagePath[] = redirects.map((redirect) => redirect.to);

const byPath: ReadonlyMap<string, PageEntry> = new Map(pages.map((page) => [page.path, page]));

export function pageByPath(path: PagePath): PageEntry {
  const page = byPath.get(path);
  if (!page) throw new Error(`No page is registered at ${path}`);
  return page;
}

/** A link to a page, named by its label in the table. */
export function linkTo(path: PagePath): { label: string; to: PagePath } {
  const { label } = pageByPath(path);
  if (!label) throw new Error(`${path} has no label in the route table`);
  return { label, to: path };
}

/** The same, with the page's blurb: for the Use Cases menu and the Compliance Hub. */
export function describedLink(path: PagePath): { label: string; to: PagePath; blurb: string } {
  const { blurb } = pageByPath(path);
  if (!blurb) throw new Error(`${path} has no blurb in the route table`);
  return { ...linkTo(path), blurb };
}

/** The pages of one family, in table order. */
export function familyPages(family: PageFamily): PagePath[] {
  return pages.filter((page) => "family" in page && page.family === family).map((page) => page.path);
}

export function isPagePath(path: string): path is PagePath {
  return byPath.has(path);
}

export function prerenderPaths(): string[] {
  return [...pages.map((page) => page.path), NOT_FOUND_PATH];
}
