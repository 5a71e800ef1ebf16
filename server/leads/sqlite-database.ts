import { randomUUID } from "node:crypto";
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync, type StatementSync } from "node:sqlite";
import type { LeadBody } from "../../common/lead-fields.ts";
import { newJobId, type Channel, type JobOutcome, type NewJob, type OutboxJob, type OutboxStats } from "./outbox.ts";
import {
  insertLeadSql,
  leadBodyHash,
  leadTextValues,
  SIGN_UP_RESEND_MS,
  storedError,
  toOutboxJob,
  toStoredLead,
  toStoredSubscriber,
  type LeadMeta,
  type LeadRow,
  type LinkResult,
  type SaveLeadResult,
  type SignUpResult,
  type StoredLead,
  type StoredSubscriber,
} from "./store.ts";
import type { SignUpCall } from "./sqlite-protocol.ts";

export const DATABASE_FILE = "leads.sqlite";

/** Schema changes, applied in order once each; a version is never edited after it ships. */
const MIGRATIONS: readonly string[] = [
  `CREATE TABLE leads (
     id TEXT PRIMARY KEY,
     created_at TEXT NOT NULL,
     first_name TEXT NOT NULL,
     last_name TEXT NOT NULL,
     email TEXT NOT NULL,
     company_name TEXT NOT NULL,
     contact_number TEXT NOT NULL,
     description TEXT NOT NULL,
     terms_accepted INTEGER NOT NULL CHECK (terms_accepted = 1),
     spam INTEGER NOT NULL DEFAULT 0 CHECK (spam IN (0, 1)),
     spam_reason TEXT NOT NULL DEFAULT '',
     idempotency_key TEXT UNIQUE,
     body_hash TEXT NOT NULL
   );
   CREATE INDEX leads_created_at ON leads (created_at);
   CREATE INDEX leads_email ON leads (email COLLATE NOCASE);
   CREATE TABLE subscribers (
     id TEXT PRIMARY KEY,
     email TEXT NOT NULL UNIQUE COLLATE NOCASE,
     consent_version TEXT NOT NULL,
     created_at TEXT NOT NULL
   );`,
  // Double opt-in and the outbox (requirements LEAD-16, LEAD-17). Sign-ups from
  // before it never confirmed their address, so they start out pending.
  `ALTER TABLE subscribers ADD COLUMN status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'confirmed', 'unsubscribed'));
   ALTER TABLE subscribers ADD COLUMN signed_up_at TEXT;
   ALTER TABLE subscribers ADD COLUMN confirmed_at TEXT;
   ALTER TABLE subscribers ADD COLUMN unsubscribed_at TEXT;
   ALTER TABLE subscribers ADD COLUMN confirm_token_hash TEXT;
   ALTER TABLE subscribers ADD COLUMN confirm_expires_at TEXT;
   ALTER TABLE subscribers ADD COLUMN unsubscribe_token_hash TEXT;
   UPDATE subscribers SET signed_up_at = created_at;
   CREATE UNIQUE INDEX subscribers_confirm_token ON subscribers (confirm_token_hash);
   CREATE UNIQUE INDEX subscribers_unsubscribe_token ON subscribers (unsubscribe_token_hash);
   CREATE TABLE outbox (
     id TEXT PRIMARY KEY,
     channel TEXT NOT NULL CHECK (channel IN ('sales-email', 'webhook', 'confirmation-email')),
     event TEXT NOT NULL,
     subject_id TEXT NOT NULL,
     secrets TEXT NOT NULL DEFAULT '{}',
     status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'dead')),
     attempts INTEGER NOT NULL DEFAULT 0,
     created_at TEXT NOT NULL,
     next_attempt_at TEXT NOT NULL,
     locked_until TEXT,
     last_error TEXT NOT NULL DEFAULT '',
     delivered_at TEXT
   );
   CREATE INDEX outbox_due ON outbox (status, next_attempt_at);
   CREATE INDEX outbox_subject ON outbox (subject_id);`,
];

const JOB_COLUMNS = "id, channel, event, subject_id, status, attempts, created_at, next_attempt_at, last_error, delivered_at";

