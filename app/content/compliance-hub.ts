import type { PagePath } from "../site/pages.ts";

export interface ComplianceLink {
  name: string;
  to: PagePath;
  summary: string;
}

/** The six compliance pages, as the hub lists them. */
export const compliancePages = [
  {
    name: "GDPR",
    to: "/compliance/gdpr",
    summary: "Pseudonymisation, data subject requests and 72-hour breach evidence for the EU regulation.",
  },
  {
    name: "DPDP",
    to: "/compliance/dpdp",
    summary: "Purpose-bound use, consent-aware access and erasure under India's Digital Personal Data Protection Act, 2023.",
  },
  {
    name: "HIPAA",
    to: "/compliance/hipaa",
    summary: "Tokenized PHI, minimum-necessary access and audit controls for US healthcare data.",
  },
  {
    name: "CCPA",
    to: "/compliance/ccpa",
    summary: "Requests to know, delete and limit use of personal information, answered from one vault.",
  },
  {
    name: "DPIA",
    to: "/compliance/dpia",
    summary: "Data flows and safeguards that back a GDPR Article 35 impact assessment with evidence.",
  },
  {
    name: "SOC 2",
    to: "/compliance/soc-2",
    summary: "The five Trust Services Criteria, Type I and Type II reports, and the controls Veilvault supports.",
  },
] as const satisfies readonly ComplianceLink[];
