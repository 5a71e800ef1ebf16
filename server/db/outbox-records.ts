import { randomUUID } from "node:crypto";

/**
 * The transactional outbox (requirement LEAD-17): a lead or sign-up and the
 * jobs that will tell people about it are written in one transaction, and a
 * deliverer (server/delivery/deliverer.ts) sends the jobs afterwards. These
 * are its records as the store keeps them; server/outbox/ holds which jobs
 * each event writes and when a failed one is tried again. Delivery
 * is at least once: a job's id is stable across attempts, so a receiver can
 * drop a repeat.
 */

/**
 * Where a job goes: the sales inbox, the signed webhook, the person's own
 * inbox (a newsletter confirmation, a Trust Center decision), a Trust
 * Center approver's inbox, or an operator's (a console sign-in link).
 */
export type Channel = "sales-email" | "webhook" | "confirmation-email" | "approver-email" | "operator-email";

/** What happened: the webhook's `type`, and the kind of e-mail to write. */
export type OutboxEvent =
  | "lead.created"
  | "newsletter.signup"
  | "newsletter.confirmed"
  | "newsletter.unsubscribed"
  | "person.erased"
  | "trust.access_requested"
  | "trust.access_granted"
  | "trust.access_denied"
  /** An approver e-mail that waits for the approver's next digest (TRUST-6): one e-mail lists every request waiting. */
  | "trust.access_digest"
  | "console.sign_in";

export type JobStatus = "pending" | "delivered" | "dead";

/** A job to write with its lead or sign-up: the subject's id is filled in by the store. */
export interface NewJob {
  /** Given when the caller needs it first (a confirmation's links are derived from it); else the store makes one. */
  id?: string;
  channel: Channel;
  event: OutboxEvent;
  /** The one inbox a sales e-mail goes to: each inbox is its own job, delivered, retried and dead-lettered alone. */
  recipient?: string;
  /** What the job's message needs beyond its subject's row, never personal data (an erasure's ids). */
  payload?: Record<string, unknown>;
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
  recipient: string | null;
  payload: Record<string, unknown>;
}

/** A claimed job's end: sent, tried again at `retryAt` (an ISO time), or given up. */
export type JobOutcome = { status: "delivered" } | { status: "retry"; retryAt: string; error: string } | { status: "dead"; error: string };

/** Counts for operators (`npm run leads -- outbox`): no personal data. */
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

/** Delivered jobs are kept this long (for an operator looking into a delivery), then pruned. */
export const DELIVERED_JOB_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Confirmations go first (requirement LEAD-28): a person waiting for the link
 * they just asked for, or an approver's decision someone waits on, must not
 * queue behind a flood of leads. Lower is sooner.
 */
export function jobPriority(channel: Channel): number {
  return channel === "confirmation-email" || channel === "approver-email" || channel === "operator-email" ? 0 : 1;
}
