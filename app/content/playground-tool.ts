import type { FindingType } from "../lib/playground/detectors.ts";
import type { Role } from "../lib/playground/policy.ts";
import type { TokenMode } from "../lib/playground/tokens.ts";
import { words } from "./interface-words.ts";

/**
 * The labels of the playground's tool (PLAY-4 to PLAY-8), by the tool's own
 * keys; the words are in content/interface.yaml (`playground`), put in place at
 * build. Only the tool's own chunk imports this, so its words download with it
 * and with nothing else.
 */

export const findingLabels: Readonly<Record<FindingType, string>> = {
  card: words("playground.findings.card"),
  aadhaar: words("playground.findings.aadhaar"),
  iban: words("playground.findings.iban"),
  ssn: words("playground.findings.ssn"),
  phone: words("playground.findings.phone"),
  email: words("playground.findings.email"),
  pan: words("playground.findings.pan"),
  ipv4: words("playground.findings.ipAddress"),
  ipv6: words("playground.findings.ipAddress"),
  dob: words("playground.findings.dob"),
  name: words("playground.findings.name"),
};

export const roleCopy: Readonly<Record<Role, { label: string; sees: string }>> = {
  "support-agent": { label: words("playground.roles.supportAgent"), sees: words("playground.roles.supportAgentSees") },
  analyst: { label: words("playground.roles.analyst"), sees: words("playground.roles.analystSees") },
  "privacy-officer": { label: words("playground.roles.privacyOfficer"), sees: words("playground.roles.privacyOfficerSees") },
  "break-glass": { label: words("playground.roles.breakGlass"), sees: words("playground.roles.breakGlassSees") },
};

export const modeCopy: Readonly<Record<TokenMode, { label: string; note: string }>> = {
  random: { label: words("playground.modes.random"), note: words("playground.modes.randomNote") },
  deterministic: { label: words("playground.modes.deterministic"), note: words("playground.modes.deterministicNote") },
};

export const playgroundText = {
  toolLabel: words("playground.toolLabel"),
  step1: words("playground.step1"),
  samplesLabel: words("playground.samplesLabel"),
  textLabel: words("playground.textLabel"),
  textHint: words("playground.textHint"),
  roleChanged: (role: string) => words("playground.roleChanged", { role }),
  textAtLimit: words("playground.textAtLimit"),
  found: words("playground.found"),
  nothingFound: words("playground.nothingFound"),
  step2: words("playground.step2"),
  tokenize: words("playground.tokenize"),
  carryLabel: words("playground.carryLabel"),
  carried: words("playground.carried"),
  step3: words("playground.step3"),
  roleLabel: words("playground.roleLabel"),
  purposeLabel: words("playground.purposeLabel"),
  purposeHint: words("playground.purposeHint"),
  reasonLabel: words("playground.reasonLabel"),
  reasonHint: words("playground.reasonHint"),
  requestGrant: words("playground.requestGrant"),
  approvalPending: words("playground.approvalPending"),
  approvedBy: words("playground.approvedBy"),
  breakGlassOpened: words("playground.breakGlassOpened"),
  grantLasts: words("playground.grantLasts"),
  grantCovers: (why: string) => words("playground.grantCovers", { why }),
  reveal: words("playground.reveal"),
  step4: words("playground.step4"),
  verify: words("playground.verify"),
  tamperLabel: words("playground.tamperLabel"),
  tamper: words("playground.tamper"),
  restore: words("playground.restore"),
  emptyLog: words("playground.emptyLog"),
  step5: words("playground.step5"),
  askModel: words("playground.askModel"),
  promptLabel: words("playground.promptLabel"),
  answerLabel: words("playground.answerLabel"),
  answerSeenLabel: words("playground.answerSeenLabel"),
  standInNote: words("playground.standInNote"),
};
