/**
 * Home page copy (requirements HOME-1 to HOME-9). Every figure comes from
 * requirement FIG-1; every sample value is fictional.
 */
import type { FaqItem, FeatureCard, FlowStage, SectionHeading, TextBlock, TokenSample } from "./types.ts";

export interface HomeHero {
  eyebrow: string;
  heading: "Redefining Data Security For The Agentic Era";
  /** One or two sentences, under 230 characters. */
  description: string;
}

export interface ClosingBand {
  heading: "Ready To Transform Your Business For The Future?";
  text: string;
}

export const hero: HomeHero = {
  eyebrow: "Data privacy vault for PII and PHI",
  heading: "Redefining Data Security For The Agentic Era",
  description:
    "Veilvault swaps personal and health data for format-preserving tokens as it arrives, keeps the originals in an encrypted vault, and checks policy before any person or AI agent sees a real value.",
};

/** A fictional patient record, raw and tokenized. Tokens keep the shape of each value. */
export const heroSample: TokenSample[] = [
  { field: "Name", raw: "Meera Sample", token: "tok_8fQ2mZ" },
  { field: "Phone", raw: "+91 98765 43210", token: "+91 70418 26395" },
  { field: "Email", raw: "meera@example.com", token: "u7kq2p@example.com" },
  { field: "Aadhaar", raw: "1234 5678 9012", token: "7391 0452 8816" },
];

export const nutshell: SectionHeading & { cards: FeatureCard[] } = {
  eyebrow: "Veilvault at a glance",
  heading: "In a Nutshell",
  intro:
    "Six controls work together so sensitive data is useful to your systems and visible only to the people and agents allowed to see it.",
  cards: [
    {
      icon: "square-asterisk",
      title: "Format-Preserving Tokenization",
      desc: "Sensitive values become tokens that keep their length and shape, so schemas, validations and downstream systems keep working.",
    },
    {
      icon: "vault",
      title: "Encrypted Privacy Vault",
      desc: "Originals are encrypted and stored once, in an isolated vault that serves as the single source of truth for personal data.",
    },
    {
      icon: "brain-circuit",
      title: "Private AI Inference",
      desc: "Identifiers are stripped from prompts and training data before a model sees them, and re-revealed only when policy authorises it.",
    },
    {
      icon: "scan-search",
      title: "Automated Classification",
      desc: "Sensitive fields are discovered and labelled as data arrives, in structured records, free text, images and PDFs.",
    },
    {
      icon: "key-round",
      title: "Precision Access Control",
      desc: "Role- and attribute-based policies decide who may detokenize, with just-in-time grants and recorded break-glass access.",
    },
    {
      icon: "scroll-text",
      title: "Tamper-Evident Audit Logs",
      desc: "Every tokenize, detokenize and policy decision is logged automatically in an immutable record built for audit.",
    },
  ],
};

export const howItWorks: SectionHeading & { stages: FlowStage[]; diagramTitle: string; diagramDescription: string } = {
  eyebrow: "The flow",
  heading: "How It Works",
  intro: "Six steps stand between raw personal data and everyone who should not see it.",
  diagramTitle: "The tokenization and access flow",
  diagramDescription:
    "Data arrives, its sensitive fields are classified and replaced by tokens, and the originals are stored encrypted in the vault. A policy check decides every reveal, and each access is written to the audit log.",
  stages: [
    {
      id: "ingest",
      title: "Data arrives",
      example: "POST /v1/records",
      text: "Records reach Veilvault through the REST or GraphQL API, an SDK, a prebuilt connector or an AI prompt.",
      tone: "source",
    },
    {
      id: "classify",
      title: "Classify fields",
      example: "email, phone, PAN",
      text: "Each record is scanned, including free text, images and PDFs, and fields holding personal or health data are labelled by type.",
      tone: "plain",
    },
    {
      id: "tokenize",
      title: "Tokenize values",
      example: "tok_7Qm2Xa",
      text: "Each sensitive value is swapped for a format-preserving token in real time, so schemas, validations and joins keep working.",
      tone: "token",
    },
    {
      id: "vault",
      title: "Vault originals",
      example: "1 encrypted copy",
      text: "The original values are encrypted and stored once in the vault, the single source of truth, so no other system needs a copy.",
      tone: "vault",
    },
    {
      id: "policy",
      title: "Check policy",
      example: "role + purpose",
      text: "A request to detokenize is checked against role, attributes and purpose, with just-in-time grants and break-glass access for emergencies.",
      tone: "policy",
    },
    {
      id: "audit",
      title: "Log every access",
      example: "who, what, when",
      text: "Every tokenize, detokenize and policy decision is written to a tamper-evident log that records who asked, for what and when.",
      tone: "log",
    },
  ],
};