/** Every statement the store runs, prepared once when the database opens. */
function prepareStatements(db: DatabaseSync) {
  return {
    leadByKey: db.prepare("SELECT id, body_hash FROM leads WHERE idempotency_key = ?"),
    insertLead: db.prepare(insertLeadSql("sqlite")),
    subscriberByEmail: db.prepare("SELECT id, status, signed_up_at FROM subscribers WHERE email = ?"),
    insertSubscriber: db.prepare(
      `INSERT INTO subscribers (id, email, consent_version, created_at, signed_up_at, status, confirm_token_hash, confirm_expires_at, unsubscribe_token_hash)
       VALUES (?, ?, ?, ?, ?, 'pending', ?, ?, ?)`,
    ),
    renewSubscriber: db.prepare(
      `UPDATE subscribers SET consent_version = ?, signed_up_at = ?, status = 'pending', confirmed_at = NULL, unsubscribed_at = NULL,
         confirm_token_hash = ?, confirm_expires_at = ?, unsubscribe_token_hash = ?
       WHERE id = ?`,
    ),
    confirmSubscriber: db.prepare(
      `UPDATE subscribers SET status = 'confirmed', confirmed_at = ?, confirm_token_hash = NULL, confirm_expires_at = NULL
       WHERE confirm_token_hash = ? AND status = 'pending' AND confirm_expires_at > ? RETURNING id`,
    ),
    unsubscribe: db.prepare(
      `UPDATE subscribers SET status = 'unsubscribed', unsubscribed_at = ?, confirm_token_hash = NULL, confirm_expires_at = NULL
       WHERE unsubscribe_token_hash = ? AND status <> 'unsubscribed' RETURNING id`,
    ),
    leadById: db.prepare("SELECT * FROM leads WHERE id = ?"),
    subscriberById: db.prepare("SELECT * FROM subscribers WHERE id = ?"),
    leadsSince: db.prepare("SELECT * FROM leads WHERE created_at >= ? ORDER BY created_at, id"),
    subscribersSince: db.prepare("SELECT * FROM subscribers WHERE created_at >= ? ORDER BY created_at, id"),
    pruneLeadJobs: db.prepare("DELETE FROM outbox WHERE subject_id IN (SELECT id FROM leads WHERE created_at < ?)"),
    pruneLeads: db.prepare("DELETE FROM leads WHERE created_at < ?"),
    pruneDeliveredJobs: db.prepare("DELETE FROM outbox WHERE status = 'delivered' AND delivered_at < ?"),
    deleteJobsByEmail: db.prepare(
      `DELETE FROM outbox WHERE subject_id IN (SELECT id FROM leads WHERE email = ?1 COLLATE NOCASE)
         OR subject_id IN (SELECT id FROM subscribers WHERE email = ?1)`,
    ),
    deleteLeadsByEmail: db.prepare("DELETE FROM leads WHERE email = ? COLLATE NOCASE"),
    deleteSubscribersByEmail: db.prepare("DELETE FROM subscribers WHERE email = ?"),
    insertJob: db.prepare(
      "INSERT INTO outbox (id, channel, event, subject_id, secrets, created_at, next_attempt_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
    ),
    claimJobs: db.prepare(
      `UPDATE outbox SET attempts = attempts + 1, locked_until = ?1
       WHERE id IN (
         SELECT id FROM outbox
         WHERE status = 'pending' AND next_attempt_at <= ?2 AND (locked_until IS NULL OR locked_until <= ?2)
           AND channel IN (SELECT value FROM json_each(?3))
         ORDER BY next_attempt_at LIMIT ?4)
       RETURNING *`,
    ),
    jobDelivered: db.prepare("UPDATE outbox SET status = 'delivered', delivered_at = ?, locked_until = NULL, secrets = '{}', last_error = '' WHERE id = ?"),
    jobRetry: db.prepare("UPDATE outbox SET next_attempt_at = ?, locked_until = NULL, last_error = ? WHERE id = ? AND status = 'pending'"),
    jobDead: db.prepare("UPDATE outbox SET status = 'dead', locked_until = NULL, last_error = ? WHERE id = ? AND status = 'pending'"),
    outboxStats: db.prepare(
      `SELECT COALESCE(SUM(status = 'pending'), 0) AS pending, COALESCE(SUM(status = 'dead'), 0) AS dead,
         MIN(CASE WHEN status = 'pending' THEN created_at END) AS oldest FROM outbox`,
    ),
    jobsByStatus: db.prepare(`SELECT ${JOB_COLUMNS} FROM outbox WHERE status = ? ORDER BY created_at, id`),
    retryJob: db.prepare("UPDATE outbox SET status = 'pending', attempts = 0, next_attempt_at = ?, locked_until = NULL WHERE id = ? AND status <> 'delivered'"),
    retryDeadJobs: db.prepare("UPDATE outbox SET status = 'pending', attempts = 0, next_attempt_at = ?, locked_until = NULL WHERE status = 'dead'"),
    ping: db.prepare("SELECT 1"),
    savepoint: db.prepare("SAVEPOINT store_call"),
    releaseSavepoint: db.prepare("RELEASE store_call"),
    rollbackToSavepoint: db.prepare("ROLLBACK TO store_call"),
  } satisfies Record<string, StatementSync>;
}

