/**
 * Constants fixed by SPEC.md (section 9 unless noted), in its wording.
 * Components import these instead of repeating the numbers.
 */

/** "Hover opens one immediately and closes it after a 180 ms delay." */
export const DROPDOWN_CLOSE_DELAY_MS = 180;
/** "Use Cases dropdown width 700 px, Company dropdown width 300 px." */
export const USE_CASES_DROPDOWN_WIDTH_PX = 700;
export const COMPANY_DROPDOWN_WIDTH_PX = 300;
/** "Demo button 186x46 px." */
export const DEMO_BUTTON_SIZE_PX = { width: 186, height: 46 } as const;
/** "Demo call: 30 minutes, free." */
export const DEMO_CALL_MINUTES = 30;
/** "FAQ default open index: 0." */
export const FAQ_DEFAULT_OPEN_INDEX = 0;
/** "Hero fade-in 0.8 seconds." */
export const HERO_FADE_IN_SECONDS = 0.8;
/** "Carousel: 5 images, 3000 ms interval." */
export const CAROUSEL_IMAGE_COUNT = 5;
export const CAROUSEL_INTERVAL_MS = 3000;
/** "Cookie consent values: 'true' and 'false'." Key name from section 3. */
export const COOKIE_CONSENT_KEY = "cookie-consent";
export const COOKIE_CONSENT_ACCEPTED = "true";
export const COOKIE_CONSENT_REJECTED = "false";
/** "Marketing figures" (SPEC.md section 9), split into number and words as statistics show them. */
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