export const whyVeilvault: SectionHeading & { blocks: TextBlock[] } = {
  eyebrow: "Where it matters",
  heading: "Why Veilvault",
  intro: "The same tokens, policies and logs solve four problems that privacy and security teams meet every day.",
  blocks: [
    {
      title: "Regulatory Compliance",
      description:
        "Veilvault tokenizes personal data where it enters, enforces access by policy and logs every reveal in a tamper-evident record. That record helps you answer DPDP, GDPR, HIPAA, PCI DSS and CCPA questions with evidence instead of estimates.",
      bulletPoints: [
        "Purpose-bound access policies support data minimisation duties",
        "Tokens in place of card numbers can help narrow PCI DSS scope",
        "Audit trails ready for DPIAs, SOC 2 evidence and breach reviews",
      ],
      impact: "90% faster regulatory reporting and auditing",
      graphic: {
        title: "From raw record to audit evidence",
        description:
          "A customer record is tokenized, its original is stored encrypted in the vault, and each access is written to an audit log that feeds compliance reports.",
        columns: [
          [{ id: "record", label: "Customer record", detail: "name@example.com", tone: "source" }],
          [
            { id: "token", label: "Token", detail: "tok_7Qm2Xa", tone: "token" },
            { id: "vault", label: "Vault", detail: "encrypted original", tone: "vault" },
          ],
          [
            { id: "log", label: "Audit log", detail: "who, what, when", tone: "log" },
            { id: "report", label: "Audit report", detail: "DPDP, GDPR, HIPAA", tone: "plain" },
          ],
        ],
        links: [
          { from: "record", to: "token", pulse: true },
          { from: "record", to: "vault" },
          { from: "token", to: "log", pulse: true },
          { from: "log", to: "report" },
        ],
      },
    },
    {
      title: "GenAI Privacy",
      description:
        "Prompts, retrieval context and training sets are tokenized before they reach a model, so identifiers stay out of the model entirely. When an answer needs a real value, Veilvault re-reveals it only for users whose policy allows it.",
      bulletPoints: [
        "Mask personal data at ingestion, before prompts or training sets are built",
        "Format-preserving tokens keep prompts readable for the model",
        "Re-reveal real values in responses only on authorisation",
      ],
      graphic: {
        title: "A prompt passes through Veilvault",
        description:
          "A user prompt is tokenized before it reaches the AI model. Real values return only after a policy check authorises the reveal.",
        columns: [
          [{ id: "prompt", label: "User prompt", detail: "name@example.com", tone: "source" }],
          [{ id: "tokenize", label: "Tokenize", detail: "tok_7Qm2Xa", tone: "token" }],
          [
            { id: "model", label: "AI model", detail: "sees tokens only", tone: "plain" },
            { id: "policy", label: "Policy check", detail: "re-reveal on auth", tone: "policy" },
          ],
        ],
        links: [
          { from: "prompt", to: "tokenize", pulse: true },
          { from: "tokenize", to: "model", pulse: true },
          { from: "model", to: "policy" },
        ],
      },
      reverse: true,
    },
    {
      title: "Safe Analytics",
      description:
        "Consistent tokens replace identifiers before data lands in your warehouse, so joins, cohorts and counts still line up. Analysts and fraud models work on de-identified records and never handle a raw phone or card number.",
      bulletPoints: [
        "De-identified analytics in your existing warehouse and BI tools",
        "Fraud risk scoring on tokenized records, without exposing identities",
        "Prebuilt connectors for cloud data platforms keep pipelines in place",
      ],
      impact: "60% lower data breach exposure",
      graphic: {
        title: "Analytics on tokens, not identities",
        description:
          "Source data is tokenized on its way to the warehouse. Analytics and fraud scoring run on the tokenized records.",
        columns: [
          [{ id: "source", label: "Source data", detail: "+91 98XXX X4821", tone: "source" }],
          [{ id: "tokenize", label: "Tokenize", detail: "tok_4Lp9Wd", tone: "token" }],
          [
            { id: "warehouse", label: "Warehouse", detail: "joins on tokens", tone: "plain" },
            { id: "fraud", label: "Fraud scoring", detail: "de-identified", tone: "plain" },
          ],
        ],
        links: [
          { from: "source", to: "tokenize", pulse: true },
          { from: "tokenize", to: "warehouse", pulse: true },
          { from: "tokenize", to: "fraud" },
        ],
      },
    },
    {
      title: "Protect Unstructured Data",
      description:
        "Veilvault finds names, phone numbers, IDs and diagnoses inside free text, scanned images and PDFs, and replaces each one with a token. The original document stays encrypted in the vault, recoverable by people whose policy allows it.",
      bulletPoints: [
        "Discover sensitive fields in clinical notes, scanned forms and PDFs",
        "Tokenize or mask each finding in place, keeping the document readable",
        "Support HIPAA safeguards for PHI that lives outside structured systems",
      ],
      impact: "75% reduction in manual classification overhead",
      graphic: {
        title: "Finding PHI inside a document",
        description:
          "A scanned PDF is classified to find personal and health data. Each finding becomes a token in the shared copy, and the original is stored encrypted in the vault.",
        columns: [
          [{ id: "pdf", label: "Scanned PDF", detail: "discharge.pdf", tone: "source" }],
          [{ id: "classify", label: "Classify", detail: "name, MRN, phone", tone: "plain" }],
          [
            { id: "copy", label: "Tokenized copy", detail: "tok_2Vn8Rc", tone: "token" },
            { id: "vault", label: "Vault", detail: "encrypted original", tone: "vault" },
          ],
        ],
        links: [
          { from: "pdf", to: "classify", pulse: true },
          { from: "classify", to: "copy", pulse: true },
          { from: "classify", to: "vault" },
        ],
      },
      reverse: true,
    },
  ],
};