/**
 * The embedded database: one SQLite file under `dataDir`, readable by its owner
 * only, in WAL mode with synchronous=FULL so a commit survives power loss.
 * Synchronous (node:sqlite), so it runs only inside the store's worker thread
 * (sqlite-worker.ts); the methods do not open transactions of their own, the
 * worker wraps them (sqlite-batch.ts).
 */
export class LeadDatabase {
  private readonly db: DatabaseSync;
  private readonly statements: ReturnType<typeof prepareStatements>;

  constructor(dataDir: string) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const file = join(dataDir, DATABASE_FILE);
    // Worker threads may not change the umask, so the file is created owner-only
    // before SQLite opens it; SQLite gives the -wal and -shm files the same mode.
    closeSync(openSync(file, "a", 0o600));
    this.db = new DatabaseSync(file);
    try {
      this.db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;");
      this.migrate();
      this.statements = prepareStatements(this.db);
    } catch (error) {
      this.db.close();
      throw error;
    }
    // Files from before this rule, or made under a looser mode, are tightened too.
    for (const suffix of ["", "-wal", "-shm"]) if (existsSync(file + suffix)) chmodSync(file + suffix, 0o600);
  }

  private migrate(): void {
    this.db.exec("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)");
    const row = this.db.prepare("SELECT COALESCE(MAX(version), 0) AS version FROM schema_migrations").get() as { version: number };
    MIGRATIONS.forEach((sql, index) => {
      const version = index + 1;
      if (version <= row.version) return;
      this.begin("IMMEDIATE");
      try {
        this.db.exec(sql);
        this.db.prepare("INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)").run(version, new Date().toISOString());
        this.commit();
      } catch (error) {
        this.rollback();
        throw error;
      }
    });
  }

  /** IMMEDIATE takes the write lock up front, so a batch of writes never fails half-way on a lock upgrade. */
  begin(mode: "IMMEDIATE" | "DEFERRED"): void {
    this.db.exec(`BEGIN ${mode}`);
  }

  commit(): void {
    this.db.exec("COMMIT");
  }

  /** Undoes the open transaction, if SQLite has not already done so after an I/O or full-disk error. */
  rollback(): void {
    if (this.db.isTransaction) this.db.exec("ROLLBACK");
  }

  /** False once SQLite has rolled the transaction back by itself (it may, on SQLITE_FULL, SQLITE_IOERR, SQLITE_NOMEM). */
  get inTransaction(): boolean {
    return this.db.isTransaction;
  }

  /** Marks where one call of a batch starts, so that its changes alone can be undone. */
  savepoint(): void {
    this.statements.savepoint.run();
  }

  releaseSavepoint(): void {
    this.statements.releaseSavepoint.run();
  }

  /** Undoes the changes since `savepoint()` and keeps the transaction open for the calls after it. */
  rollbackToSavepoint(): void {
    this.statements.rollbackToSavepoint.run();
    this.statements.releaseSavepoint.run();
  }

  saveLead(lead: LeadBody, meta: LeadMeta): SaveLeadResult {
    const hash = leadBodyHash(lead);
    if (meta.idempotencyKey) {
      const existing = this.statements.leadByKey.get(meta.idempotencyKey) as { id: string; body_hash: string } | undefined;
      if (existing) return existing.body_hash === hash ? { status: "replayed", id: existing.id } : { status: "key-reused" };
    }
    const id = randomUUID();
    this.statements.insertLead.run(
      id,
      new Date().toISOString(),
      ...leadTextValues(lead),
      meta.spamReason ? 1 : 0,
      meta.spamReason ?? "",
      meta.idempotencyKey ?? null,
      hash,
    );
    this.insertJobs(meta.jobs ?? [], id, new Date().toISOString());
    return { status: "created", id };
  }

  private insertJobs(jobs: readonly NewJob[], subjectId: string, now: string): void {
    for (const job of jobs) {
      this.statements.insertJob.run(newJobId(), job.channel, job.event, subjectId, JSON.stringify(job.secrets ?? {}), now, now);
    }
  }

  signUp(call: SignUpCall): SignUpResult {
    const existing = this.statements.subscriberByEmail.get(call.email) as { id: string; status: string; signed_up_at: string } | undefined;
    if (existing?.status === "confirmed") return { id: existing.id, outcome: "already-confirmed" };
    if (existing?.status === "pending" && Date.parse(call.now) - Date.parse(existing.signed_up_at) < SIGN_UP_RESEND_MS) {
      return { id: existing.id, outcome: "recently-queued" };
    }
    const id = existing?.id ?? randomUUID();
    if (existing) {
      this.statements.renewSubscriber.run(call.consentVersion, call.now, call.confirmTokenHash, call.confirmExpiresAt, call.unsubscribeTokenHash, id);
    } else {
      this.statements.insertSubscriber.run(
        id,
        call.email,
        call.consentVersion,
        call.now,
        call.now,
        call.confirmTokenHash,
        call.confirmExpiresAt,
        call.unsubscribeTokenHash,
      );
    }
    this.insertJobs(call.jobs, id, call.now);
    return { id, outcome: "queued" };
  }

  /** Marks the subscriber the link names (confirm or unsubscribe) and writes its jobs, or reports the link invalid. */
  followLink(kind: "confirm" | "unsubscribe", tokenHash: string, now: string, jobs: readonly NewJob[]): LinkResult {
    const row = (
      kind === "confirm" ? this.statements.confirmSubscriber.get(now, tokenHash, now) : this.statements.unsubscribe.get(now, tokenHash)
    ) as { id: string } | undefined;
    if (!row) return { status: "invalid" };
    this.insertJobs(jobs, row.id, now);
    return { status: "done", id: row.id };
  }

  getLead(id: string): StoredLead | undefined {
    const row = this.statements.leadById.get(id) as LeadRow | undefined;
    return row && toStoredLead(row);
  }

  getSubscriber(id: string): StoredSubscriber | undefined {
    const row = this.statements.subscriberById.get(id) as Record<string, unknown> | undefined;
    return row && toStoredSubscriber(row);
  }

  /** `since` is an ISO time; the empty string lists everything. */
  listLeads(since: string): StoredLead[] {
    return (this.statements.leadsSince.all(since) as unknown as LeadRow[]).map(toStoredLead);
  }

  listSubscribers(since: string): StoredSubscriber[] {
    return (this.statements.subscribersSince.all(since) as Record<string, unknown>[]).map(toStoredSubscriber);
  }

  pruneLeads(cutoff: string): number {
    this.statements.pruneLeadJobs.run(cutoff);
    return Number(this.statements.pruneLeads.run(cutoff).changes);
  }

  pruneDeliveredJobs(cutoff: string): number {
    return Number(this.statements.pruneDeliveredJobs.run(cutoff).changes);
  }

  claimJobs(channels: readonly Channel[], limit: number, now: string, leaseUntil: string): OutboxJob[] {
    const rows = this.statements.claimJobs.all(leaseUntil, now, JSON.stringify(channels), limit) as Record<string, unknown>[];
    return rows.map((row) => toOutboxJob(row, true));
  }

  finishJob(id: string, outcome: JobOutcome, now: string): void {
    if (outcome.status === "delivered") this.statements.jobDelivered.run(now, id);
    else if (outcome.status === "retry") this.statements.jobRetry.run(outcome.retryAt, storedError(outcome.error), id);
    else this.statements.jobDead.run(storedError(outcome.error), id);
  }

  outboxStats(now: string): OutboxStats {
    const row = this.statements.outboxStats.get() as { pending: number; dead: number; oldest: string | null };
    const oldestPendingSeconds = row.oldest ? Math.max(0, Math.floor((Date.parse(now) - Date.parse(row.oldest)) / 1000)) : 0;
    return { pending: row.pending, dead: row.dead, oldestPendingSeconds };
  }

  listJobs(dead: boolean): OutboxJob[] {
    return (this.statements.jobsByStatus.all(dead ? "dead" : "pending") as Record<string, unknown>[]).map((row) => toOutboxJob(row, false));
  }

  retryJobs(id: string | null, now: string): number {
    const result = id === null ? this.statements.retryDeadJobs.run(now) : this.statements.retryJob.run(now, id);
    return Number(result.changes);
  }

  deleteByEmail(email: string): { leads: number; subscribers: number; jobs: number } {
    const jobs = Number(this.statements.deleteJobsByEmail.run(email).changes);
    return {
      leads: Number(this.statements.deleteLeadsByEmail.run(email).changes),
      subscribers: Number(this.statements.deleteSubscribersByEmail.run(email).changes),
      jobs,
    };
  }

  ping(): void {
    this.statements.ping.get();
  }

  close(): void {
    if (this.db.isOpen) this.db.close();
  }
}
