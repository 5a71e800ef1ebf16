/**
 * Use Cases page copy (requirements UC-1 to UC-7).
 * Tabs are segments (UC-3), never customers: "Porter" means logistics and
 * delivery platforms, "RSO" means risk and security operations. Every scenario
 * is fictional; figures come only from FIG-1.
 */
import type { UseCaseTab } from "./types.ts";

export const useCaseTabs: UseCaseTab[] = [
  {
    id: "general",
    label: "General",
    summary: "For any business that stores customer data and wants fewer systems holding the real values.",
    cards: [
      {
        title: "Customer Data Scattered Across Services",
        challenge:
          "Personal data gets copied into every service, cache and log that touches a customer. Each copy is one more place to protect, patch and explain after a breach.",
        example:
          "A consumer app keeps the same customer's phone number in its orders, support and marketing databases, and in its debug logs.",
        solution:
          "Format-preserving tokens replace the number as it enters the API, and the original is stored once in the encrypted vault. Services work on tokens and detokenize only when policy allows.",
        outcome: "One vault holds the real values, so a breach of any other service exposes tokens instead of customers.",
      },
      {
        title: "Card Numbers Outside the Payment Flow",
        challenge:
          "Card numbers spread from checkout into refunds, support tools and reconciliation jobs. Every system that stores them falls inside PCI DSS scope.",
        example:
          "An online retailer's refund tool, order database and nightly reconciliation job all read full card numbers from the same table.",
        solution:
          "Cards are tokenized at checkout with tokens that keep the shape of a card number. Only the payment service may detokenize, and every call is logged.",
        outcome: "Fewer systems touch real card data, which can help narrow PCI DSS scope.",
      },
      {
        title: "Access and Erasure Requests Under DPDP and GDPR",
        challenge:
          "A data principal's request to see or erase their data means finding every copy first. Copies hide in CRMs, tickets and analytics tables.",
        example:
          "A customer asks a lending app to erase her data, and her details sit in the CRM, the ticketing tool and two analytics tables.",
        solution:
          "Originals live only in the vault, and other systems hold tokens. Veilvault finds the record in one place, and erasing the original leaves the tokens elsewhere with nothing to resolve to.",
        outcome: "Access and erasure requests become a vault lookup instead of a search across every system.",
      },
      {
        title: "Support Agents Who See Only What They Need",
        challenge:
          "Support consoles show full customer profiles to every agent on every ticket. Most tickets need a masked value, not the whole record.",
        example:
          "An agent confirming a caller's identity sees the full Aadhaar number and date of birth, when the last digits would do.",
        solution:
          "Role- and attribute-based policies return a masked view by default. A full reveal needs an approved purpose, and each one is written to the audit log.",
        outcome: "Agents resolve tickets with masked data, with 75% fewer unauthorized access incidents.",
      },
      {
        title: "A Support Copilot That Never Sees Raw PII",
        challenge:
          "AI assistants read tickets, chats and order history. Sending that text to a model as-is hands personal data to the model and its provider.",
        example:
          "A product team builds an LLM copilot that summarises support tickets, and the tickets quote phone numbers and delivery addresses.",
        solution:
          "Identifiers in the ticket text are tokenized before the prompt leaves your systems. Real values return in the summary only for agents whose policy authorises the reveal.",
        outcome: "The team ships the copilot without sending customer identifiers to the model.",
      },
      {
        title: "Serving Customers in India and the US",
        challenge:
          "Localisation rules can require personal data to stay in-country, while product, support and analytics teams run one global stack.",
        example:
          "A SaaS company with users in Bengaluru and Austin runs a single application and warehouse hosted in the US.",
        solution:
          "Originals are stored in a regional vault for each market, and the global stack works with format-preserving tokens. Region-aware policies decide who may reveal a value.",
        outcome: "Personal data stays in the required region without splitting the application in two.",
      },
    ],
  },
  {
    id: "porter",
    label: "Porter",
    summary:
      "For logistics and delivery platforms that handle rider, driver and recipient data across apps, partners and the street.",
    cards: [
      {
        title: "Masked Calls Between Riders and Recipients",
        challenge:
          "Riders need to reach recipients during a delivery. Showing them the real number leaves a customer's phone in a stranger's call log for good.",
        example:
          "A rider calls a recipient about a gate code, and the customer's number stays in the rider's phone long after the order closes.",
        solution:
          "The rider app holds only a format-preserving token. The calling service detokenizes it under a policy bound to the active order, so the rider never sees the number.",
        outcome: "Customers stay reachable during the delivery and out of reach once it ends.",
      },
      {
        title: "Driver KYC Documents at Onboarding",
        challenge:
          "Driver onboarding collects licence, Aadhaar and PAN scans. They pile up in storage that operations staff can browse.",
        example:
          "A logistics marketplace keeps scanned driving licences for every new driver in a shared bucket that the whole operations team can open.",
        solution:
          "Classification finds ID numbers and names in each scan, tokenizes them and stores the original in the vault. Verifiers open a document only with a just-in-time grant.",
        outcome: "Identity documents leave open storage, and every view of one is on record.",
      },
      {
        title: "Recipient Addresses in Route Planning",
        challenge:
          "Dispatch and demand planning need locations, not identities. Exports for routing still carry names, phone numbers and flat numbers.",
        example:
          "A delivery platform's dispatch team exports tomorrow's orders to a routing tool, with recipient names, phones and full addresses.",
        solution:
          "Veilvault tokenizes names, phone numbers and house details before the export and leaves the locality and pin code in clear for the routing engine.",
        outcome: "Routes get planned on the data they need, without a list of who lives where.",
      },
      {
        title: "Proof of Delivery Photos",
        challenge:
          "Doorstep photos settle disputes, but they often capture a shipping label with the recipient's name and phone number.",
        example:
          "A courier photographs a parcel at the door, and the image shows the label with the recipient's full name and mobile number.",
        solution:
          "Image classification finds the text on the label and tokenizes or masks it in the stored copy. The original photo stays encrypted in the vault for disputes.",
        outcome: "Support settles a missed-delivery claim without the photo exposing who lives there.",
      },
      {
        title: "Refund Abuse Across Linked Accounts",
        challenge:
          "Fraud checks must link accounts, devices and phone numbers. Giving analysts raw identifiers to do it creates a new exposure.",
        example:
          "A fraud analyst suspects that one phone number sits behind dozens of new customer accounts that keep claiming refunds.",
        solution:
          "Deterministic tokens give the same number the same token in every table, so the fraud model links the accounts and scores risk on de-identified records.",
        outcome: "The fraud team acts on linked evidence and reveals an identity only when a case needs it.",
      },
      {
        title: "Rider Payouts and Bank Details",
        challenge:
          "Payout operations handle bank account numbers and UPI IDs for a large, changing workforce. Spreadsheets and exports multiply the copies.",
        example:
          "A finance team reconciles weekly rider payouts in a spreadsheet that lists every rider's bank account number and UPI ID.",
        solution:
          "Bank details are stored as format-preserving tokens. The payout service detokenizes them at transfer time, and no other system holds the originals.",
        outcome: "Reconciliation runs on tokens, and a leaked spreadsheet exposes no one's bank account.",
      },
    ],
  },
  {
    id: "healthcare",
    label: "Healthcare",
    summary:
      "For hospitals and health-tech teams moving PHI between clinical, billing, research and AI systems under HIPAA and DPDP.",
    cards: [
      {
        title: "Identifiers Buried in Clinical Notes",
        challenge:
          "Narrative notes mention patients, relatives and contact details in free text. Manual redaction before review is slow and misses things.",
        example:
          "A hospital's quality team needs a year of discharge summaries for review, and each one names the patient, a relative and a phone number.",
        solution:
          "Classification finds names, MRNs, phone numbers and dates in the text and tokenizes each in place. The original note is stored encrypted in the vault.",
        outcome: "Reviewers read PHI-free notes, with a 75% reduction in manual classification overhead.",
      },
      {
        title: "EHR Exports to Billing and the Warehouse",
        challenge:
          "Scheduled EHR extracts carry full patient demographics to billing, reporting and analytics systems that do not need them all.",
        example:
          "A hospital group sends a nightly EHR extract to its billing vendor and its cloud warehouse, each with full patient demographics.",
        solution:
          "The extract passes through the API or a prebuilt connector, which tokenizes PHI fields with consistent tokens, so records still link across systems.",
        outcome: "Downstream systems get the records they need, and PHI stays in one encrypted vault.",
      },
      {
        title: "Lab Reports Shared as PDFs",
        challenge:
          "Lab results travel as PDFs to portals and referring doctors. Each file carries identity and results together.",
        example:
          "A diagnostic lab uploads reports to a partner portal, each PDF showing the patient's name, age, phone number and test results.",
        solution:
          "Veilvault scans each PDF and tokenizes the identifiers while the results stay readable. The referring doctor's role allows a full reveal; the portal's analytics do not.",
        outcome: "Results reach the right clinician, and the portal stores no identifiable reports.",
      },
      {
        title: "Minimum Necessary Access in the Claims Queue",
        challenge:
          "Claims work needs diagnoses and policy numbers, but not every clerk needs every patient's identity.",
        example:
          "A hospital billing desk prepares insurance claims in a shared queue where every clerk sees names, diagnoses and policy numbers.",
        solution:
          "Attribute-based policies reveal a patient's identity only to the clerk assigned to that claim. Everyone else sees tokens, and each reveal is logged.",
        outcome: "HIPAA's minimum necessary standard becomes a rule the system enforces, not a line in a training deck.",
      },
      {
        title: "Telehealth Transcripts and AI Visit Summaries",
        challenge:
          "Teams want an LLM to draft visit summaries from consultation transcripts, which are full of names, symptoms and contact details.",
        example:
          "A telehealth startup plans to send consultation transcripts to a hosted model to draft notes for its doctors.",
        solution:
          "Identifiers in each transcript are tokenized before the prompt leaves your systems. The draft summary re-reveals them only for the treating doctor.",
        outcome: "Doctors get AI-drafted summaries, and the model never receives patient identities.",
      },
      {
        title: "De-identified Research Datasets",
        challenge:
          "Outcome studies need the same patient's records linked across visits. Handing researchers names or MRNs to do it is more than the study needs.",
        example:
          "A research team studying diabetes outcomes needs lab values across several years of visits for the same patients, but not who they are.",
        solution:
          "Deterministic tokens link each patient's visits without names or MRNs. The way back to an identity stays in the vault, behind a policy the research role does not meet.",
        outcome: "Researchers follow patients over time while identities stay out of the dataset.",
      },
    ],
  },
  {
    id: "rso",
    label: "RSO",
    summary:
      "For risk and security operations teams who run incident response, access reviews, investigations and audits.",
    cards: [
      {
        title: "Scoping a Breach From the Access Log",
        challenge:
          "After an incident, the first question is whose data was exposed. Without an access record, teams assume the worst and notify everyone.",
        example:
          "An attacker uses a stolen service credential against a support application for several hours before it is revoked.",
        solution:
          "The application's database held tokens, not values. The tamper-evident log lists every detokenize call that credential made, record by record.",
        outcome: "The team scopes the breach from evidence, which helps it meet GDPR's 72-hour notification window.",
      },
      {
        title: "Access Reviews Based on Actual Use",
        challenge:
          "Access reviews compare role lists against job titles. They rarely show who actually viewed sensitive data.",
        example:
          "A quarterly review lists which staff may read customer KYC data, but nobody can say who opened it in the last quarter.",
        solution:
          "The audit log records each reveal by person, role and purpose. Reviewers see real use next to granted permissions and remove what goes unused.",
        outcome: "Standing access shrinks based on evidence instead of guesswork.",
      },
      {
        title: "Break-Glass Access During an Outage",
        challenge:
          "Incidents sometimes need real customer data at once, and approval chains are too slow at night.",
        example:
          "During a payments outage at 3 a.m., an on-call engineer needs real customer records to trace failed transactions.",
        solution:
          "Break-glass access opens the needed records without waiting for approval, asks for a reason, and flags each reveal in the tamper-evident log for review.",
        outcome: "The outage gets fixed, and every emergency reveal is reviewed the next morning.",
      },
      {
        title: "Spotting Insider Misuse",
        challenge:
          "Insiders with legitimate access are hard to tell apart from insiders abusing it. Database reads leave little trace of who saw what.",
        example:
          "A support agent who usually opens a handful of profiles a shift starts revealing customer phone numbers in bulk.",
        solution:
          "Every reveal passes a policy check and is logged with the agent's identity, so the spike shows in the log. One policy change withdraws the agent's access.",
        outcome: "Misuse surfaces as evidence in the log, not as a surprise in a breach report.",
      },
      {
        title: "Audit Evidence on Request",
        challenge:
          "Regulators and auditors ask who accessed which data and under what authority. Answers often come from screenshots and memory.",
        example:
          "An auditor asks a fintech to show who accessed customer KYC data over the last quarter, and under which policy.",
        solution:
          "The immutable audit log answers directly: each entry names the requester, the record, the policy that allowed it and the time.",
        outcome: "Evidence comes from one verifiable record, for 90% faster regulatory reporting and auditing.",
      },
      {
        title: "SOC 2 Evidence for Data Access Controls",
        challenge:
          "A SOC 2 audit asks whether access controls on customer data were designed well and operated throughout the period.",
        example:
          "A SaaS company preparing for a SOC 2 Type II audit must show that only approved roles read customer records all year.",
        solution:
          "Access policies, just-in-time grants and the tamper-evident log come from one system, so the auditor sees the control and its operation side by side.",
        outcome: "Controls that touch sensitive data arrive at the audit with their evidence attached.",
      },
      {
        title: "Time-Bound Access for Vendors and Contractors",
        challenge:
          "Third parties often get broad, open-ended access to finish a narrow task. That access outlives the contract.",
        example:
          "An outsourced collections agency needs borrower phone numbers for one campaign, and nothing else in the record.",
        solution:
          "The agency's service account gets a just-in-time grant scoped to the campaign's fields, ending when the campaign does. Other fields return tokens.",
        outcome: "Vendors see what the contract covers, and their access ends when the work does.",
      },
      {
        title: "Log Forensics Without PII in the Logs",
        challenge:
          "Application logs collect personal data over time. The log platform becomes a breach risk and is hard to share with outside responders.",
        example:
          "Investigators tracing an API abuse pattern find raw emails and phone numbers throughout months of application logs.",
        solution:
          "Applications log tokens instead of values, so responders can search and correlate events by customer. Seeing the real value takes a policy check.",
        outcome: "Logs become safe to share with responders, and tokens still tie events to the same person.",
      },
      {
        title: "Case-Bound Fraud Investigations",
        challenge:
          "Fraud investigators need to trace links between applications, accounts and devices without browsing identities that are not part of a case.",
        example:
          "A lender's fraud team traces a ring of loan applications that share bank accounts under different names.",
        solution:
          "Consistent tokens link the shared accounts, and fraud risk scoring runs on de-identified records. Investigators reveal identities only for cases they open.",
        outcome: "Investigations move on linked evidence, and each reveal is tied to a case.",
      },
      {
        title: "DPIA Support for New Processing",
        challenge:
          "A DPIA asks what personal data a project touches and which safeguards reduce the risk. Teams often answer from diagrams drawn from memory.",
        example:
          "A DPO reviewing a new marketing analytics project must assess which personal data it will use and how exposure is limited.",
        solution:
          "Classification maps the sensitive fields in the project's sources, and Veilvault's policies and logs document the safeguards applied to each one.",
        outcome: "The DPIA cites real data flows and enforced controls, not assumptions.",
      },
      {
        title: "Oversight of AI Agents That Touch Customer Data",
        challenge:
          "Internal AI agents call tools and fetch records on their own. Security teams need to know what each agent saw and why.",
        example:
          "A ticket-triage agent starts requesting full customer addresses for tickets that only concern billing.",
        solution:
          "Each agent has its own identity and purpose-bound policy. Requests outside that purpose return tokens, and every request lands in the tamper-evident log.",
        outcome: "Agents work within a defined purpose, and their data access is as reviewable as a person's.",
      },
    ],
  },
];

export const useCasesClosing: { heading: string; text: string } = {
  heading: "Start With the Use Case That Worries You Most",
  text: "Book a free 30-minute demo call. Bring one data flow and we will show where tokens, policy checks and audit logs fit into it.",
};
