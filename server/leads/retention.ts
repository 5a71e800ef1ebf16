/** How long leads are kept (LEAD_RETENTION_DAYS; the privacy policy states 365 days). */
export const DEFAULT_LEAD_RETENTION_DAYS = 365;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Leads that arrived before this moment are past retention. */
export function retentionCutoff(now: Date, retentionDays: number): Date {
  return new Date(now.getTime() - retentionDays * DAY_MS);
}
