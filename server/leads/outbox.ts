import { createHash, randomBytes, randomUUID } from "node:crypto";
import { CONFIRMATION_LINK_VALID_HOURS } from "../../common/newsletter-pages.ts";

/**
 * The transactional outbox (requirement LEAD-17): a lead or sign-up and the
 * jobs that will tell people about it are written in one transaction, and a
 * deliverer (server/delivery/deliverer.ts) sends the jobs afterwards. Delivery
 * is at least once: a job's id is stable across attempts, so a receiver can
 * drop a repeat.
 */

/** Where a job goes: the sales inbox, the signed webhook, or the subscriber's own inbox. */
export type Channel = "sales-email" | "webhook" | "confirmation-email";

/** What happened: the webhook's `type`, and the kind of e-mail to write. */
export type OutboxEvent = "lead.created" | "newsletter.signup" | "newsletter.confirmed" | "newsletter.unsubscribed";

export type JobStatus = "pending" | "delivered" | "dead";

/** A job to write with its lead or sign-up: the subject's id is filled in by the store. */
export interface NewJob {
  channel: Channel;
  event: OutboxEvent;
  /** What only this job needs and the database holds nowhere else (a confirmation link's tokens); cleared once sent. */
  secrets?: Record<string, string>;
}

/** A job as the store returns it: never the lead's personal data, only its id. */
export interface OutboxJob {
  id: string;
  channel: Channel;
  event: OutboxEvent;
  /** The lead's or the subscriber's id. */
  subjectId: string;
  status: JobStatus;
  /** Attempts started so far, this one included once claimed. */
  attempts: number;
  createdAt: string;
  nextAttemptAt: string;
  lastError: string;
  deliveredAt: string | null;
  secrets: Record<string, string>;
}

/** A claimed job's end: sent, tried again at `retryAt` (an ISO time), or given up. */
export type JobOutcome = { status: "delivered" } | { status: "retry"; retryAt: string; error: string } | { status: "dead"; error: string };

/** Counts for /healthz and `npm run leads -- outbox`: no personal data. */
export interface OutboxStats {
  pending: number;
  dead: number;
  /** Seconds since the oldest pending job was written; 0 when none is pending. */
  oldestPendingSeconds: number;
}

/** A new job's id: stable across attempts, the webhook's `webhook-id` and the e-mail's Message-ID. */
export function newJobId(): string {
  return `msg_${randomUUID().replaceAll("-", "")}`;
}

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

/** Delivered jobs are kept this long (for an operator looking into a delivery), then pruned. */
export const DELIVERED_JOB_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/** Single-use confirmation links last this long (72 hours). */
export const CONFIRMATION_VALID_MS = CONFIRMATION_LINK_VALID_HOURS * 60 * 60 * 1000;

/** A link token: 256 random bits, URL-safe. Only its hash is stored, so a copy of the database holds no working link. */
export function newLinkToken(): string {
  return randomBytes(32).toString("base64url");
}

export function tokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A token as it may arrive in a URL: 43 URL-safe characters; anything else is no token of ours. */
export function isWellFormedToken(token: unknown): token is string {
  return typeof token === "string" && /^[A-Za-z0-9_-]{43}$/.test(token);
}
