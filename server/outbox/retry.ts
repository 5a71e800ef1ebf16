/**
 * When the deliverer tries a job again (requirement LEAD-17): a claimed job is
 * reserved for a while, and a failed one is retried on a doubling schedule
 * until it is dead-lettered.
 */

/** How long a claimed job is reserved for its deliverer: beyond any send's own deadline, after which a crashed deliverer's job is taken up again. */
export const JOB_LEASE_MS = 60_000;

/** The delays between attempts: doubling from `baseMs` up to `capMs`, each varied by ±20 % so retries from many jobs spread out. */
export interface RetrySchedule {
  baseMs: number;
  capMs: number;
  maxAttempts: number;
}

/**
 * 30 s, 1 min, 2 min ... doubling to 2 h, then every 2 h: the twentieth
 * attempt falls about a day after the first, then the job is dead-lettered.
 */
export const DEFAULT_RETRY_SCHEDULE: RetrySchedule = { baseMs: 30_000, capMs: 2 * 60 * 60_000, maxAttempts: 20 };

/** When to try again after attempt `attempt` (1 for the first) failed, or undefined when it was the last. */
export function nextAttemptAt(schedule: RetrySchedule, attempt: number, now: Date, random: () => number = Math.random): Date | undefined {
  if (attempt >= schedule.maxAttempts) return undefined;
  const delay = Math.min(schedule.capMs, schedule.baseMs * 2 ** (attempt - 1));
  const jitter = 0.8 + 0.4 * random();
  return new Date(now.getTime() + Math.round(delay * jitter));
}
