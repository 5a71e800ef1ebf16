/**
 * HIPAA regulation page copy: intro, four requirement cards and six feature cards.
 * Legal facts follow the Privacy, Security and Breach Notification Rules (45 CFR Parts 160 and 164).
 */
import type { RegulationPage } from "../types.ts";

export const hipaa: RegulationPage = {
  name: "HIPAA",
  citation:
    "Health Insurance Portability and Accountability Act of 1996: Privacy, Security and Breach Notification Rules (45 CFR Parts 160 and 164)",
  meta: {
    title: "HIPAA Compliance: Protect PHI With Tokenization",
    description:
      "Tokenize protected health information, enforce minimum-necessary access and keep audit controls that show who touched each patient record.",
  },
  hubSummary: "Tokenized PHI, minimum-necessary access and audit controls for US healthcare data.",
  intro: {
    eyebrow: "HIPAA",
    heading: "Protect PHI under HIPAA without slowing care",
    intro:
      "Tokenize protected health information across clinical and billing systems, grant the minimum necessary access by role and purpose, and keep audit controls that record every access to a patient record.",
    actions: true,
  },
  requirementsHeading: {
    eyebrow: "What the rules ask",
    heading: "Four HIPAA requirements and the mechanism behind each",
    intro:
      "HIPAA applies to covered entities (health plans, clearinghouses and providers that transact electronically) and to their business associates. These are four of the duties its rules set.",
  },
  requirements: [
    {
      title: "Minimum necessary (§§ 164.502(b), 164.514(d))",
      whatDoesItAsk:
        "When using, disclosing or requesting PHI, covered entities and business associates must make reasonable efforts to limit it to the minimum necessary for the intended purpose.",
      why: "Billing, scheduling and analytics teams often need a record but not every identifier in it. A full copy gives each of them everything.",
      howWeSolve:
        "Systems hold tokens, and role- and attribute-based policies decide which fields a user may reveal for a given purpose. Everything else stays masked.",
    },
    {
      title: "Access control (§ 164.312(a))",
      whatDoesItAsk:
        "Only authorised people and software may access ePHI. The standard covers unique user identification, an emergency access procedure, automatic logoff, and encryption and decryption as an addressable specification.",
      why: "Shared accounts and standing privileges make it hard to say who saw what. Yet in an emergency, clinicians must still reach the record they need.",
      howWeSolve:
        "RBAC and ABAC tie each reveal to an identified user or service, and just-in-time grants expire. Break-glass access serves the emergency procedure and is logged for review. The vault encrypts originals.",
    },
    {
      title: "Audit controls, integrity (§§ 164.312(b), (c))",
      whatDoesItAsk:
        "Systems that hold ePHI need mechanisms that record and examine activity in them, and ePHI must be protected from improper alteration or destruction.",
      why: "Investigations, patient questions and risk reviews depend on a log that shows who accessed which record, and that nobody has edited since.",
      howWeSolve:
        "Every access, reveal and policy change is written to an immutable, tamper-evident audit log, so an altered entry can be detected. The vault keeps originals as the single source of truth.",
    },
    {
      title: "Breach notification (§§ 164.400-414)",
      whatDoesItAsk:
        "A breach of unsecured PHI must be notified to affected individuals without unreasonable delay and within 60 calendar days of discovery. Larger breaches also go to HHS and, in some cases, the media.",
      why: "PHI encrypted in line with HHS guidance is not unsecured PHI, so its loss is not a notifiable breach. Each plain copy widens what an incident can expose.",
      howWeSolve:
        "Tokenization keeps real PHI out of applications, warehouses and exports, and the vault holds originals encrypted. Audit logs show what was accessed, by whom and when, to help scope an incident.",
    },
  ],
  featuresHeading: {
    eyebrow: "How Veilvault helps",
    heading: "Safeguards that support your HIPAA programme",
    intro:
      "Veilvault supplies technical safeguards and the evidence they leave. Your risk analysis, policies and business associate agreements remain yours, and there is no such thing as HIPAA certification.",
  },
  features: [
    {
      icon: "vault",
      title: "Tokenized PHI Across Systems",
      description:
        "Names, record numbers and insurance IDs become format-preserving tokens in EHR extracts, billing and analytics, while originals stay encrypted in the vault.",
      bulletPoints: [
        "Reversible tokens that keep schemas intact",
        "Encrypted vault as the single source of truth",
        "Fewer systems that store real PHI",
      ],
    },
    {
      icon: "file-scan",
      title: "PHI Found in Notes, Scans and PDFs",
      description:
        "Automated classification finds identifiers in clinical notes, referral letters, scanned forms and PDFs, so unstructured records are protected as well.",
      bulletPoints: [
        "Detects identifiers in text, images and PDFs",
        "Tokenizes findings before they spread",
        "Informs the risk analysis of § 164.308(a)(1)",
      ],
    },
    {
      icon: "key-round",
      title: "Minimum Necessary by Policy",
      description:
        "Role- and attribute-based policies reveal only the fields a user's job and purpose require. Front desk, billing and research each see a different view.",
      bulletPoints: [
        "RBAC and ABAC checked on every reveal",
        "Masked by default, revealed by rule",
        "Just-in-time grants that expire on their own",
      ],
    },
    {
      icon: "siren",
      title: "Break-Glass for Emergencies",
      description:
        "When a clinician needs a record in an emergency, break-glass access opens it under a defined procedure. Each use is logged in full for later review.",
      bulletPoints: [
        "Supports the emergency access procedure",
        "Every break-glass use written to the audit log",
        "Access first, review after the event",
      ],
    },
    {
      icon: "scroll-text",
      title: "Audit Controls You Can Trust",
      description:
        "Immutable, tamper-evident logs record who accessed which record, when and under which policy, for audits, investigations and patient questions.",
      bulletPoints: [
        "Every access and reveal recorded",
        "Tampering with entries can be detected",
        "Evidence to scope a suspected breach",
      ],
    },
    {
      icon: "brain-circuit",
      title: "Analytics and AI Without Identifiers",
      description:
        "Analysts work on tokenized data. Private AI inference strips identifiers before a model runs and re-reveals them only for authorised users.",
      bulletPoints: [
        "De-identified analytics on tokenized data",
        "Models see tokens, not raw identifiers",
        "You choose Safe Harbor or Expert Determination",
      ],
    },
  ],
};
