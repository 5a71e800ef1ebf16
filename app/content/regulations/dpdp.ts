/**
 * DPDP regulation page copy (requirements COMP-3 to COMP-8). Legal facts follow
 * India's Digital Personal Data Protection Act, 2023: Sections 4-14, 16 and the Schedule.
 */
import type { RegulationPage } from "../types.ts";

export const dpdp: RegulationPage = {
  name: "DPDP",
  citation: "Digital Personal Data Protection Act, 2023 (India)",
  meta: {
    title: "DPDP Act Compliance for India's Data Protection Law",
    description:
      "Support your duties under India's Digital Personal Data Protection Act, 2023: purpose-bound access, consent-aware policies, erasure and security safeguards.",
  },
  hubSummary: "Purpose-bound use, consent-aware access and erasure under India's Digital Personal Data Protection Act, 2023.",
  intro: {
    eyebrow: "DPDP",
    heading: "Purpose-bound personal data under India's DPDP Act",
    intro:
      "The Digital Personal Data Protection Act, 2023 asks Data Fiduciaries to use personal data only for the purpose consented to, protect it with reasonable security safeguards and erase it when that purpose ends. Veilvault makes each of those a policy you can enforce.",
    actions: true,
  },
  requirementsHeading: {
    eyebrow: "What the Act asks",
    heading: "Four duties of a Data Fiduciary",
    intro:
      "Each card sets out what the section asks, why it matters in practice and which Veilvault mechanism answers it.",
  },
  requirements: [
    {
      title: "Consent and purpose (Secs. 4-7)",
      whatDoesItAsk:
        "Process personal data only for a lawful purpose, on consent that is free, specific, informed, unconditional and unambiguous, or for a legitimate use under Section 7. A notice must itemise the data and purpose.",
      why: "Consent is limited to the data needed for the specified purpose, and a Data Principal can withdraw it as easily as it was given (Sec. 6(4)). Reuse for other ends breaks that link.",
      howWeSolve:
        "Attribute-based policies tie every reveal to a stated purpose and can carry consent status as an attribute. When consent is withdrawn, one policy change stops further reveals for that purpose.",
    },
    {
      title: "Reasonable security safeguards (Sec. 8(5))",
      whatDoesItAsk:
        "Protect personal data in your possession or under your control, including processing done for you by a Data Processor, with reasonable security safeguards to prevent a personal data breach.",
      why: "Failing to take these safeguards carries the highest penalty ceiling in the Schedule. Every system that holds identities in the clear widens what a breach can expose.",
      howWeSolve:
        "Format-preserving tokens replace personal data in applications, warehouses and processor feeds. Originals stay encrypted in the vault behind role- and attribute-based access.",
    },
    {
      title: "Breach intimation (Sec. 8(6))",
      whatDoesItAsk:
        "If a personal data breach occurs, intimate the Data Protection Board of India and each affected Data Principal, in the form and manner the rules prescribe.",
      why: "Telling each affected Data Principal means knowing whose data was exposed. Without access records, a Data Fiduciary must guess or notify far more people than it needs to.",
      howWeSolve:
        "Immutable, tamper-evident audit logs record every reveal with the requester, field, policy and time, so you scope the breach and identify affected Data Principals from records.",
    },
    {
      title: "Erasure when the purpose ends (Sec. 8(7))",
      whatDoesItAsk:
        "Erase personal data when consent is withdrawn or the specified purpose is no longer served, unless a law requires you to keep it, and have your Data Processors erase it too.",
      why: "Erasure fails in the copies: exports, analytics tables and processor systems. Each copy of an identity has to be found before it can be removed.",
      howWeSolve:
        "When originals live only in the vault and other systems and processors hold tokens, erasing the vault record means those tokens can no longer reveal the data.",
    },
  ],
  featuresHeading: {
    eyebrow: "How Veilvault helps",
    heading: "Controls a Data Fiduciary can show",
    intro:
      "You remain the Data Fiduciary. Veilvault supplies technical safeguards and the records that show they operate, for your DPO, your auditors and, if asked, the Board.",
  },
  features: [
    {
      icon: "key-round",
      title: "Purpose-Bound Access",
      description:
        "Role- and attribute-based policies decide who may reveal each field and for which purpose, so data collected for one purpose is not quietly used for another.",
      bulletPoints: [
        "Field-level rules by role, purpose and consent status",
        "Just-in-time grants that expire when the task ends",
        "Break-glass access with a stated reason, flagged for review",
      ],
    },
    {
      icon: "bell-ring",
      title: "Breach Scope From Records",
      description:
        "Section 8(6) requires intimation to the Board and to each affected Data Principal. The audit log shows whose data was revealed, by whom and when.",
      bulletPoints: [
        "Append-only entries; an edit shows up on verification",
        "Reveals listed by requester, field, policy and time",
        "Affected Data Principals identified from records, not estimates",
      ],
    },
    {
      icon: "baby",
      title: "Guardrails for Children's Data",
      description:
        "Section 9 requires verifiable parental consent and bars tracking, behavioural monitoring and targeted advertising directed at children. Policies enforce those limits.",
      bulletPoints: [
        "Child records marked as an attribute in access policies",
        "Reveals to advertising and profiling tools denied by policy",
        "Parental consent collected in your flow, enforced in the vault",
      ],
    },
    {
      icon: "user-check",
      title: "Rights of Data Principals",
      description:
        "Sections 11 to 14 give rights to information, correction and erasure, grievance redressal and nomination. One vault makes a person's data easy to find.",
      bulletPoints: [
        "A person's originals held in one place, reached by API",
        "Corrections made once, at the single source of truth",
        "Reveal records that show which services saw the data",
      ],
    },
    {
      icon: "building-2",
      title: "Evidence for Significant Fiduciaries",
      description:
        "Section 10 asks Significant Data Fiduciaries for a DPO based in India, an independent data auditor and periodic DPIAs. Records give each of them facts to work from.",
      bulletPoints: [
        "Classification maps where personal data sits",
        "Tamper-evident logs an independent data auditor can test",
        "Inputs for periodic Data Protection Impact Assessments",
      ],
    },
    {
      icon: "globe",
      title: "Tokens Across Borders (Sec. 16)",
      description:
        "Transfers outside India are allowed except to countries the Central Government restricts by notification. Tokens can travel while originals stay in the vault.",
      bulletPoints: [
        "Overseas systems and vendors work with tokens",
        "Reveal requests checked against location and purpose",
        "Each reveal logged with the requester, policy and time",
      ],
    },
  ],
};
