/**
 * Core Features page copy (requirements FEAT-1 to FEAT-3). Impact lines use
 * only FIG-1 figures, exactly; every sample value is fictional.
 */
import type { SectionHeading, TextBlock } from "./types.ts";

export const featuresPage: SectionHeading & { blocks: TextBlock[] } = {
  eyebrow: "Platform",
  heading: "Core Features",
  intro:
    "Eight capabilities take sensitive data from arrival to audit: find it, tokenize it, vault it, control who sees it and prove what happened.",
  blocks: [
    {
      title: "Vault",
      description:
        "The vault holds the only copy of each sensitive value, encrypted and isolated from your application stack. Everything else carries tokens, so a breach of an application, warehouse or log exposes tokens instead of personal data.",
      bulletPoints: [
        "Encrypted, isolated store for personal and health data",
        "A single source of truth: one original, many tokens",
        "Adaptive encryption matched to each field's sensitivity",
      ],
      impact: "60% lower data breach exposure",
      graphic: {
        title: "One vault, tokens everywhere else",
        description:
          "Applications and the data warehouse hold only tokens. The single encrypted original of each value sits in the privacy vault.",
        columns: [
          [
            { id: "apps", label: "Applications", detail: "tok_7Qm2Xa", tone: "plain" },
            { id: "warehouse", label: "Warehouse", detail: "tok_7Qm2Xa", tone: "plain" },
          ],
          [{ id: "vault", label: "Privacy vault", detail: "1 encrypted copy", tone: "vault" }],
        ],
        links: [
          { from: "apps", to: "vault", pulse: true },
          { from: "warehouse", to: "vault" },
        ],
      },
    },
    {
      title: "Automated Tokenization",
      description:
        "Sensitive values are swapped for format-preserving tokens in real time, as data is written. A phone number stays phone-shaped and an email stays an email, so databases, validations and integrations keep working. Tokens are reversible only through the vault.",
      bulletPoints: [
        "Real-time tokenization on write, through API, SDK or connector",
        "Format-preserving tokens that keep length, shape and type",
        "Reversible by policy, never by the token alone",
      ],
      impact: "100% PII token coverage",
      graphic: {
        title: "Format-preserving tokenization",
        description:
          "A phone number and an email address pass through the tokenizer. Each comes out as a token with the same shape as the original.",
        columns: [
          [
            { id: "phone", label: "Phone", detail: "+91 98765 43210", tone: "source" },
            { id: "email", label: "Email", detail: "name@example.com", tone: "source" },
          ],
          [{ id: "tokenizer", label: "Tokenizer", detail: "format-preserving", tone: "token" }],
          [
            { id: "phone-token", label: "Phone token", detail: "+91 70418 26395", tone: "token" },
            { id: "email-token", label: "Email token", detail: "u7kq2p@example.com", tone: "token" },
          ],
        ],
        links: [
          { from: "phone", to: "tokenizer", pulse: true },
          { from: "email", to: "tokenizer" },
          { from: "tokenizer", to: "phone-token", pulse: true },
          { from: "tokenizer", to: "email-token" },
        ],
      },
      reverse: true,
    },
    {
      title: "Smart Data Classification",
      description:
        "Veilvault scans records, free text, images and PDFs as they arrive and labels the fields that hold personal or health data. Each label decides what happens next: which fields are tokenized, which are masked, and which pass through unchanged.",
      bulletPoints: [
        "Discovery across structured records, free text, images and PDFs",
        "Labels by type: identity, contact, financial and health data",
        "Labels feed tokenization and access policy automatically",
      ],
      impact: "75% reduction in manual classification overhead",
      graphic: {
        title: "Classifying mixed sources",
        description:
          "A support ticket, a scanned ID card and a PDF report go through the classifier, which labels the sensitive fields it finds.",
        columns: [
          [
            { id: "text", label: "Free text", detail: "support ticket", tone: "source" },
            { id: "image", label: "Image", detail: "scanned ID card", tone: "source" },
            { id: "pdf", label: "PDF", detail: "lab_report.pdf", tone: "source" },
          ],
          [{ id: "classifier", label: "Classifier", detail: "scan + label", tone: "plain" }],
          [{ id: "labels", label: "Labelled fields", detail: "email, phone, PAN", tone: "token" }],
        ],
        links: [
          { from: "text", to: "classifier" },
          { from: "image", to: "classifier", pulse: true },
          { from: "pdf", to: "classifier" },
          { from: "classifier", to: "labels", pulse: true },
        ],
      },
    },
    {
      title: "Precision Access Controls",
      description:
        "Every detokenize request passes a policy check that weighs role, attributes and purpose. Access is denied by default, granted just in time for a task, and opened through break-glass only in an emergency, with each step logged.",
      bulletPoints: [
        "Role- and attribute-based access control in one policy",
        "Just-in-time grants that expire when the task ends",
        "Break-glass access for emergencies, always recorded",
      ],
      impact: "75% fewer unauthorized access incidents",
      graphic: {
        title: "A reveal request meets policy",
        description:
          "A request to reveal a value goes through a policy check. If role and purpose match, the real value is returned; otherwise the caller keeps the token.",
        columns: [
          [{ id: "request", label: "Reveal request", detail: "analyst, support", tone: "source" }],
          [{ id: "policy", label: "Policy check", detail: "role + purpose", tone: "policy" }],
          [
            { id: "allow", label: "Allowed", detail: "name@example.com", tone: "plain" },
            { id: "deny", label: "Denied", detail: "tok_7Qm2Xa", tone: "token" },
          ],
        ],
        links: [
          { from: "request", to: "policy", pulse: true },
          { from: "policy", to: "allow", pulse: true },
          { from: "policy", to: "deny" },
        ],
      },
      reverse: true,
    },
    {
      title: "Immutable Audit Logs",
      description:
        "Each tokenize, detokenize and policy decision is written automatically to the audit log. The log is immutable and tamper-evident: entries cannot be edited, and any attempt to alter history shows on verification. Reports for auditors draw directly on that record.",
      bulletPoints: [
        "Automatic logging of who, what, when and for which purpose",
        "Immutable, tamper-evident entries that auditors can verify",
        "Evidence for DPIAs, SOC 2 audits and breach investigations",
      ],
      impact: "90% faster regulatory reporting and auditing",
      graphic: {
        title: "Every action becomes evidence",
        description:
          "Detokenize requests and policy changes are written to a tamper-evident audit log, which feeds audit reports.",
        columns: [
          [
            { id: "detokenize", label: "Detokenize", detail: "svc-billing", tone: "source" },
            { id: "change", label: "Policy change", detail: "admin", tone: "policy" },
          ],
          [{ id: "log", label: "Audit log", detail: "who, what, when", tone: "log" }],
          [{ id: "report", label: "Audit report", detail: "DPIA, SOC 2", tone: "plain" }],
        ],
        links: [
          { from: "detokenize", to: "log", pulse: true },
          { from: "change", to: "log" },
          { from: "log", to: "report", pulse: true },
        ],
      },
    },
    {
      title: "Flexible Integrations",
      description:
        "Connect through REST and GraphQL APIs, SDKs, or prebuilt connectors for cloud data platforms. Tokens travel through existing pipelines unchanged, so teams integrate without redesigning schemas.",
      bulletPoints: [
        "REST and GraphQL APIs for tokenize, detokenize and policy",
        "SDKs that drop into existing services and AI pipelines",
        "Prebuilt connectors for cloud data platforms",
      ],
      impact: "70% faster integration or deployment",
      graphic: {
        title: "Three ways in, tokens out",
        description:
          "Applications reach Veilvault through the REST API, GraphQL or an SDK. Tokenized data flows on to cloud data platforms.",
        columns: [
          [
            { id: "rest", label: "REST API", detail: "POST /v1/records", tone: "source" },
            { id: "graphql", label: "GraphQL", detail: "mutation tokenize", tone: "source" },
            { id: "sdk", label: "SDK", detail: "vault.tokenize()", tone: "source" },
          ],
          [{ id: "veilvault", label: "Veilvault", detail: "tokens + policy", tone: "vault" }],
          [{ id: "platform", label: "Data platforms", detail: "warehouse, lake", tone: "plain" }],
        ],
        links: [
          { from: "rest", to: "veilvault", pulse: true },
          { from: "graphql", to: "veilvault" },
          { from: "sdk", to: "veilvault" },
          { from: "veilvault", to: "platform", pulse: true },
        ],
      },
      reverse: true,
    },
    {
      title: "Compliance by Design",
      description:
        "Minimisation, purpose limitation and accountability are built into how data flows: fields are tokenized by default, revealed by policy and logged on every access. These controls help you meet DPDP, GDPR, HIPAA, PCI DSS and CCPA requirements as part of daily operations.",
      bulletPoints: [
        "Tokenization by default supports data minimisation",
        "Purpose-based policies support purpose limitation",
        "Audit logs supply evidence for DPIAs and SOC 2 audits",
      ],
      impact: "Audit evidence produced as you operate",
      graphic: {
        title: "Requirements mapped to controls",
        description:
          "Minimisation is met by tokenizing by default and purpose limitation by a policy check. Both controls write their evidence to the audit log.",
        columns: [
          [
            { id: "minimise", label: "Minimisation", detail: "DPDP, GDPR", tone: "source" },
            { id: "purpose", label: "Purpose limit", detail: "GDPR, HIPAA", tone: "source" },
          ],
          [
            { id: "tokenize", label: "Tokenize", detail: "tokens by default", tone: "token" },
            { id: "policy", label: "Policy check", detail: "role + purpose", tone: "policy" },
          ],
          [{ id: "evidence", label: "Audit evidence", detail: "who, what, when", tone: "log" }],
        ],
        links: [
          { from: "minimise", to: "tokenize", pulse: true },
          { from: "purpose", to: "policy" },
          { from: "tokenize", to: "evidence", pulse: true },
          { from: "policy", to: "evidence" },
        ],
      },
    },
    {
      title: "Rapid Zero-Disruption Deployment",
      description:
        "Veilvault deploys without agents on your hosts. You route one data flow through the API or a connector, tokenize its existing records, and move to the next flow while applications keep running.",
      bulletPoints: [
        "Agentless: nothing to install on servers or endpoints",
        "Phased rollout, one data flow at a time",
        "Format-preserving tokens mean no schema rewrites",
      ],
      impact: "Migration in weeks",
      graphic: {
        title: "Phased, agentless rollout",
        description:
          "Two existing data flows connect to the vault through a connector, with no agent installed, and receive tokens back.",
        columns: [
          [
            { id: "payments", label: "Flow: payments", detail: "existing app", tone: "source" },
            { id: "support", label: "Flow: support", detail: "existing app", tone: "source" },
          ],
          [{ id: "connector", label: "Connector", detail: "no agent needed", tone: "plain" }],
          [{ id: "vault", label: "Privacy vault", detail: "tokens issued", tone: "vault" }],
        ],
        links: [
          { from: "payments", to: "connector", pulse: true },
          { from: "support", to: "connector" },
          { from: "connector", to: "vault", pulse: true },
        ],
      },
      reverse: true,
    },
  ],
};
