import type { PagePath } from "./pages.ts";

/** A link to a page of ours, optionally to a section of it. */
export interface NavLink {
  label: string;
  to: PagePath | `${PagePath}#${string}`;
  /** One-line blurb shown under the label in the Use Cases menu. */
  blurb?: string;
}

export interface NavColumn {
  heading: string;
  links: readonly NavLink[];
}

export interface NavMenu {
  id: "useCases" | "company";
  label: string;
  columns: readonly NavColumn[];
}

export const solutionLinks = [
  { label: "AI & LLM Privacy", to: "/use-cases/generative-ai-workflow", blurb: "Keep data out of AI models" },
  { label: "Data Residency & Locality", to: "/use-cases/data-residency", blurb: "Comply with data residency laws" },
  { label: "Privacy-First Analytics", to: "/use-cases/secure-analytics", blurb: "Secure PII across tech stack" },
  { label: "Unstructured Data Protection", to: "/use-cases/unstructured-data", blurb: "Protect PHI and satisfy HIPAA" },
  { label: "Safe Vendor Sharing", to: "/use-cases/vendor-sharing", blurb: "Streamline PCI compliance" },
  { label: "Audit & Incident Visibility", to: "/use-cases/disaster-response", blurb: "Monitor data access" },
] as const satisfies readonly NavLink[];

export const complianceLinks = [
  { label: "GDPR", to: "/compliance/gdpr" },
  { label: "DPDP", to: "/compliance/dpdp" },
  { label: "HIPAA", to: "/compliance/hipaa" },
  { label: "DPIA", to: "/compliance/dpia" },
  { label: "CCPA", to: "/compliance/ccpa" },
] as const satisfies readonly NavLink[];

/** Header, in order: the Use Cases menu, two direct links, the Company menu. */
export const useCasesMenu: NavMenu = {
  id: "useCases",
  label: "Use Cases",
  columns: [
    { heading: "Solutions", links: solutionLinks },
    { heading: "Compliance", links: complianceLinks },
  ],
};

export const companyMenu: NavMenu = {
  id: "company",
  label: "Company",
  columns: [{ heading: "Company", links: [{ label: "About Us", to: "/company" }] }],
};

export const headerLinks = [
  { label: "Core Features", to: "/features" },
  { label: "Explore our Architecture", to: "/architecture" },
] as const satisfies readonly NavLink[];

export const footerColumns = [
  {
    heading: "Product",
    links: [
      { label: "How It Works", to: "/#how-it-works" },
      { label: "Features", to: "/features" },
      { label: "Use Cases", to: "/use-case" },
      { label: "Compliance Hub", to: "/compliance" },
    ],
  },
  {
    heading: "Resources",
    links: [
      { label: "Blogs", to: "/coming-soon-page" },
      { label: "News", to: "/coming-soon-page" },
      { label: "Events", to: "/coming-soon-page" },
    ],
  },
  {
    heading: "Company",
    links: [
      { label: "About Us", to: "/company" },
      { label: "Careers", to: "/coming-soon-page" },
      { label: "Get In Touch", to: "/get-in-touch" },
      { label: "Terms and Conditions", to: "/terms-of-service" },
      { label: "Privacy Policy", to: "/privacy-policy" },
      { label: "Cookie Policy", to: "/cookie-policy" },
    ],
  },
] as const satisfies readonly NavColumn[];
