/**
 * Use-case landing page copy (requirements UC-8 to UC-12).
 * Statistics are requirement FIG-1 figures,
 * word for word; every sample value in the diagrams is fictional.
 */
import type { LandingSlug } from "../site/pages.ts";
import type { LandingPage } from "./types.ts";

/** Section headings every landing page shares. */
export const landingSections = {
  worksWith: "Works in front of the models your teams use",
  results: "Results",
  features: "How it works for you",
  closing: "What you get from day one",
};

export type LandingSections = typeof landingSections;

export const landingPages: Record<LandingSlug, LandingPage> = {
  "generative-ai-workflow": {
    label: "AI & LLM Privacy",
    titleGradient: "Build AI Workflows",
    titleRegular: " That Never See Raw PII",
    description:
      "Veilvault tokenizes prompts, retrieval context and training sets before a model reads them, and re-reveals real values in answers only for authorised users.",
    diagram: {
      title: "Prompts and training data pass through Veilvault",
      description:
        "A user prompt and a fine-tuning set are tokenized before they reach the model, which sees tokens only. A policy check decides any re-reveal in the answer, and the audit log records it.",
      columns: [
        [
          { id: "prompt", label: "User prompt", detail: "+91 98XXX X4821", tone: "source" },
          { id: "dataset", label: "Fine-tuning set", detail: "tickets.jsonl", tone: "source" },
        ],
        [{ id: "tokenize", label: "Tokenize", detail: "tok_7Qm2Xa", tone: "token" }],
        [
          { id: "model", label: "LLM", detail: "sees tokens only", tone: "plain" },
          { id: "policy", label: "Policy check", detail: "re-reveal on auth", tone: "policy" },
          { id: "log", label: "Audit log", detail: "reveal recorded", tone: "log" },
        ],
      ],
      links: [
        { from: "prompt", to: "tokenize", pulse: true },
        { from: "dataset", to: "tokenize" },
        { from: "tokenize", to: "model", pulse: true },
        { from: "model", to: "policy" },
        { from: "policy", to: "log" },
      ],
    },
    stats: [
      { percentage: "100%", description: "PII token coverage" },
      { percentage: "60%", description: "lower data breach exposure" },
      { percentage: "70%", description: "faster integration or deployment" },
    ],
    features: [
      {
        icon: "brain-circuit",
        title: "Masking at Ingestion",
        description:
          "Identifiers are tokenized as prompts, documents and training data arrive, before embeddings, retrieval indexes or fine-tuning sets are built.",
      },
      {
        icon: "key-round",
        title: "Re-Reveal on Authorisation",
        description:
          "Answers carry tokens by default. A policy check on role and purpose decides which users see the real values, and each reveal is logged.",
      },
      {
        icon: "plug",
        title: "Fits Your Model Stack",
        description:
          "REST and GraphQL APIs and SDKs sit between your application and the model, so protection does not depend on which model you choose.",
      },
    ],
    ctaChecklist: [
      "Tokenized prompts and retrieval context for a first AI workflow",
      "Training sets masked before fine-tuning begins",
      "Policies that decide who sees real values in answers",
      "A log of every reveal made by a user or an agent",
    ],
  },

  "data-residency": {
    label: "Data Residency & Locality",
    titleGradient: "Regional Vaults",
    titleRegular: " for Global Applications",
    description:
      "Originals stay in a vault in India, the US or another region you choose. Applications anywhere work with format-preserving tokens, without a cross-border copy of the data.",
    diagram: {
      title: "Originals stay in-region, tokens travel",
      description:
        "Customer data from India and the US is stored in a vault in each region. The global application holds tokens only, and any reveal passes a region-aware policy check.",
      columns: [
        [
          { id: "in-customer", label: "Indian customer", detail: "+91 98XXX X4821", tone: "source" },
          { id: "us-customer", label: "US customer", detail: "name@example.com", tone: "source" },
        ],
        [
          { id: "in-vault", label: "India vault", detail: "region: India", tone: "vault" },
          { id: "us-vault", label: "US vault", detail: "region: US", tone: "vault" },
        ],
        [
          { id: "app", label: "Global app", detail: "tok_5Rk8Jt", tone: "token" },
          { id: "policy", label: "Policy check", detail: "region + purpose", tone: "policy" },
        ],
      ],
      links: [
        { from: "in-customer", to: "in-vault", pulse: true },
        { from: "us-customer", to: "us-vault" },
        { from: "in-vault", to: "app", pulse: true },
        { from: "us-vault", to: "app" },
        { from: "app", to: "policy" },
      ],
    },
    stats: [
      { percentage: "99.99%", description: "uptime SLA" },
      { percentage: "70%", description: "faster integration or deployment" },
      { percentage: "90%", description: "faster regulatory reporting and auditing" },
    ],
    features: [
      {
        icon: "map-pin",
        title: "Vaults Where the Law Requires",
        description:
          "Each vault runs in the region you choose, so originals of Indian, US or other customers' data stay where your localisation rules say.",
      },
      {
        icon: "globe",
        title: "Global Apps Keep Working",
        description:
          "Format-preserving tokens let applications, support tools and analytics in other regions run unchanged, with no schema rewrite.",
      },
      {
        icon: "shield-check",
        title: "Region-Aware Access Policies",
        description:
          "Attribute-based rules weigh where a request comes from and why, so reveals of in-region data go only to approved teams and purposes.",
      },
    ],
    ctaChecklist: [
      "A vault deployed in the region your rules require",
      "Tokens that keep existing schemas and validations working",
      "Region and purpose rules on every reveal request",
      "A log showing who revealed which data, from where",
    ],
  },

  "secure-analytics": {
    label: "Privacy-First Analytics",
    titleGradient: "Warehouse Analytics",
    titleRegular: " Without Raw Identifiers",
    description:
      "Consistent tokens replace names, phone numbers and card numbers before data lands in your warehouse, so joins, cohorts and fraud risk scores still work.",
    diagram: {
      title: "From source systems to a de-identified warehouse",
      description:
        "Records from an orders database and a CRM are tokenized on the way to the warehouse, with originals kept in the vault. The warehouse joins on tokens and feeds fraud scoring.",
      columns: [
        [
          { id: "orders", label: "Orders DB", detail: "phone, card", tone: "source" },
          { id: "crm", label: "CRM", detail: "name@example.com", tone: "source" },
        ],
        [
          { id: "tokenize", label: "Tokenize", detail: "deterministic", tone: "token" },
          { id: "vault", label: "Vault", detail: "originals only", tone: "vault" },
        ],
        [
          { id: "warehouse", label: "Warehouse", detail: "join on tok_4Lp9Wd", tone: "plain" },
          { id: "fraud", label: "Fraud scoring", detail: "de-identified", tone: "plain" },
        ],
      ],
      links: [
        { from: "orders", to: "tokenize", pulse: true },
        { from: "crm", to: "tokenize" },
        { from: "tokenize", to: "vault" },
        { from: "tokenize", to: "warehouse", pulse: true },
        { from: "warehouse", to: "fraud" },
      ],
    },
    stats: [
      { percentage: "60%", description: "lower data breach exposure" },
      { percentage: "100%", description: "PII token coverage" },
      { percentage: "70%", description: "faster integration or deployment" },
    ],
    features: [
      {
        icon: "database",
        title: "Tokens That Still Join",
        description:
          "The same value always gets the same token, so joins, cohorts and distinct counts line up across tables and tools.",
      },
      {
        icon: "chart-no-axes-combined",
        title: "De-identified Fraud Scoring",
        description:
          "Fraud risk scores run on tokenized records. Investigators reveal an identity only for a flagged case, under policy.",
      },
      {
        icon: "plug",
        title: "Prebuilt Data Connectors",
        description:
          "Connectors for cloud data platforms tokenize data in your existing pipelines, so analysts keep their warehouse and BI tools.",
      },
    ],
    ctaChecklist: [
      "Prebuilt connectors for your cloud data platform",
      "Deterministic tokens that keep joins and counts correct",
      "Fraud risk scoring on de-identified records",
      "Policy-checked reveals for the few roles that need them",
    ],
  },

  "unstructured-data": {
    label: "Unstructured Data Protection",
    titleGradient: "Protect What Hides",
    titleRegular: " in Notes, Scans and PDFs",
    description:
      "Automated classification finds names, IDs and health details in free text, scanned images and PDFs, tokenizes each one in place and keeps the original encrypted in the vault.",
    diagram: {
      title: "A scanned form and a note, classified and tokenized",
      description:
        "A scanned intake form and a clinical note are classified to find personal and health data. Findings become tokens in a shared copy, the original goes to the vault, and views are logged.",
      columns: [
        [
          { id: "scan", label: "Scanned form", detail: "intake_form.jpg", tone: "source" },
          { id: "note", label: "Clinical note", detail: "visit_note.txt", tone: "source" },
        ],
        [{ id: "classify", label: "Classify", detail: "MRN, DOB, phone", tone: "plain" }],
        [
          { id: "copy", label: "Tokenized copy", detail: "tok_9Hd3Ke", tone: "token" },
          { id: "vault", label: "Vault", detail: "encrypted original", tone: "vault" },
          { id: "log", label: "Audit log", detail: "views recorded", tone: "log" },
        ],
      ],
      links: [
        { from: "scan", to: "classify", pulse: true },
        { from: "note", to: "classify" },
        { from: "classify", to: "copy", pulse: true },
        { from: "classify", to: "vault" },
        { from: "vault", to: "log" },
      ],
    },
    stats: [
      { percentage: "75%", description: "reduction in manual classification overhead" },
      { percentage: "100%", description: "PII token coverage" },
      { percentage: "60%", description: "lower data breach exposure" },
    ],
    features: [
      {
        icon: "file-scan",
        title: "Classification Across Formats",
        description:
          "Sensitive fields are discovered in free text, scanned images and PDFs as they arrive, with no manual tagging first.",
      },
      {
        icon: "shield-check",
        title: "Readable Tokenized Copies",
        description:
          "Each finding is replaced by a token in place, so the document keeps its meaning for reviewers, search and downstream tools.",
      },
      {
        icon: "key-round",
        title: "Originals Behind a Policy Check",
        description:
          "The original document stays encrypted in the vault. Role and purpose rules decide who may open it, supporting HIPAA safeguards.",
      },
    ],
    ctaChecklist: [
      "Discovery of sensitive fields in notes, scans and PDFs",
      "Tokenized copies your teams can share and search",
      "Original documents kept encrypted in the vault",
      "Role and purpose rules on every request to see an original",
    ],
  },

  "vendor-sharing": {
    label: "Safe Vendor Sharing",
    titleGradient: "Share Tokens,",
    titleRegular: " Not Customer Data",
    description:
      "Processors and vendors receive format-preserving tokens in place of card and identity data. Each reveals only the fields its contract covers, and one policy change revokes access.",
    diagram: {
      title: "One record, a different view for each vendor",
      description:
        "A customer record passes a per-vendor policy check. The payments vendor can reveal the card, the courier sees a masked phone, and the marketing tool receives a token; every decision is logged.",
      columns: [
        [{ id: "record", label: "Customer record", detail: "card, phone, email", tone: "source" }],
        [
          { id: "policy", label: "Policy check", detail: "per-vendor scope", tone: "policy" },
          { id: "log", label: "Audit log", detail: "vendor, field", tone: "log" },
        ],
        [
          { id: "payments", label: "Payments vendor", detail: "card on auth", tone: "plain" },
          { id: "courier", label: "Courier partner", detail: "+91 98XXX X4821", tone: "plain" },
          { id: "marketing", label: "Marketing tool", detail: "tok_3Wf6Ny", tone: "token" },
        ],
      ],
      links: [
        { from: "record", to: "policy", pulse: true },
        { from: "policy", to: "log" },
        { from: "policy", to: "payments", pulse: true },
        { from: "policy", to: "courier" },
        { from: "policy", to: "marketing" },
      ],
    },
    stats: [
      { percentage: "75%", description: "fewer unauthorized access incidents" },
      { percentage: "60%", description: "lower data breach exposure" },
      { percentage: "70%", description: "faster integration or deployment" },
    ],
    features: [
      {
        icon: "handshake",
        title: "Field-Level Sharing Scopes",
        description:
          "Each vendor gets a policy listing the fields it may reveal. Card numbers shared as tokens can help narrow PCI DSS scope.",
      },
      {
        icon: "key-round",
        title: "Just-in-Time Vendor Access",
        description:
          "Grants cover a task or a campaign and expire when it ends. Revoking a vendor is one policy change, not a hunt for copies.",
      },
      {
        icon: "scroll-text",
        title: "A Record of Every Vendor Reveal",
        description:
          "Each vendor request lands in a tamper-evident log with the vendor, the field and the policy, ready for a contract or regulator review.",
      },
    ],
    ctaChecklist: [
      "Per-vendor policies scoped to the fields each contract covers",
      "Tokens in place of card numbers, to help narrow PCI DSS scope",
      "Just-in-time grants that end when the work does",
      "Vendor access revoked everywhere with one policy change",
    ],
  },

  "disaster-response": {
    label: "Audit & Incident Visibility",
    titleGradient: "Incident Response",
    titleRegular: " Backed by a Tamper-Evident Log",
    description:
      "Every detokenization passes a policy check and lands in an immutable, tamper-evident log. When an incident hits, you scope it from records, which helps you meet GDPR's 72-hour window.",
    diagram: {
      title: "From a reveal request to a scoped incident",
      description:
        "Requests from a support app and an on-call engineer pass a policy check and are written to an append-only audit log. The log shows which records were revealed, which feeds the breach report.",
      columns: [
        [
          { id: "app", label: "Support app", detail: "svc-support", tone: "source" },
          { id: "oncall", label: "On-call", detail: "break-glass", tone: "source" },
        ],
        [
          { id: "policy", label: "Policy check", detail: "role + reason", tone: "policy" },
          { id: "log", label: "Audit log", detail: "append-only", tone: "log" },
        ],
        [
          { id: "scope", label: "Incident scope", detail: "records revealed", tone: "plain" },
          { id: "report", label: "Breach report", detail: "within 72 hours", tone: "plain" },
        ],
      ],
      links: [
        { from: "app", to: "policy", pulse: true },
        { from: "oncall", to: "policy" },
        { from: "policy", to: "log", pulse: true },
        { from: "log", to: "scope" },
        { from: "scope", to: "report" },
      ],
    },
    stats: [
      { percentage: "90%", description: "faster regulatory reporting and auditing" },
      { percentage: "75%", description: "fewer unauthorized access incidents" },
      { percentage: "99.99%", description: "uptime SLA" },
    ],
    features: [
      {
        icon: "scroll-text",
        title: "Tamper-Evident Audit Log",
        description:
          "Every tokenize, reveal and policy change is logged automatically in append-only entries, so an attempt to edit history shows up on verification.",
      },
      {
        icon: "siren",
        title: "Break-Glass With a Trail",
        description:
          "On-call staff can open records in an emergency without waiting for approval. Each use asks for a reason and is flagged for review.",
      },
      {
        icon: "shield-check",
        title: "Scoping by Record",
        description:
          "The log answers whose data was revealed, by whom, under which policy and when, so notifications cover the people actually affected.",
      },
    ],
    ctaChecklist: [
      "A tamper-evident record of every tokenize and reveal",
      "Break-glass access that is recorded and flagged for review",
      "Breach scoping by record, requester and time",
      "Audit evidence for DPIAs, SOC 2 reviews and regulators",
    ],
  },
};
