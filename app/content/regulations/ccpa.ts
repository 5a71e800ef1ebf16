/**
 * CCPA regulation page copy: intro, four requirement cards and six feature cards.
 * Legal facts follow the CCPA as amended by the CPRA (Cal. Civ. Code § 1798.100 et seq.).
 */
import type { RegulationPage } from "../types.ts";

export const ccpa: RegulationPage = {
  name: "CCPA",
  citation:
    "California Consumer Privacy Act of 2018, as amended by the California Privacy Rights Act (Cal. Civ. Code § 1798.100 et seq.)",
  meta: {
    title: "CCPA Compliance: Know, Delete and Limit Consumer Data",
    description:
      "Answer California consumers' requests to know, delete and limit use of their personal information from one vault, and keep raw data out of downstream systems.",
  },
  hubSummary: "Requests to know, delete and limit use of personal information, answered from one vault.",
  intro: {
    eyebrow: "CCPA",
    heading: "Answer CCPA requests from one vault",
    intro:
      "When personal information lives in one encrypted vault and other systems hold tokens, requests to know, delete, correct and limit use start in one place, and every step is written to a tamper-evident log.",
    actions: true,
  },
  requirementsHeading: {
    eyebrow: "What the law asks",
    heading: "Four CCPA duties and the mechanism behind each",
    intro:
      "The CCPA, as amended by the CPRA, gives California consumers rights over their personal information and expects businesses to keep it secure. The California Privacy Protection Agency enforces it alongside the Attorney General.",
  },
  requirements: [
    {
      title: "Right to know (§§ 1798.100, .110, .115)",
      whatDoesItAsk:
        "Consumers may ask what personal information a business holds about them, where it came from, why it is used and who receives it. Verifiable requests get an answer within 45 calendar days, extendable once by 45 days with notice.",
      why: "Copies of personal information spread across databases, logs and files make a complete, accurate answer slow to assemble and easy to get wrong.",
      howWeSolve:
        "Veilvault keeps real values in one encrypted vault and gives other systems tokens, so the vault is where a search begins. Classification finds stray personal information in text, images and PDFs.",
    },
    {
      title: "Rights to delete and correct (§§ 1798.105, .106)",
      whatDoesItAsk:
        "Consumers may ask a business to delete personal information it collected from them, and to correct personal information that is inaccurate.",
      why: "A value copied into many systems must be deleted or fixed in each one. A single missed copy leaves the request half done.",
      howWeSolve:
        "Other systems hold tokens rather than real values, so a deletion or correction is made once, in the vault, instead of in every copy. The audit log records who made the change and when.",
    },
    {
      title: "Opt out and limit use (§§ 1798.120, .121)",
      whatDoesItAsk:
        "Consumers may opt out of the sale or sharing of their personal information, and limit how a business uses and discloses sensitive personal information such as government identifiers, precise geolocation and health data.",
      why: "Honouring these choices means knowing which fields are sensitive and keeping them away from partners and uses a consumer has refused.",
      howWeSolve:
        "Classification tags sensitive fields as they arrive. Attribute-based policies can check purpose and a consumer's recorded choice before any reveal, so tools and partners without a right to the value see tokens.",
    },
    {
      title: "Reasonable security (§§ 1798.100(e), .150)",
      whatDoesItAsk:
        "Businesses must protect personal information with reasonable security procedures and practices. If a failure to do so exposes nonencrypted and nonredacted personal information, consumers may sue for statutory damages.",
      why: "Every system that stores real personal information is one more place a breach can reach, and one more place whose security you must be able to justify.",
      howWeSolve:
        "Tokenization keeps real values out of applications, warehouses and logs, so a breach of those systems exposes tokens rather than personal information. The vault encrypts originals and logs every access.",
    },
  ],
  featuresHeading: {
    eyebrow: "How Veilvault helps",
    heading: "Controls that support your CCPA programme",
    intro:
      "Veilvault supplies the mechanisms and the evidence. Your privacy team still decides how to answer each request, and your business remains accountable under the law.",
  },
  features: [
    {
      icon: "vault",
      title: "One Vault for Personal Information",
      description:
        "Real values are stored once, encrypted. Every other system holds format-preserving tokens, so schemas and workflows keep running unchanged.",
      bulletPoints: [
        "Encrypted vault as the single source of truth",
        "Real-time, reversible, format-preserving tokens",
        "Fewer systems that store real personal information",
      ],
    },
    {
      icon: "scan-search",
      title: "Discovery in Text, Images and PDFs",
      description:
        "Automated classification finds personal and sensitive personal information in fields, free text, scanned images and PDFs, so your data map matches what you hold.",
      bulletPoints: [
        "Tags sensitive categories such as government IDs",
        "Covers structured and unstructured data alike",
        "Feeds the inventory behind right-to-know answers",
      ],
    },
    {
      icon: "list-checks",
      title: "Consumer Requests From One Place",
      description:
        "Requests to know, delete and correct start at the vault, where a consumer's real values are kept. Each action taken is written to the audit log.",
      bulletPoints: [
        "Find a consumer's real values in the vault",
        "Delete or correct once, not in every copy",
        "Timestamps that show when each step was taken",
      ],
    },
    {
      icon: "key-round",
      title: "Access Limited by Role and Purpose",
      description:
        "Role- and attribute-based policies decide who may reveal a value and for what purpose. Sensitive fields stay masked unless a rule allows otherwise.",
      bulletPoints: [
        "RBAC and ABAC checked on every reveal",
        "Just-in-time grants that expire on their own",
        "Break-glass access logged for later review",
      ],
    },
    {
      icon: "handshake",
      title: "Service Providers Work on Tokens",
      description:
        "Service providers and contractors may use data only for the business purpose in their contract. Give them tokens, and reveal real values only where policy allows.",
      bulletPoints: [
        "Tokens by default in vendor-facing data",
        "Reveals tied to a stated business purpose",
        "De-identified analytics without real values",
      ],
    },
    {
      icon: "scroll-text",
      title: "Evidence You Can Show",
      description:
        "Immutable, tamper-evident logs record each access, reveal, deletion and policy change, ready for your own reviews or a regulator's questions.",
      bulletPoints: [
        "A tamper-evident record of every reveal",
        "Deletions and corrections logged as they happen",
        "Policy changes recorded with who made them",
      ],
    },
  ],
};
