/**
 * SOC 2 page copy (requirements SOC2-1 to SOC2-7, with its criterion
 * and report type cards) and the downloadable PDF guide built from this
 * same record (SOC2-8). Figures are FIG-14's SOC 2 figures, exactly. Veilvault
 * is described only through the FIG-16 mechanisms (SOC2-9): it supplies controls
 * and evidence, it is not an auditor, and nothing here claims it holds a SOC 2 report.
 */
import type { Soc2Page } from "./types.ts";

export const soc2Page: Soc2Page = {
  intro: {
    eyebrow: "SOC 2",
    heading: "SOC 2 Compliance Solutions",
    intro:
      "SOC 2 is an independent auditor's report on your controls against five Trust Services Criteria. Veilvault's access policies, encryption and tamper-evident logs supply controls and evidence for the systems that handle sensitive data.",
    actions: true,
  },

  understanding: {
    eyebrow: "The basics",
    heading: "Understanding SOC 2",
    intro: "A SOC 2 report describes your controls and gives an auditor's opinion on them. It is not a certificate.",
    paragraphs: [
      "A SOC 2 report is an attestation report issued by an independent CPA firm. The auditor examines a service organisation's controls against the AICPA's Trust Services Criteria and states an opinion on them.",
      "Security, the common criteria, is in scope in every SOC 2 report. The organisation chooses which of the other four to add, based on the services it provides and the commitments it makes to customers.",
    ],
    figures: [
      { value: "5", label: "Trust Services Criteria" },
      { value: "2", label: "Report types" },
      { value: "12 months", label: "Typical audit cycle" },
    ],
  },

  criteriaHeading: {
    eyebrow: "Trust Services Criteria",
    heading: "Five criteria, one common core",
    intro: "Each criterion is met through controls an auditor expects to see in place. Here are four typical controls for each.",
  },
  criteria: [
    {
      title: "Security",
      description:
        "Protection of information and systems against unauthorised access, unauthorised disclosure and damage. These are the common criteria, in scope in every SOC 2 report.",
      icon: "shield-check",
      controls: [
        "Logical access restricted by role and reviewed",
        "Multi-factor authentication for system access",
        "Change management with review and approval",
        "Vulnerability scanning and timely patching",
      ],
    },
    {
      title: "Availability",
      description:
        "Whether systems are available for operation and use as committed or agreed, including capacity planning, backup and recovery from disruption.",
      icon: "activity",
      controls: [
        "Capacity and performance monitoring",
        "Backups with regular restore tests",
        "Documented and tested disaster recovery plan",
        "Incident response and escalation procedures",
      ],
    },
    {
      title: "Processing Integrity",
      description:
        "Whether system processing is complete, valid, accurate, timely and authorised, so that the outputs meet the organisation's objectives.",
      icon: "workflow",
      controls: [
        "Input validation at every entry point",
        "Monitoring of processing jobs and queues",
        "Error handling and reconciliation of records",
        "Review of outputs for completeness and accuracy",
      ],
    },
    {
      title: "Confidentiality",
      description:
        "Protection of information designated as confidential, such as customer data or business plans, from the moment it is collected until it is disposed of.",
      icon: "folder-lock",
      controls: [
        "Classification of confidential information",
        "Encryption in transit and at rest",
        "Access restricted to those with a need to know",
        "Retention schedules and secure disposal",
      ],
    },
    {
      title: "Privacy",
      description:
        "How personal information is collected, used, retained, disclosed and disposed of, in line with the organisation's privacy notice and commitments.",
      icon: "fingerprint",
      controls: [
        "Privacy notice and consent at collection",
        "Collection limited to the stated purpose",
        "Handling of access and correction requests",
        "Retention limits and disposal of personal data",
      ],
    },
  ],

  reportTypesHeading: {
    eyebrow: "Report types",
    heading: "Type I or Type II",
    intro: "Both reports cover the criteria you choose. They differ in what the auditor tests and over how long.",
  },
  reportTypes: [
    {
      type: "Type I",
      description:
        "The auditor's opinion on whether your controls are suitably designed to meet the chosen criteria, at a single point in time.",
      timeline: "6-8 weeks",
      focus: "Control design",
    },
    {
      type: "Type II",
      description:
        "The auditor's opinion on whether your controls were suitably designed and operated effectively throughout an observation period.",
      timeline: "3-6 months of observation",
      focus: "Design and operating effectiveness",
    },
  ],

  platformHeading: {
    eyebrow: "Platform",
    heading: "Where Veilvault fits in your SOC 2 programme",
    intro:
      "Veilvault is a data privacy vault, not an audit tool. It supplies controls and evidence for the systems that hold sensitive data.",
  },
  capabilities: [
    {
      icon: "file-check",
      title: "Automated Evidence Collection",
      description:
        "Every tokenization, reveal and policy decision is written to an immutable, tamper-evident log. Evidence of access to sensitive data builds up as systems run.",
    },
    {
      icon: "gauge",
      title: "Control Monitoring",
      description:
        "Access policies are evaluated and logged on every request, so you can show that a control on sensitive data ran each time, not only that it was designed.",
    },
    {
      icon: "scan-search",
      title: "Risk Assessment",
      description:
        "Automated classification and discovery find sensitive fields in text, images and PDFs, so your risk assessment starts from where personal data actually lives.",
    },
    {
      icon: "handshake",
      title: "Vendor Management",
      description:
        "Vendors receive tokens and scoped access instead of raw values. Any reveal they request passes a policy check and is logged.",
    },
    {
      icon: "key-round",
      title: "Policy Management",
      description:
        "Role- and attribute-based access policies are defined once, centrally, with just-in-time and break-glass access that leave a record each time they are used.",
    },
    {
      icon: "siren",
      title: "Incident Response",
      description:
        "Tamper-evident logs reconstruct who saw which sensitive field, and when, so the scope of an incident is a query rather than a guess.",
    },
    {
      icon: "clipboard-check",
      title: "Audit Readiness",
      description:
        "Export the access history for the period under review, showing who requested sensitive data, what the policy decided and what was revealed.",
    },
    {
      icon: "refresh-cw",
      title: "Continuous Compliance",
      description:
        "Policies are enforced on every API call, not checked once a quarter, so the controls around sensitive data keep operating between audits.",
    },
  ],

  benefitsHeading: {
    eyebrow: "Benefits",
    heading: "What changes for the business and for security",
    intro: "Fewer places hold raw sensitive data, and every access to it leaves a record.",
  },
  businessBenefits: [
    "Answer security questionnaires with specific controls for sensitive data, backed by logs",
    "Shorter security reviews with enterprise buyers, because data protection answers are ready",
    "Fewer systems hold raw sensitive data, which can narrow what your auditor needs to examine",
    "Less time gathering evidence: access records come from the log, not from screenshots",
    "One set of access controls and logs that also supports GDPR, DPDP, HIPAA and CCPA work",
  ],
  securityBenefits: [
    "Raw values stay in one encrypted vault; applications, warehouses and logs carry tokens",
    "Least-privilege access by role and attribute, checked on every request",
    "Just-in-time and break-glass access for exceptions, each use recorded",
    "Immutable, tamper-evident logs of every tokenization, reveal and policy decision",
    "Sensitive fields in text, images and PDFs found and classified automatically",
  ],

  closing: {
    heading: "Start Your SOC 2 Journey",
    text: "See how Veilvault's policies and audit logs map to the controls your auditor will test in a free 30-minute demo, or download the SOC 2 guide to plan your audit.",
  },

  guide: {
    title: "The SOC 2 Readiness Guide",
    subtitle: "A practical checklist for preparing a SOC 2 audit, from scope to fieldwork",
    foreword: [
      "SOC 2 is not a certificate you pass once. It is an independent CPA firm's report on whether your controls meet the Trust Services Criteria you chose, either at a point in time (Type I) or over an observation period (Type II). A typical audit cycle is 12 months, so readiness is less a project than a habit.",
      "This guide sets out what to settle before the auditor arrives: scope and criteria, policies and owners, access and data protection, monitoring and evidence, and the logistics of the audit itself. Each item is a concrete step you can assign to a person and check off.",
      "We wrote it from where Veilvault sits: in front of sensitive data. That is where auditors ask the hardest access questions, and where evidence is easiest to lose. The checklist applies whether or not you use Veilvault.",
    ],
    readiness: [
      {
        title: "Scope and criteria",
        items: [
          "Define the system in scope: services, infrastructure, software, people, procedures and data",
          "Choose the criteria beyond Security that match the commitments you make to customers",
          "Decide between a Type I and a Type II report, and set a target date",
          "List the sensitive data the system handles and every place it is stored",
          "Identify subservice organisations, such as cloud providers, and how the report will treat them",
        ],
      },
      {
        title: "Policies and ownership",
        items: [
          "Write or update information security, access control and acceptable use policies",
          "Name an owner for each policy and each control",
          "Document change management, incident response and vendor management procedures",
          "Record management approval and a review date for every policy",
          "Train staff on the policies and keep records of completion",
        ],
      },
      {
        title: "Access and data protection",
        items: [
          "Grant access by role and least privilege, and review it on a fixed schedule",
          "Require multi-factor authentication for production systems and admin consoles",
          "Encrypt sensitive data at rest and in transit, and document how keys are managed",
          "Replace raw sensitive values with tokens in systems that do not need them",
          "Define break-glass access for emergencies and log every use",
          "Remove access promptly when people leave or change roles",
        ],
      },
      {
        title: "Monitoring and evidence",
        items: [
          "Keep tamper-evident logs of access to sensitive data and of administrative actions",
          "Set alerts for failed logins, privilege changes and unusual access",
          "Run vulnerability scans on a schedule and track findings to closure",
          "Test backups by restoring them, and record the results",
          "Store evidence by control and period so it can be found quickly during fieldwork",
        ],
      },
      {
        title: "Audit logistics",
        items: [
          "Select an independent CPA firm and agree scope, criteria and timeline",
          "Consider a readiness assessment to find gaps before the audit starts",
          "Prepare the system description that accompanies the report",
          "For a Type II report, agree the observation period and keep controls stable through it",
          "Assign one coordinator to handle auditor requests and sample selections",
          "Plan remediation for any exceptions and the start of the next 12-month cycle",
        ],
      },
    ],
    scopeNote:
      "Veilvault supplies controls and evidence for the systems that handle sensitive data: tokenization, an encrypted vault, access policies enforced on every request and tamper-evident audit logs. It is not an auditor and does not issue SOC 2 reports, and using it does not by itself make an organisation compliant. Your SOC 2 report comes from an independent CPA firm that examines your controls as a whole.",
  },
};
