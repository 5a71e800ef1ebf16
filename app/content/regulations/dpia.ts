/**
 * DPIA regulation page copy (requirements COMP-3 to COMP-8). Legal facts follow
 * Articles 35 and 36 of Regulation (EU) 2016/679 and, for one cross-reference, Section 10 of India's DPDP Act, 2023.
 */
import type { RegulationPage } from "../types.ts";

export const dpia: RegulationPage = {
  name: "DPIA",
  citation: "Article 35, Regulation (EU) 2016/679 (GDPR)",
  meta: {
    title: "DPIA Support: Evidence for Your Impact Assessments",
    description:
      "Map where personal data flows, show the safeguards that reduce risk, and back your GDPR Article 35 impact assessment with live policy and access evidence.",
  },
  hubSummary: "Data flows and safeguards that back a GDPR Article 35 impact assessment with evidence.",
  intro: {
    eyebrow: "DPIA",
    heading: "Data protection impact assessments (DPIA), backed by evidence",
    intro:
      "A DPIA under GDPR Article 35 asks, before processing starts, how it could harm people and what reduces that risk. Veilvault shows where personal data flows and which safeguards apply to it, so the assessment rests on records.",
    actions: true,
  },
  requirementsHeading: {
    eyebrow: "What Article 35 asks",
    heading: "Four parts of a sound assessment",
    intro:
      "Each card sets out what the article asks, why it matters in practice and which Veilvault mechanism supplies the evidence.",
  },
  requirements: [
    {
      title: "When a DPIA is required (Art. 35(1), (3))",
      whatDoesItAsk:
        "Assess processing likely to result in a high risk to people's rights and freedoms before it starts: notably profiling with legal or similar effects, large-scale special category data, or large-scale public monitoring.",
      why: "Article 35(1) points in particular to new technologies, which covers many AI projects. An assessment made after launch can only record risks the design has already fixed in place.",
      howWeSolve:
        "Automated classification finds health details and other sensitive fields in text, images and PDFs, so you see early whether a project touches the data that triggers an assessment.",
    },
    {
      title: "Describe the processing (Art. 35(7)(a))",
      whatDoesItAsk:
        "Give a systematic description of the envisaged processing operations and their purposes, including the legitimate interest pursued by the controller where relevant.",
      why: "Risks can only be judged against an accurate picture of which data is collected, where it goes and who can see it. Diagrams drawn from memory miss copies.",
      howWeSolve:
        "Classification maps which sensitive fields each source holds, and the audit log shows which roles and services reveal them, giving the description a basis in records.",
    },
    {
      title: "Necessity and proportionality (Art. 35(7)(b))",
      whatDoesItAsk:
        "Assess whether the processing operations are necessary and proportionate to their purposes. In practice, this tests whether less personal data, or less identifiable data, would do.",
      why: "Processing more personal data than a purpose needs is a risk in itself, and it runs against the data minimisation principle in Article 5.",
      howWeSolve:
        "Tokenization and de-identified analytics let a project run without raw identifiers. Attribute-based policies reveal a real value only for a stated purpose, which shows what each role needs.",
    },
    {
      title: "Risks and measures (Art. 35(7)(c)-(d))",
      whatDoesItAsk:
        "Assess the risks to data subjects and set out the measures that address them, including safeguards, security measures and mechanisms that protect personal data and demonstrate compliance.",
      why: "Measures on paper must also work in production. If high risk remains after them, Article 36 requires you to consult the supervisory authority before processing begins.",
      howWeSolve:
        "Tokenization, the encrypted vault, just-in-time access and tamper-evident audit logs are measures you can name in the assessment, and the logs show they operate as described.",
    },
  ],
  featuresHeading: {
    eyebrow: "How Veilvault helps",
    heading: "Evidence for every section of the assessment",
    intro:
      "The assessment is yours and your DPO's to write, and you remain the controller. Veilvault supplies the data inventory, the safeguards and the records its conclusions depend on.",
  },
  features: [
    {
      icon: "scan-search",
      title: "Find Sensitive Data Early",
      description:
        "Automated classification discovers personal and health data in text, images and PDFs, so screening for an assessment starts from facts, not from a questionnaire.",
      bulletPoints: [
        "Sensitive fields found in structured and unstructured data",
        "Health details and identifiers flagged before a project ships",
        "A starting inventory for the systematic description",
      ],
    },
    {
      icon: "route",
      title: "Data Flows From Records",
      description:
        "The audit log shows which services, roles and agents reveal which fields. That turns the flow diagram in your assessment into something you can check.",
      bulletPoints: [
        "Sources and the sensitive fields each one holds",
        "Services and roles that reveal those fields, and under which policy",
        "Changes in access patterns visible over time",
      ],
    },
    {
      icon: "eye-off",
      title: "Less Identifiable by Design",
      description:
        "Format-preserving tokens and de-identified analytics let teams build and test with less identifiable data, which strengthens the necessity and proportionality case.",
      bulletPoints: [
        "Tokens in place of identifiers in apps and warehouses",
        "Analytics and fraud risk scoring on de-identified records",
        "Private AI inference that strips identifiers before the model",
      ],
    },
    {
      icon: "shield-check",
      title: "Safeguards You Can Name",
      description:
        "Article 35(7)(d) asks for the measures that address each risk. Veilvault's controls map to those risks, and their operation is recorded.",
      bulletPoints: [
        "Encrypted vault as the single source of truth",
        "Role- and attribute-based access, just-in-time and break-glass",
        "Immutable, tamper-evident logs of every reveal",
      ],
    },
    {
      icon: "users",
      title: "Facts for Your DPO",
      description:
        "Article 35(2) requires the controller to seek the advice of its data protection officer, where one is designated. Shared records give that advice a common basis.",
      bulletPoints: [
        "One view of sensitive data for privacy, security and engineering",
        "Access records the DPO can question, not just descriptions",
        "Evidence to hand if Article 36 prior consultation is needed",
      ],
    },
    {
      icon: "refresh-cw",
      title: "Review When the Risk Changes",
      description:
        "Article 35(11) calls for a review at least when the risk of the processing changes. New classifications and access records show when a flow has moved.",
      bulletPoints: [
        "New sensitive fields surface as data is classified",
        "New roles or services revealing data show up in the log",
        "Also useful for periodic DPIAs under India's DPDP Act, Sec. 10",
      ],
    },
  ],
};
