/**
 * Figures and counts the pages must show, as the tests expect them. They live
 * with the tests because no page reads them: the pages' own copy states them,
 * and these check that it does.
 */
/** "Use Cases dropdown width 700 px, Company dropdown width 300 px." */
export const USE_CASES_DROPDOWN_WIDTH_PX = 700;
export const COMPANY_DROPDOWN_WIDTH_PX = 300;
/** "Demo button 186x46 px." */
export const DEMO_BUTTON_SIZE_PX = { width: 186, height: 46 } as const;
/** "Marketing figures" (requirement FIG-1), split into number and words as statistics show them. */
export const MARKETING_FIGURES = [
  { percentage: "99.99%", description: "uptime SLA" },
  { percentage: "100%", description: "PII token coverage" },
  { percentage: "75%", description: "reduction in manual classification overhead" },
  { percentage: "60%", description: "lower data breach exposure" },
  { percentage: "90%", description: "faster regulatory reporting and auditing" },
  { percentage: "70%", description: "faster integration or deployment" },
  { percentage: "75%", description: "fewer unauthorized access incidents" },
] as const;
/** "Use-case tab card counts: 6, 6, 6 and 11." */
export const USE_CASE_TAB_CARD_COUNTS = { general: 6, porter: 6, healthcare: 6, rso: 11 } as const;
/** "SOC 2: 5 criteria, 2 report types, 12-month typical audit cycle. Type I takes 6-8 weeks and Type II 3-6 months." */
export const SOC2 = {
  criteria: ["Security", "Availability", "Processing Integrity", "Confidentiality", "Privacy"],
  reportTypes: 2,
  auditCycleMonths: 12,
  typeITimeline: "6-8 weeks",
  typeIITimeline: "3-6 months",
  capabilities: [
    "Automated Evidence Collection",
    "Control Monitoring",
    "Risk Assessment",
    "Vendor Management",
    "Policy Management",
    "Incident Response",
    "Audit Readiness",
    "Continuous Compliance",
  ],
} as const;
/** "The breach notification window stated in the GDPR copy is 72 hours." */
export const GDPR_BREACH_NOTIFICATION_HOURS = 72;
