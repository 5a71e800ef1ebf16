import { DELIVERED_JOB_RETENTION_MS } from "./outbox-records.ts";
import type { RetentionCutoffs } from "./store.ts";
import { CONFIRMATION_VALID_MS } from "../lib/link-tokens.ts";

/** How long leads are kept (LEAD_RETENTION_DAYS; the privacy policy states 365 days). */
export const DEFAULT_LEAD_RETENTION_DAYS = 365;

/**
 * Leads flagged as spam (LEAD_SPAM_RETENTION_DAYS): long enough to find a
 * real lead the filter caught, not a year of a bot's payloads.
 */
export const DEFAULT_SPAM_RETENTION_DAYS = 30;

/**
 * Trust Center requests, with their accepted terms and download records
 * (TRUST_RETENTION_DAYS): the terms bind a reader for a year from each
 * download, and a download link works for a week after approval, so two
 * years keeps the record for as long as a question about it can arise.
 */
export const DEFAULT_TRUST_RETENTION_DAYS = 730;

/**
 * The console's audit log (OPS-3): append-only, and kept 400 days, so a
 * year's review of who did what, and the weeks after it, can still read it.
 */
export const AUDIT_RETENTION_DAYS = 400;

/** How often the running server applies retention, besides at every start. */
export const RETENTION_EVERY_MS = 60 * 60 * 1000;

const DAY_MS = 24 * 60 * 60 * 1000;

export interface RetentionPolicy {
  leadDays: number;
  spamLeadDays: number;
  trustRequestDays: number;
}

/** Leads that arrived before this moment are past retention. */
export function retentionCutoff(now: Date, retentionDays: number): Date {
  return new Date(now.getTime() - retentionDays * DAY_MS);
}

/**
 * Everything retention deletes at `now` (requirements LEAD-18, LEAD-28):
 * leads past their days, sign-ups never confirmed once their link expired
 * (72 hours), Trust Center requests past theirs, and delivered jobs after a week.
 */
export function retentionCutoffs(now: Date, policy: RetentionPolicy): RetentionCutoffs {
  return {
    leadsBefore: retentionCutoff(now, policy.leadDays),
    spamLeadsBefore: retentionCutoff(now, Math.min(policy.spamLeadDays, policy.leadDays)),
    unconfirmedBefore: new Date(now.getTime() - CONFIRMATION_VALID_MS),
    trustRequestsBefore: retentionCutoff(now, policy.trustRequestDays),
    deliveredJobsBefore: new Date(now.getTime() - DELIVERED_JOB_RETENTION_MS),
    auditBefore: retentionCutoff(now, AUDIT_RETENTION_DAYS),
  };
}
