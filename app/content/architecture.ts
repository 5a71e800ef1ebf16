/**
 * Architecture page copy (requirements ARCH-1, ARCH-2). Impact lines use
 * only FIG-1 figures, exactly; every sample value is fictional.
 */
import type { SectionHeading, TextBlock } from "./types.ts";

export const architecturePage: SectionHeading & { blocks: TextBlock[] } = {
  eyebrow: "Architecture",
  heading: "Explore Our Architecture",
  intro:
    "Six layers work in sequence so that sensitive values are tokenized on arrival, stored once, revealed by policy and recorded on every access.",
  blocks: [
    {
      title: "Centralized Privacy Vault",
      description:
        "The vault is an isolated, encrypted store that holds the one original copy of every sensitive value. Applications, warehouses and AI pipelines keep only tokens and ask the vault for a real value when policy allows it. With originals in one place, there is one store to protect, monitor and account for.",
      bulletPoints: [
        "One encrypted copy per value, the single source of truth",
        "Isolated from application databases and analytics stores",
        "Adaptive encryption matched to each field's sensitivity",
        "Vaults placed in the region your data residency rules require",
      ],
      impact: "60% lower data breach exposure",
      graphic: {
        title: "Tokens outside, originals inside",
        description:
          "Applications, the warehouse and an AI pipeline hold only tokens. Their reveal requests pass a policy check before reaching the vault, and each decision is written to the audit log.",
        columns: [
          [
            { id: "app", label: "Application", detail: "tok_7Qm2Xa", tone: "plain" },
            { id: "warehouse", label: "Warehouse", detail: "tok_7Qm2Xa", tone: "plain" },
            { id: "ai", label: "AI pipeline", detail: "tok_7Qm2Xa", tone: "plain" },
          ],
          [{ id: "policy", label: "Policy check", detail: "role + purpose", tone: "policy" }],
          [
            { id: "vault", label: "Privacy vault", detail: "1 encrypted copy", tone: "vault" },
            { id: "log", label: "Audit log", detail: "who, what, when", tone: "log" },
          ],
        ],
        links: [
          { from: "app", to: "policy", pulse: true },
          { from: "warehouse", to: "policy" },
          { from: "ai", to: "policy" },
          { from: "policy", to: "vault", pulse: true },
          { from: "policy", to: "log" },
        ],
      },
    },
    {
      title: "Real-Time Tokenization and Masking Engine",
      description:
        "The engine sits in the write path. It classifies each incoming field, replaces sensitive values with format-preserving tokens in real time, and applies masks for views that need only part of a value. Originals go to the vault, and downstream schemas and validations see data of the same shape as before.",
      bulletPoints: [
        "Format-preserving, reversible tokens for structured fields",
        "Classification of free text, images and PDFs before tokenization",
        "Masking at ingestion, before data reaches models or analytics",
        "Partial masks for screens that need only the last digits",
      ],
      impact: "100% PII token coverage",
      graphic: {
        title: "Inside the write path",
        description:
          "An incoming record and an AI prompt enter the engine, which classifies and tokenizes them. It emits tokens and masked views, and sends the originals to the vault.",
        columns: [
          [
            { id: "record", label: "Incoming record", detail: "POST /v1/records", tone: "source" },
            { id: "prompt", label: "AI prompt", detail: "name@example.com", tone: "source" },
          ],
          [{ id: "engine", label: "Engine", detail: "classify, tokenize", tone: "token" }],
          [
            { id: "token", label: "Token", detail: "tok_7Qm2Xa", tone: "token" },
            { id: "masked", label: "Masked view", detail: "+91 XXXXX X4821", tone: "plain" },
            { id: "vault", label: "Vault", detail: "encrypted original", tone: "vault" },
          ],
        ],
        links: [
          { from: "record", to: "engine", pulse: true },
          { from: "prompt", to: "engine" },
          { from: "engine", to: "token", pulse: true },
          { from: "engine", to: "masked" },
          { from: "engine", to: "vault" },
        ],
      },
      reverse: true,
    },
    {
      title: "Policy-Driven Access Control Layer",
      description:
        "Every detokenize request passes through the policy layer before it reaches the vault. Rules combine role-based and attribute-based conditions with the declared purpose, and anything a rule does not allow is denied. Just-in-time grants expire on their own, and break-glass access opens in an emergency and is always recorded.",
      bulletPoints: [
        "RBAC and ABAC evaluated together on every request",
        "Purpose-bound rules: allowed for one task, denied for another",
        "Just-in-time access that expires when the task ends",
        "Break-glass workflow, logged and flagged for review",
      ],
      impact: "75% fewer unauthorized access incidents",
      graphic: {
        title: "How a reveal is decided",
        description:
          "Requests from an analyst, an AI agent and an on-call engineer reach the policy engine. It reveals or withholds the value and logs every decision.",
        columns: [
          [
            { id: "analyst", label: "Analyst", detail: "role: support", tone: "source" },
            { id: "agent", label: "AI agent", detail: "purpose: triage", tone: "source" },
            { id: "oncall", label: "On-call", detail: "break-glass", tone: "source" },
          ],
          [{ id: "engine", label: "Policy engine", detail: "RBAC + ABAC", tone: "policy" }],
          [
            { id: "reveal", label: "Reveal", detail: "name@example.com", tone: "plain" },
            { id: "deny", label: "Deny", detail: "tok_7Qm2Xa", tone: "token" },
            { id: "log", label: "Audit log", detail: "decision logged", tone: "log" },
          ],
        ],
        links: [
          { from: "analyst", to: "engine", pulse: true },
          { from: "agent", to: "engine" },
          { from: "oncall", to: "engine" },
          { from: "engine", to: "reveal", pulse: true },
          { from: "engine", to: "deny" },
          { from: "engine", to: "log" },
        ],
      },
    },
    {
      title: "Immutable Audit and Compliance Framework",
      description:
        "Each tokenize, detokenize, policy decision and configuration change produces a log entry automatically. Entries are append-only and tamper-evident, so an attempt to alter history is detected on verification. Compliance reports draw on the same record, so evidence is ready when assessors ask.",
      bulletPoints: [
        "Automatic logging of every action on sensitive data",
        "Append-only, tamper-evident entries that can be verified",
        "Evidence for DPIAs, SOC 2 audits and HIPAA reviews",
        "Access history that helps scope a breach within GDPR's 72 hours",
      ],
      impact: "90% faster regulatory reporting and auditing",
      graphic: {
        title: "From action to audit evidence",
        description:
          "Tokenize and detokenize calls and configuration changes are written to an append-only audit log. The log is verified for tampering and feeds compliance reports.",
        columns: [
          [
            { id: "tokenize", label: "Tokenize", detail: "svc-checkout", tone: "token" },
            { id: "detokenize", label: "Detokenize", detail: "user: analyst-7", tone: "policy" },
            { id: "config", label: "Config change", detail: "admin", tone: "plain" },
          ],
          [{ id: "log", label: "Audit log", detail: "append-only", tone: "log" }],
          [
            { id: "verify", label: "Verification", detail: "tamper-evident", tone: "log" },
            { id: "reports", label: "Reports", detail: "DPIA, SOC 2", tone: "plain" },
          ],
        ],
        links: [
          { from: "tokenize", to: "log" },
          { from: "detokenize", to: "log", pulse: true },
          { from: "config", to: "log" },
          { from: "log", to: "verify" },
          { from: "log", to: "reports", pulse: true },
        ],
      },
      reverse: true,
    },
    {
      title: "Flexible Integrations and Developer-First APIs",
      description:
        "Applications call the vault through REST or GraphQL APIs, or through SDKs that wrap tokenize and detokenize calls. Prebuilt connectors tokenize data on its way into cloud data platforms, so warehouses and lakes receive tokens from the start. Nothing runs as an agent on your hosts.",
      bulletPoints: [
        "REST and GraphQL APIs behind the same policy checks",
        "SDKs for application services and AI pipelines",
        "Prebuilt connectors for cloud data platforms",
        "Agentless: no software installed on your servers",
      ],
      impact: "70% faster integration or deployment",
      graphic: {
        title: "Every interface, one policy layer",
        description:
          "The REST API, GraphQL and the SDK all reach the Veilvault core, which applies tokens and policy. Tokenized data flows to connectors for cloud data platforms and back to applications.",
        columns: [
          [
            { id: "rest", label: "REST API", detail: "POST /v1/records", tone: "source" },
            { id: "graphql", label: "GraphQL", detail: "mutation tokenize", tone: "source" },
            { id: "sdk", label: "SDK", detail: "vault.tokenize()", tone: "source" },
          ],
          [{ id: "core", label: "Veilvault core", detail: "tokens + policy", tone: "vault" }],
          [
            { id: "connectors", label: "Connectors", detail: "cloud platforms", tone: "plain" },
            { id: "apps", label: "Applications", detail: "tokens only", tone: "token" },
          ],
        ],
        links: [
          { from: "rest", to: "core", pulse: true },
          { from: "graphql", to: "core" },
          { from: "sdk", to: "core" },
          { from: "core", to: "connectors", pulse: true },
          { from: "core", to: "apps" },
        ],
      },
    },
    {
      title: "Enterprise-Grade Scalability and Resilience",
      description:
        "The vault, tokenization engine and policy layer run as separate services, so each scales with its own load. Requests are routed to the vault in the right region, and a standby vault takes over if a primary fails. Systems that only hold tokens keep working without calling the vault at all.",
      bulletPoints: [
        "Services that scale independently with request volume",
        "Standby vaults with failover",
        "Regional vaults for data residency",
        "Token-only systems stay up without calling the vault",
      ],
      impact: "99.99% uptime SLA",
      graphic: {
        title: "Regional vaults with failover",
        description:
          "Application calls and data pipelines reach a request router, which sends each request to the vault for its region. A standby vault sits ready to take over.",
        columns: [
          [
            { id: "apps", label: "Applications", detail: "API + SDK calls", tone: "source" },
            { id: "pipelines", label: "Pipelines", detail: "connectors", tone: "source" },
          ],
          [{ id: "router", label: "Request router", detail: "routes by region", tone: "policy" }],
          [
            { id: "vault-in", label: "Vault (IN)", detail: "region: India", tone: "vault" },
            { id: "vault-us", label: "Vault (US)", detail: "region: US", tone: "vault" },
            { id: "standby", label: "Standby vault", detail: "failover", tone: "vault" },
          ],
        ],
        links: [
          { from: "apps", to: "router", pulse: true },
          { from: "pipelines", to: "router" },
          { from: "router", to: "vault-in", pulse: true },
          { from: "router", to: "vault-us" },
          { from: "vault-us", to: "standby" },
        ],
      },
      reverse: true,
    },
  ],
};
