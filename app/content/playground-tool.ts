import type { FindingType } from "../lib/playground/detectors.ts";
import type { Role } from "../lib/playground/policy.ts";
import type { TokenMode } from "../lib/playground/tokens.ts";

/**
 * The labels of the playground's tool (PLAY-4 to PLAY-8). Only the tool's own
 * chunk imports this, so its words download with it and with nothing else.
 */

export const findingLabels: Readonly<Record<FindingType, string>> = {
  card: "Card number",
  aadhaar: "Aadhaar",
  iban: "IBAN",
  ssn: "US SSN",
  phone: "Phone",
  email: "E-mail",
  pan: "PAN",
  ipv4: "IP address",
  ipv6: "IP address",
  dob: "Date of birth",
  name: "Name",
};

export const roleCopy: Readonly<Record<Role, { label: string; sees: string }>> = {
  "support-agent": { label: "Support agent", sees: "Masked values: enough to confirm the card ending 1111 with a caller." },
  analyst: { label: "Analyst", sees: "Tokens only: joins and counts work, values never appear." },
  "privacy-officer": { label: "Privacy officer", sees: "Full values, for a stated purpose, while a one-minute grant lasts." },
  "break-glass": { label: "Break-glass", sees: "Full values in an emergency, with a reason; every request is flagged for review." },
};

export const modeCopy: Readonly<Record<TokenMode, { label: string; note: string }>> = {
  random: {
    label: "Random tokens",
    note: "Drawn at random: nothing about the value can be worked out from the token, and the only way back is the vault.",
  },
  deterministic: {
    label: "Deterministic tokens",
    note: "The same value always gets the same token, so tables can still be joined and counted on it. The cost: equal values are visibly equal, and the key must be guarded like the data.",
  },
};

export const playgroundText = {
  toolLabel: "Tokenization playground",
  step1: "1. Paste text or pick a sample",
  samplesLabel: "Samples (fictional data only)",
  textLabel: "Text to scan",
  textHint: "Stays on this page. Up to 20,000 characters.",
  roleChanged: (role: string) => `Role changed to ${role}. What the previous role was shown is hidden; reveal again to see what this role may.`,
  textAtLimit: "The text is at its 20,000-character limit: anything pasted past it was left out and is not scanned.",
  found: "What was found",
  nothingFound: "Nothing that looks like personal data yet.",
  step2: "2. Tokenize",
  tokenize: "Tokenize",
  carryLabel: "Tokens to use in steps 3 and 5",
  carried: "used in steps 3 and 5",
  step3: "3. Choose a role and reveal",
  roleLabel: "Role",
  purposeLabel: "Purpose of the reveal",
  purposeHint: "Required for a privacy officer, for example: answering a data subject access request.",
  reasonLabel: "Reason for breaking the glass",
  reasonHint: "Required, and flagged for review, for example: fraud on the account right now.",
  requestGrant: "Request a one-minute grant",
  approvalPending: "Sent for approval to a second person, the data protection lead. This demo plays that person.",
  approvedBy: "Approved by the data protection lead, a second person played by this demo.",
  breakGlassOpened: "Opened at once, as an emergency must be, without approval; flagged for review.",
  grantLasts: "The grant lasts one minute.",
  grantCovers: (why: string) => `It covers: “${why}”.`,
  reveal: "Reveal",
  step4: "4. Audit log",
  verify: "Verify log",
  tamperLabel: "Entry to edit",
  tamper: "Edit this entry",
  restore: "Undo the edit",
  emptyLog: "Nothing has happened yet. Tokenize a text to start the log.",
  step5: "5. Private AI",
  askModel: "Ask the stand-in model",
  promptLabel: "The prompt as the model receives it",
  answerLabel: "The model's answer",
  answerSeenLabel: "The answer as your role sees it",
  standInNote: "Not a model: a handful of plain rules that answer in tokens, so nothing leaves this page.",
} as const;