export const faqs: SectionHeading & { items: FaqItem[] } = {
  eyebrow: "Questions",
  heading: "Frequently Asked Questions",
  intro: "What security, privacy and compliance leads ask us most often.",
  items: [
    {
      question: "How is tokenization different from encryption?",
      answer:
        "Encryption scrambles a value, and anyone holding the key can reverse it wherever the ciphertext travels. A token replaces the value and cannot be reversed on its own: the original lives only in the vault, and getting it back means passing a policy check.\nVeilvault uses both. Originals are encrypted inside the vault, and everything outside it carries tokens.",
    },
    {
      question: "What is a format-preserving token?",
      answer:
        "It is a token that keeps the shape of the value it replaces: a phone number stays phone-shaped, an email stays an email, and an ID keeps its length. Databases, validations and downstream applications keep working without changes.\nThe token is reversible, but only through the vault and only for callers that policy allows.",
    },
    {
      question: "Does raw personal data ever reach our AI models?",
      answer:
        "Not when the data passes through Veilvault first. Identifiers in prompts, retrieval context and training sets are replaced with tokens before the model sees them, so the model works with tokens only.\nWhen a response needs a real value, Veilvault re-reveals it for the requesting user only if their policy authorises it.",
    },
    {
      question: "Who can detokenize data, and how is that decided?",
      answer:
        "Policies you define decide it. Each request is checked against the caller's role, attributes such as team or region, and the stated purpose, and it is denied unless a rule allows it. Just-in-time grants give temporary access for a task, and break-glass access covers emergencies, with every use recorded.",
    },
    {
      question: "What is logged, and can the logs be altered?",
      answer:
        "Every tokenize, detokenize, policy decision and administrative change is logged automatically, with who made the request, what it touched and when. The audit log is immutable and tamper-evident: entries cannot be edited in place, and an attempt to change history shows up on verification.\nThe same record feeds your audit reports, DPIAs and incident reviews.",
    },
    {
      question: "How does Veilvault help with DPDP, GDPR, HIPAA and PCI DSS?",
      answer:
        "It helps you meet requirements these frameworks share: minimise personal data, limit access to a purpose, and show who saw what. Access logs help you scope an incident quickly, which supports the GDPR breach notification window of 72 hours and the breach reporting duties under DPDP.\nWhen systems store tokens instead of card numbers or PHI, fewer of them handle sensitive data, which can narrow PCI DSS scope and the systems covered by HIPAA safeguards. Your assessors and counsel still make the final call on compliance.",
    },
    {
      question: "How is Veilvault deployed, and do we need to install agents?",
      answer:
        "No agents are needed. Deployment is agentless: applications call the REST or GraphQL API or an SDK, and prebuilt connectors attach to your cloud data platforms. You can start with one high-risk data flow and extend from there.",
    },
    {
      question: "Where is our data stored, and can it stay in-country?",
      answer:
        "Original values live only in the vault, in the region you choose for it. Applications elsewhere work with tokens, so personal data can stay in India, the US or another required region while global systems keep running.\nThis helps you meet data localisation and cross-border transfer rules without re-architecting your applications.",
    },
    {
      question: "What happens if the vault is unavailable?",
      answer:
        "Veilvault is backed by a 99.99% uptime SLA. Systems that only store, join or analyse existing tokens do not need the vault to keep working; only requests that tokenize new data or reveal an original depend on it.",
    },
    {
      question: "How long does migration take?",
      answer:
        "Plan for migration in weeks. Tokens keep the format of the values they replace, so existing schemas and applications do not need rewriting, and you can move one data flow at a time.\nExisting records are tokenized through the same APIs and connectors, while new data is tokenized as it arrives.",
    },
  ],
};

export const closingBand: ClosingBand = {
  heading: "Ready To Transform Your Business For The Future?",
  text: "Book a free 30-minute demo call. We will walk through your data flows and show where tokens, policy checks and audit logs fit.",
};
