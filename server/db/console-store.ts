import type { NewJob } from "./outbox-records.ts";

/**
 * What the operator console keeps (requirements OPS-2, OPS-3): sign-in links
 * and sessions as hashes only, and an audit log of who did what. Part of the
 * lead store, so several instances share sessions through PostgreSQL.
 */

/** A sign-in link to store: its hash, its operator, and the job that mails it. */
export interface NewConsoleSignIn {
  id: string;
  operator: string;
  tokenHash: string;
  now: Date;
  expiresAt: Date;
  jobs: readonly NewJob[];
}

/** A session to open when a sign-in link is spent. */
export interface NewConsoleSession {
  idHash: string;
  /** When the session ends if unused: moved on by every request. */
  idleExpiresAt: Date;
  /** When it ends whatever happens. */
  expiresAt: Date;
}

export interface ConsoleAuditEntry {
  at: string;
  operator: string;
  /** What was done: "signed in", "viewed leads", "exported leads", "erased", "retried" … */
  action: string;
  /** What it was done to: ids and counts, never a person's details. */
  subject: string;
}

/** A page of the audit log: newest first, before entry `before` when given, of one operator or action when given. */
export interface AuditQuery {
  before?: number;
  operator?: string;
  action?: string;
  limit: number;
}

export interface AuditPage {
  entries: (ConsoleAuditEntry & { seq: number })[];
  /** Whether older entries match too. */
  more: boolean;
}
