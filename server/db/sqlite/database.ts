import { randomUUID } from "node:crypto";
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync, type SQLInputValue, type StatementSync } from "node:sqlite";
import type { LeadBody } from "../../../common/lead-fields.ts";
import { jobPriority, newJobId, type Channel, type JobOutcome, type NewJob, type OutboxJob, type OutboxStats } from "../outbox-records.ts";
import { deliveredMailbox, inboxKey, mailboxDomain } from "../../lib/mailbox.ts";
import {
  insertLeadSql,
  leadBodyHash,
  leadTextValues,
  SIGN_UP_RESEND_MS,
  erasureTargets,
  storedError,
  toConsentEvent,
  toOutboxJob,
  toStoredLead,
  toStoredSubscriber,
  decidedBy,
  toStoredTrustRequest,
  toTrustDownloadRecord,
  trustDigestScope,
  type ErasureResult,
  type StoredTrustRequest,
  type SpentTrustLink,
  type TrustDownload,
  type TrustDownloadClaim,
  type TrustRequestResult,
  type TrustTarget,
  type LeadMeta,
  type LeadRow,
  type RetentionResult,
  type LinkResult,
  type SaveLeadResult,
  type SignUpResult,
  type CapHitCount,
  type DayCapHits,
  type StoredLead,
  type StoredSubscriber,
} from "../store.ts";
import { DROP_TRAFFIC_SALTS_SQL, TRAFFIC_TABLES_SQL } from "./traffic.ts";
import { CONSOLE_TABLES_SQL, SqliteConsole } from "./console.ts";
import { PACE_TABLES_SQL, SqlitePace } from "./pace.ts";
import { confirmationPaces } from "../mail-pace.ts";
import { outboxWithChannels } from "./outbox-table.ts";
import type { RetentionCall, SignUpCall, TrustDecisionCall, TrustRequestCall } from "./protocol.ts";
import { OPERATIONS, type OperationName } from "../operations.ts";
import { runSync, SQL } from "../query.ts";
import type { StoreOperation } from "../repositories/operation.ts";

export const DATABASE_FILE = "leads.sqlite";

/**
 * Schema changes, applied in order once each; a version is never edited after
 * it ships. A function runs in the migration's transaction with the
 * database's JavaScript helpers registered.
 */
export const MIGRATIONS: readonly (string | ((db: DatabaseSync) => void))[] = [
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
  // The second review (requirements LEAD-23 to LEAD-28): one canonical mailbox
  // per sign-up, its consent as append-only events, per-recipient and
  // prioritised jobs, and no raw link token anywhere. The tokens stored in
  // `secrets` until now are dropped, and every link made before is void: they
  // were readable in the file. The file is vacuumed afterwards (`compact`).
  (db) => {
    db.exec(`ALTER TABLE subscribers ADD COLUMN mailbox TEXT;
      ALTER TABLE subscribers ADD COLUMN inbox_key TEXT;
      ALTER TABLE subscribers ADD COLUMN domain TEXT;
      ALTER TABLE subscribers ADD COLUMN unsubscribe_expires_at TEXT;
      UPDATE subscribers SET mailbox = delivered_mailbox(email);
      UPDATE subscribers SET inbox_key = inbox_key(mailbox), domain = mailbox_domain(mailbox),
        confirm_token_hash = NULL, confirm_expires_at = NULL, unsubscribe_token_hash = NULL;
      CREATE INDEX subscribers_mailbox ON subscribers (mailbox);
      CREATE INDEX subscribers_inbox_key ON subscribers (inbox_key);
      CREATE INDEX subscribers_domain ON subscribers (domain);
      CREATE TABLE subscriber_events (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        subscriber_id TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('signed-up', 'confirmed', 'unsubscribed')),
        at TEXT NOT NULL,
        consent_version TEXT NOT NULL DEFAULT '',
        mailed INTEGER NOT NULL DEFAULT 0 CHECK (mailed IN (0, 1))
      );
      CREATE INDEX subscriber_events_subscriber ON subscriber_events (subscriber_id, seq);
      CREATE INDEX subscriber_events_kind_at ON subscriber_events (kind, at);
      CREATE TRIGGER subscriber_events_append_only BEFORE UPDATE ON subscriber_events
        BEGIN SELECT RAISE(ABORT, 'consent events are append-only'); END;
      INSERT INTO subscriber_events (subscriber_id, kind, at, consent_version)
        SELECT id, 'signed-up', COALESCE(signed_up_at, created_at), consent_version FROM subscribers;
      INSERT INTO subscriber_events (subscriber_id, kind, at) SELECT id, 'confirmed', confirmed_at FROM subscribers WHERE confirmed_at IS NOT NULL;
      INSERT INTO subscriber_events (subscriber_id, kind, at) SELECT id, 'unsubscribed', unsubscribed_at FROM subscribers WHERE unsubscribed_at IS NOT NULL;
      DELETE FROM outbox WHERE channel = 'confirmation-email' AND status <> 'delivered';
      ALTER TABLE outbox DROP COLUMN secrets;
      ALTER TABLE outbox ADD COLUMN recipient TEXT;
      ALTER TABLE outbox ADD COLUMN payload TEXT NOT NULL DEFAULT '{}';
      ALTER TABLE outbox ADD COLUMN priority INTEGER NOT NULL DEFAULT 1;
      UPDATE outbox SET priority = 0 WHERE channel = 'confirmation-email';
      DROP INDEX outbox_due;
      CREATE INDEX outbox_due ON outbox (status, priority, next_attempt_at);`);
  },
  // The Trust Center (requirements TRUST-4 to TRUST-7): requests, their links
  // as hashes only, every download, and the approvers' channel, which the
  // outbox's CHECK must name (SQLite changes a CHECK only by copying the table).
  `CREATE TABLE trust_requests (
     id TEXT PRIMARY KEY,
     created_at TEXT NOT NULL,
     name TEXT NOT NULL,
     email TEXT NOT NULL,
     mailbox TEXT NOT NULL,
     domain TEXT NOT NULL,
     company TEXT NOT NULL,
     role TEXT NOT NULL,
     documents TEXT NOT NULL,
     reason TEXT NOT NULL,
     nda_version TEXT NOT NULL,
     nda_hash TEXT NOT NULL,
     status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'denied', 'revoked')),
     decided_at TEXT,
     decided_by TEXT NOT NULL DEFAULT ''
   );
   CREATE INDEX trust_requests_created_at ON trust_requests (created_at);
   CREATE INDEX trust_requests_mailbox ON trust_requests (mailbox, created_at);
   CREATE INDEX trust_requests_domain ON trust_requests (domain, created_at);
   CREATE TABLE trust_links (
     token_hash TEXT PRIMARY KEY,
     request_id TEXT NOT NULL,
     purpose TEXT NOT NULL CHECK (purpose IN ('approve', 'deny', 'download')),
     document TEXT NOT NULL DEFAULT '',
     expires_at TEXT NOT NULL
   );
   CREATE INDEX trust_links_request ON trust_links (request_id);
   CREATE TABLE trust_downloads (
     seq INTEGER PRIMARY KEY AUTOINCREMENT,
     request_id TEXT NOT NULL,
     document TEXT NOT NULL,
     at TEXT NOT NULL
   );
   CREATE INDEX trust_downloads_request ON trust_downloads (request_id, seq);
   ${outboxWithChannels(["sales-email", "webhook", "confirmation-email", "approver-email"])}`,
  // Whose approver link decided a request (TRUST-5): kept beside each decision link's hash.
  "ALTER TABLE trust_links ADD COLUMN approver TEXT NOT NULL DEFAULT ''",
  // Cookieless traffic counts (ANA-2).
  TRAFFIC_TABLES_SQL,
  // The operator console: sign-in links, sessions, audit log, handled leads, and its e-mail channel (OPS-2, OPS-3).
  CONSOLE_TABLES_SQL,
  // Mailbox keys by LEAD-30's rule (NFC, ASCII letters lower-cased only): the
  // keys of the second review folded Unicode case, which joined lookalikes.
  `UPDATE subscribers SET mailbox = delivered_mailbox(email);
   UPDATE subscribers SET inbox_key = inbox_key(mailbox), domain = mailbox_domain(mailbox);
   UPDATE trust_requests SET mailbox = delivered_mailbox(email);
   UPDATE trust_requests SET domain = mailbox_domain(mailbox);`,
  // Paced mail, the limits reached, and an append-only audit log (LEAD-31, OPS-3, OPS-10).
  PACE_TABLES_SQL,
  // The day's visitor salt is derived from a key outside the database (ANA-2); the stored ones go.
  DROP_TRAFFIC_SALTS_SQL,
];

/**
 * From this version on, migrations leave raw secrets in free pages (link tokens,
 * then the days' visitor salts): the file is vacuumed once any of them has run.
 */
const VACUUM_AFTER_VERSION = 3;

const JOB_COLUMNS = "id, channel, event, subject_id, status, attempts, created_at, next_attempt_at, last_error, delivered_at, recipient, payload";
const HOUR_MS = 60 * 60 * 1000;

/** Every statement the store runs, prepared once when the database opens. */
function prepareStatements(db: DatabaseSync) {
  return {
    leadByKey: db.prepare("SELECT id, body_hash FROM leads WHERE idempotency_key = ?"),
    insertLead: db.prepare(insertLeadSql("sqlite")),
    // Legacy rows may share a mailbox: the latest sign-up speaks for it.
    subscriberByMailbox: db.prepare("SELECT id, status FROM subscribers WHERE mailbox = ? ORDER BY signed_up_at DESC LIMIT 1"),
    lastSignUpOfInbox: db.prepare(
      `SELECT MAX(e.at) AS at FROM subscriber_events e JOIN subscribers s ON s.id = e.subscriber_id
       WHERE s.inbox_key = ? AND e.kind = 'signed-up'`,
    ),
    insertSubscriber: db.prepare(
      `INSERT INTO subscribers (id, email, mailbox, inbox_key, domain, consent_version, created_at, signed_up_at, status,
         confirm_token_hash, confirm_expires_at, unsubscribe_token_hash, unsubscribe_expires_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?, ?)`,
    ),
    // Earlier confirmations and withdrawals stay in subscriber_events.
    renewSubscriber: db.prepare(
      `UPDATE subscribers SET email = ?, consent_version = ?, signed_up_at = ?, status = 'pending',
         confirm_token_hash = ?, confirm_expires_at = ?, unsubscribe_token_hash = ?, unsubscribe_expires_at = ?
       WHERE id = ?`,
    ),
    // A newer confirmation e-mail replaces one not yet sent, whose links no longer work.
    dropUnsentConfirmations: db.prepare("DELETE FROM outbox WHERE subject_id = ? AND channel = 'confirmation-email' AND status = 'pending'"),
    insertEvent: db.prepare("INSERT INTO subscriber_events (subscriber_id, kind, at, consent_version, mailed) VALUES (?, ?, ?, ?, ?)"),
    eventsOf: db.prepare("SELECT kind, at, consent_version FROM subscriber_events WHERE subscriber_id = ? ORDER BY seq"),
    confirmSubscriber: db.prepare(
      `UPDATE subscribers SET status = 'confirmed', confirmed_at = ?, confirm_token_hash = NULL, confirm_expires_at = NULL
       WHERE confirm_token_hash = ? AND status = 'pending' AND confirm_expires_at > ? RETURNING id`,
    ),
    subscriberByUnsubscribeToken: db.prepare("SELECT id, status FROM subscribers WHERE unsubscribe_token_hash = ? AND unsubscribe_expires_at > ?"),
    unsubscribe: db.prepare(
      "UPDATE subscribers SET status = 'unsubscribed', unsubscribed_at = ?, confirm_token_hash = NULL, confirm_expires_at = NULL WHERE id = ?",
    ),
    leadById: db.prepare("SELECT * FROM leads WHERE id = ?"),
    subscriberById: db.prepare("SELECT * FROM subscribers WHERE id = ?"),
    leadsSince: db.prepare("SELECT * FROM leads WHERE created_at >= ? ORDER BY created_at, id"),
    subscribersSince: db.prepare("SELECT * FROM subscribers WHERE created_at >= ? ORDER BY created_at, id"),
    pruneLeadJobs: db.prepare("DELETE FROM outbox WHERE subject_id IN (SELECT id FROM leads WHERE created_at < ? OR (spam = 1 AND created_at < ?))"),
    pruneLeads: db.prepare("DELETE FROM leads WHERE created_at < ?"),
    pruneSpamLeads: db.prepare("DELETE FROM leads WHERE spam = 1 AND created_at < ?"),
    unconfirmedBefore: db.prepare(
      `SELECT id FROM subscribers s WHERE status = 'pending' AND signed_up_at < ?
         AND NOT EXISTS (SELECT 1 FROM subscriber_events e WHERE e.subscriber_id = s.id AND e.kind = 'confirmed')`,
    ),
    pruneDeliveredJobs: db.prepare("DELETE FROM outbox WHERE status = 'delivered' AND delivered_at < ?"),
    allLeadAddresses: db.prepare("SELECT id, email FROM leads"),
    allSubscriberAddresses: db.prepare("SELECT id, email, mailbox FROM subscribers"),
    deleteJobsOf: db.prepare("DELETE FROM outbox WHERE subject_id = ?"),
    deleteEventsOf: db.prepare("DELETE FROM subscriber_events WHERE subscriber_id = ?"),
    deleteLead: db.prepare("DELETE FROM leads WHERE id = ?"),
    deleteSubscriber: db.prepare("DELETE FROM subscribers WHERE id = ?"),
    insertJob: db.prepare(
      "INSERT INTO outbox (id, channel, event, subject_id, recipient, payload, priority, created_at, next_attempt_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
    ),
    claimJobs: db.prepare(
      `UPDATE outbox SET attempts = attempts + 1, locked_until = ?1
       WHERE id IN (
         SELECT id FROM outbox
         WHERE status = 'pending' AND next_attempt_at <= ?2 AND (locked_until IS NULL OR locked_until <= ?2)
           AND channel IN (SELECT value FROM json_each(?3))
         ORDER BY priority, next_attempt_at LIMIT ?4)
       RETURNING *`,
    ),
    claimDigestJobs: db.prepare(
      `UPDATE outbox SET attempts = attempts + 1, locked_until = ?1
       WHERE id IN (
         SELECT id FROM outbox
         WHERE recipient = ?3 AND event = 'trust.access_digest' AND channel = 'approver-email' AND status = 'pending'
           AND next_attempt_at <= ?2 AND (locked_until IS NULL OR locked_until <= ?2)
         ORDER BY next_attempt_at LIMIT ?4)
       RETURNING *`,
    ),
    jobDelivered: db.prepare("UPDATE outbox SET status = 'delivered', delivered_at = ?, locked_until = NULL, last_error = '' WHERE id = ?"),
    jobRetry: db.prepare("UPDATE outbox SET next_attempt_at = ?, locked_until = NULL, last_error = ? WHERE id = ? AND status = 'pending'"),
    jobDead: db.prepare("UPDATE outbox SET status = 'dead', locked_until = NULL, last_error = ? WHERE id = ? AND status = 'pending'"),
    outboxStats: db.prepare(
      `SELECT COALESCE(SUM(status = 'pending'), 0) AS pending, COALESCE(SUM(status = 'dead'), 0) AS dead,
         MIN(CASE WHEN status = 'pending' THEN created_at END) AS oldest FROM outbox`,
    ),
    jobsByStatus: db.prepare(`SELECT ${JOB_COLUMNS} FROM outbox WHERE status = ? ORDER BY created_at, id`),
    retryJob: db.prepare("UPDATE outbox SET status = 'pending', attempts = 0, next_attempt_at = ?, locked_until = NULL WHERE id = ? AND status <> 'delivered'"),
    retryDeadJobs: db.prepare("UPDATE outbox SET status = 'pending', attempts = 0, next_attempt_at = ?, locked_until = NULL WHERE status = 'dead'"),
    trustRequestsOfMailboxSince: db.prepare("SELECT COUNT(*) AS count FROM trust_requests WHERE mailbox = ? AND created_at > ?"),
    trustRequestsOfDomainSince: db.prepare("SELECT COUNT(*) AS count FROM trust_requests WHERE domain = ? AND created_at > ?"),
    trustRequestsSince: db.prepare("SELECT COUNT(*) AS count FROM trust_requests WHERE created_at > ?"),
    insertTrustRequest: db.prepare(
      `INSERT INTO trust_requests (id, created_at, name, email, mailbox, domain, company, role, documents, reason, nda_version, nda_hash)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    insertTrustLink: db.prepare("INSERT INTO trust_links (token_hash, request_id, purpose, document, approver, expires_at) VALUES (?, ?, ?, ?, ?, ?)"),
    pendingTrustRequestByLink: db.prepare(
      `SELECT r.id, r.documents, l.approver FROM trust_links l JOIN trust_requests r ON r.id = l.request_id
       WHERE l.token_hash = ? AND l.purpose = ? AND l.expires_at > ? AND r.status = 'pending'`,
    ),
    pendingTrustRequestById: db.prepare("SELECT id, documents, '' AS approver FROM trust_requests WHERE id = ? AND status = 'pending'"),
    decideTrustRequest: db.prepare("UPDATE trust_requests SET status = ?, decided_at = ?, decided_by = ? WHERE id = ? AND status = 'pending'"),
    deleteDecisionLinks: db.prepare("DELETE FROM trust_links WHERE request_id = ? AND purpose IN ('approve', 'deny')"),
    revokeTrustRequest: db.prepare("UPDATE trust_requests SET status = 'revoked', decided_at = ?, decided_by = 'command line' WHERE id = ? AND status = 'approved'"),
    deleteTrustLinksOf: db.prepare("DELETE FROM trust_links WHERE request_id = ?"),
    downloadLink: db.prepare(
      `SELECT l.document, r.* FROM trust_links l JOIN trust_requests r ON r.id = l.request_id
       WHERE l.token_hash = ? AND l.purpose = 'download' AND l.expires_at > ? AND r.status = 'approved'`,
    ),
    spendDownloadLink: db.prepare(
      `DELETE FROM trust_links WHERE token_hash = ? AND purpose = 'download' AND expires_at > ?
         AND request_id IN (SELECT id FROM trust_requests WHERE status = 'approved')
       RETURNING request_id, document, expires_at`,
    ),
    insertTrustDownload: db.prepare("INSERT INTO trust_downloads (request_id, document, at) VALUES (?, ?, ?) RETURNING seq"),
    deleteTrustDownload: db.prepare("DELETE FROM trust_downloads WHERE seq = ? AND request_id = ?"),
    restoreDownloadLink: db.prepare(
      `INSERT INTO trust_links (token_hash, request_id, purpose, document, approver, expires_at)
       SELECT ?, id, 'download', ?, '', ? FROM trust_requests WHERE id = ? AND status = 'approved'
       ON CONFLICT DO NOTHING`,
    ),
    trustDownloadsOf: db.prepare("SELECT document, at FROM trust_downloads WHERE request_id = ? ORDER BY seq"),
    trustRequestById: db.prepare("SELECT * FROM trust_requests WHERE id = ?"),
    trustRequestsCreatedSince: db.prepare("SELECT * FROM trust_requests WHERE created_at >= ? ORDER BY created_at, id"),
    trustRequestsBefore: db.prepare("SELECT id FROM trust_requests WHERE created_at < ?"),
    allTrustRequestAddresses: db.prepare("SELECT id, email, mailbox FROM trust_requests"),
    deleteTrustDownloadsOf: db.prepare("DELETE FROM trust_downloads WHERE request_id = ?"),
    deleteTrustRequest: db.prepare("DELETE FROM trust_requests WHERE id = ?"),
    ping: db.prepare("SELECT 1"),
    savepoint: db.prepare("SAVEPOINT store_call"),
    releaseSavepoint: db.prepare("RELEASE store_call"),
    rollbackToSavepoint: db.prepare("ROLLBACK TO store_call"),
  } satisfies Record<string, StatementSync>;
}

/** The JavaScript the migrations call from SQL. */
function registerFunctions(db: DatabaseSync): void {
  const text = (fn: (value: string) => string) => (value: unknown) => (typeof value === "string" ? fn(value) : null);
  db.function("delivered_mailbox", { deterministic: true }, text(deliveredMailbox));
  db.function("inbox_key", { deterministic: true }, text(inboxKey));
  db.function("mailbox_domain", { deterministic: true }, text(mailboxDomain));
  // SQLite's lower() folds ASCII only; searches fold case as JavaScript does, as PostgreSQL's lower() does (repositories/leads.ts).
  db.function("fold_case", { deterministic: true }, text((value) => value.toLowerCase()));
}

/** A query's parameters as node:sqlite binds them: it takes no booleans or dates. */
function bindable(parameters: readonly unknown[]): SQLInputValue[] {
  return parameters.map((value) => (typeof value === "boolean" ? (value ? 1 : 0) : value instanceof Date ? value.toISOString() : (value as SQLInputValue)));
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
  private readonly console: SqliteConsole;
  private readonly pace: SqlitePace;

  constructor(dataDir: string) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const file = join(dataDir, DATABASE_FILE);
    // Worker threads may not change the umask, so the file is created owner-only
    // before SQLite opens it; SQLite gives the -wal and -shm files the same mode.
    closeSync(openSync(file, "a", 0o600));
    this.db = new DatabaseSync(file);
    try {
      // secure_delete: a deleted row's bytes are overwritten, not left in free
      // space for anyone with a copy of the file (requirements LEAD-24, LEAD-25).
      this.db.exec(
        "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000; PRAGMA secure_delete = ON;",
      );
      registerFunctions(this.db);
      if (this.migrate() >= VACUUM_AFTER_VERSION) this.compact("vacuum");
      this.statements = prepareStatements(this.db);
      this.console = new SqliteConsole(this.db);
      this.pace = new SqlitePace(this.db);
    } catch (error) {
      this.db.close();
      throw error;
    }
    // Files from before this rule, or made under a looser mode, are tightened too.
    for (const suffix of ["", "-wal", "-shm"]) if (existsSync(file + suffix)) chmodSync(file + suffix, 0o600);
  }

  /** Runs an operation written with the query builder, in the worker's transaction. */
  operate(name: OperationName, args: unknown[]): unknown {
    const operation = OPERATIONS[name] as StoreOperation<unknown[], unknown>;
    return runSync(operation.run(SQL.sqlite, ...args), (compiled) => {
      const statement = this.db.prepare(compiled.sql);
      const parameters = bindable(compiled.parameters);
      if (statement.columns().length > 0) return { rows: statement.all(...parameters), changes: 0 };
      return { rows: [], changes: Number(statement.run(...parameters).changes) };
    });
  }

  /** Applies the migrations not yet applied; returns the first version it applied, or 0 when none was due. */
  private migrate(): number {
    this.db.exec("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)");
    const row = this.db.prepare("SELECT COALESCE(MAX(version), 0) AS version FROM schema_migrations").get() as { version: number };
    let first = 0;
    MIGRATIONS.forEach((migration, index) => {
      const version = index + 1;
      if (version <= row.version) return;
      first ||= version;
      this.begin("IMMEDIATE");
      try {
        if (typeof migration === "string") this.db.exec(migration);
        else migration(this.db);
        this.db.prepare("INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)").run(version, new Date().toISOString());
        this.commit();
      } catch (error) {
        this.rollback();
        throw error;
      }
    });
    return first;
  }

  /**
   * After a deletion, makes the deleted bytes unrecoverable from the files
   * too: "checkpoint" copies the WAL (which still holds the rows' earlier
   * versions) into the database and empties it; "vacuum" first rewrites the
   * whole file without free pages. Runs outside any transaction.
   */
  compact(mode: "vacuum" | "checkpoint"): void {
    if (mode === "vacuum") this.db.exec("VACUUM");
    this.db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
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

  /** Writes jobs about `subjectId`, due at `dueAt` (a paced e-mail's turn) or at once. */
  private insertJobs(jobs: readonly NewJob[], subjectId: string, now: string, dueAt = now): void {
    for (const job of jobs) {
      this.statements.insertJob.run(
        job.id ?? newJobId(),
        job.channel,
        job.event,
        subjectId,
        job.recipient ?? null,
        JSON.stringify(job.payload ?? {}),
        jobPriority(job.channel),
        now,
        dueAt,
      );
    }
  }

  /** Whether the inbox had a confirmation too recently for another (requirement LEAD-23). */
  private recentlyMailed(call: SignUpCall, key: string): boolean {
    const last = (this.statements.lastSignUpOfInbox.get(key) as { at: string | null }).at;
    return last !== null && Date.parse(call.now) - Date.parse(last) < SIGN_UP_RESEND_MS;
  }

  signUp(call: SignUpCall): SignUpResult {
    const existing = this.statements.subscriberByMailbox.get(call.mailbox) as { id: string; status: string } | undefined;
    if (existing?.status === "confirmed") return { id: existing.id, outcome: "already-confirmed" };
    const key = inboxKey(call.mailbox);
    const domain = mailboxDomain(call.mailbox);
    if (this.recentlyMailed(call, key)) return { outcome: "recently-queued", ...(existing ? { id: existing.id } : {}) };
    // Past a cap the e-mail waits its turn, and its links last as long from then (LEAD-31).
    const dueAt = call.jobs.length > 0 ? this.pace.slot(confirmationPaces(call.caps, domain), call.now) : call.now;
    const delay = Date.parse(dueAt) - Date.parse(call.now);
    const later = (iso: string) => new Date(Date.parse(iso) + delay).toISOString();
    const id = existing?.id ?? randomUUID();
    const links = [call.confirmTokenHash, later(call.confirmExpiresAt), call.unsubscribeTokenHash, later(call.unsubscribeExpiresAt)] as const;
    if (existing) {
      this.statements.renewSubscriber.run(call.email, call.consentVersion, call.now, ...links, id);
      this.statements.dropUnsentConfirmations.run(id);
    } else {
      this.statements.insertSubscriber.run(id, call.email, call.mailbox, key, domain, call.consentVersion, call.now, call.now, ...links);
    }
    this.statements.insertEvent.run(id, "signed-up", call.now, call.consentVersion, call.jobs.length > 0 ? 1 : 0);
    this.insertJobs(call.jobs, id, call.now, dueAt);
    return { id, outcome: "queued", ...(delay > 0 ? { pacedUntil: dueAt } : {}) };
  }

  /**
   * Marks the subscriber the link names (confirm or unsubscribe), records the
   * event and writes its jobs, or reports the link invalid. An unsubscribe
   * link that already did its work answers "done" again, changing nothing.
   */
  followLink(kind: "confirm" | "unsubscribe", tokenHash: string, now: string, jobs: readonly NewJob[]): LinkResult {
    let id: string;
    if (kind === "confirm") {
      const row = this.statements.confirmSubscriber.get(now, tokenHash, now) as { id: string } | undefined;
      if (!row) return { status: "invalid" };
      id = row.id;
    } else {
      const row = this.statements.subscriberByUnsubscribeToken.get(tokenHash, now) as { id: string; status: string } | undefined;
      if (!row) return { status: "invalid" };
      if (row.status === "unsubscribed") return { status: "done", id: row.id };
      id = row.id;
      this.statements.unsubscribe.run(now, id);
    }
    this.statements.insertEvent.run(id, kind === "confirm" ? "confirmed" : "unsubscribed", now, "", 0);
    this.insertJobs(jobs, id, now);
    return { status: "done", id };
  }

  getLead(id: string): StoredLead | undefined {
    const row = this.statements.leadById.get(id) as LeadRow | undefined;
    return row && toStoredLead(row);
  }

  private withHistory(row: Record<string, unknown>): StoredSubscriber {
    const events = this.statements.eventsOf.all(String(row.id)) as Record<string, unknown>[];
    return toStoredSubscriber(row, events.map(toConsentEvent));
  }

  getSubscriber(id: string): StoredSubscriber | undefined {
    const row = this.statements.subscriberById.get(id) as Record<string, unknown> | undefined;
    return row && this.withHistory(row);
  }

  /** `since` is an ISO time; the empty string lists everything. */
  listLeads(since: string): StoredLead[] {
    return (this.statements.leadsSince.all(since) as unknown as LeadRow[]).map(toStoredLead);
  }

  listSubscribers(since: string): StoredSubscriber[] {
    return (this.statements.subscribersSince.all(since) as Record<string, unknown>[]).map((row) => this.withHistory(row));
  }

  /** Deletes a subscriber with its history and jobs; the jobs deleted are counted. */
  private deleteSubscriberWhole(id: string): number {
    const jobs = Number(this.statements.deleteJobsOf.run(id).changes);
    this.statements.deleteEventsOf.run(id);
    this.statements.deleteSubscriber.run(id);
    return jobs;
  }

  /** Cutoffs are ISO times (RetentionCutoffs, as they cross to the worker). */
  applyRetention(cutoffs: RetentionCall): RetentionResult {
    this.statements.pruneLeadJobs.run(cutoffs.leadsBefore, cutoffs.spamLeadsBefore);
    const leads = Number(this.statements.pruneLeads.run(cutoffs.leadsBefore).changes);
    const spamLeads = Number(this.statements.pruneSpamLeads.run(cutoffs.spamLeadsBefore).changes);
    const unconfirmed = this.statements.unconfirmedBefore.all(cutoffs.unconfirmedBefore) as { id: string }[];
    for (const { id } of unconfirmed) this.deleteSubscriberWhole(id);
    const trustRequests = this.statements.trustRequestsBefore.all(cutoffs.trustRequestsBefore) as { id: string }[];
    for (const { id } of trustRequests) this.deleteTrustRequestWhole(id);
    const jobs = Number(this.statements.pruneDeliveredJobs.run(cutoffs.deliveredJobsBefore).changes);
    const auditEntries = this.console.forgetAudit(cutoffs.auditBefore);
    return { leads, spamLeads, unconfirmed: unconfirmed.length, trustRequests: trustRequests.length, jobs, auditEntries };
  }

  claimJobs(channels: readonly Channel[], limit: number, now: string, leaseUntil: string): OutboxJob[] {
    const rows = this.statements.claimJobs.all(leaseUntil, now, JSON.stringify(channels), limit) as Record<string, unknown>[];
    // RETURNING gives rows in no promised order: the sooner ones are sent first.
    return rows.map(toOutboxJob).sort((a, b) => jobPriority(a.channel) - jobPriority(b.channel));
  }

  claimDigestJobs(recipient: string, limit: number, now: string, leaseUntil: string): OutboxJob[] {
    const rows = this.statements.claimDigestJobs.all(leaseUntil, now, recipient, limit) as Record<string, unknown>[];
    return rows.map(toOutboxJob);
  }

  recordCapHits(day: string, counts: readonly CapHitCount[], keepFrom: string): void {
    this.pace.recordHits(day, counts, keepFrom);
  }

  listCapHits(fromDay: string): DayCapHits[] {
    return this.pace.hitsSince(fromDay);
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
    return (this.statements.jobsByStatus.all(dead ? "dead" : "pending") as Record<string, unknown>[]).map(toOutboxJob);
  }

  retryJobs(id: string | null, now: string): number {
    const result = id === null ? this.statements.retryDeadJobs.run(now) : this.statements.retryJob.run(now, id);
    return Number(result.changes);
  }

  /** Every row erasureTargets names, with their history and jobs; then the erasure's own jobs. */
  deleteByEmail(email: string, jobs: readonly NewJob[], now: string): ErasureResult {
    const erased = erasureTargets(
      email,
      this.statements.allLeadAddresses.all() as { id: string; email: string }[],
      this.statements.allSubscriberAddresses.all() as { id: string; email: string; mailbox: string | null }[],
      this.statements.allTrustRequestAddresses.all() as { id: string; email: string; mailbox: string }[],
      jobs,
    );
    const { leadIds, subscriberIds, trustRequestIds } = erased;
    let deletedJobs = 0;
    for (const id of leadIds) {
      deletedJobs += Number(this.statements.deleteJobsOf.run(id).changes);
      this.statements.deleteLead.run(id);
    }
    for (const id of subscriberIds) deletedJobs += this.deleteSubscriberWhole(id);
    for (const id of trustRequestIds) deletedJobs += this.deleteTrustRequestWhole(id);
    this.insertJobs(erased.jobs, randomUUID(), now);
    return { leads: leadIds.length, subscribers: subscriberIds.length, trustRequests: trustRequestIds.length, jobs: deletedJobs };
  }

  /** Deletes a Trust Center request with its links, downloads and jobs; the jobs deleted are counted. */
  private deleteTrustRequestWhole(id: string): number {
    const jobs = Number(this.statements.deleteJobsOf.run(id).changes);
    this.statements.deleteTrustLinksOf.run(id);
    this.statements.deleteTrustDownloadsOf.run(id);
    this.statements.deleteTrustRequest.run(id);
    return jobs;
  }

  private count(statement: StatementSync, ...values: string[]): number {
    return (statement.get(...values) as { count: number }).count;
  }

  saveTrustRequest(call: TrustRequestCall): TrustRequestResult {
    const domain = mailboxDomain(call.mailbox);
    const dayAgo = new Date(Date.parse(call.now) - 24 * HOUR_MS).toISOString();
    const hourAgo = new Date(Date.parse(call.now) - HOUR_MS).toISOString();
    // Past a cap the request is stored all the same; its approvers learn of it in their next digest (TRUST-6).
    const digest = trustDigestScope(
      {
        mailbox: this.count(this.statements.trustRequestsOfMailboxSince, call.mailbox, dayAgo),
        domain: this.count(this.statements.trustRequestsOfDomainSince, domain, hourAgo),
        total: this.count(this.statements.trustRequestsSince, hourAgo),
      },
      call.caps,
    );
    const id = randomUUID();
    const { body } = call;
    this.statements.insertTrustRequest.run(
      id,
      call.now,
      body.name,
      body.email,
      call.mailbox,
      domain,
      body.company,
      body.role,
      JSON.stringify(body.documents),
      body.reason,
      body.ndaVersion,
      call.ndaHash,
    );
    for (const link of call.decisionLinks) this.statements.insertTrustLink.run(link.tokenHash, id, link.decision, "", link.approver, call.decisionExpiresAt);
    if (!digest) {
      this.insertJobs(call.jobs, id, call.now);
      return { outcome: "queued", id };
    }
    for (const job of call.jobs) {
      if (job.channel === "approver-email" && job.recipient) this.insertJobs([{ ...job, event: "trust.access_digest" }], id, call.now, this.pace.digestSlot(job.recipient, call.now));
      else this.insertJobs([job], id, call.now);
    }
    return { outcome: "queued", id, digest };
  }

  trustDecisionTarget(target: TrustTarget, now: string): { id: string; documents: string[] } | undefined {
    const found = this.pendingTarget(target, now);
    return found && { id: found.id, documents: found.documents };
  }

  /** The pending request a link or id names, and the approver the link was sent to (empty for an id). */
  private pendingTarget(target: TrustTarget, now: string): { id: string; documents: string[]; approver: string } | undefined {
    const row = (
      "id" in target ? this.statements.pendingTrustRequestById.get(target.id) : this.statements.pendingTrustRequestByLink.get(target.tokenHash, target.decision, now)
    ) as { id: string; documents: string; approver: string } | undefined;
    return row && { id: row.id, documents: JSON.parse(row.documents) as string[], approver: row.approver };
  }

  decideTrustRequest(call: TrustDecisionCall): LinkResult {
    const found = this.pendingTarget(call.target, call.now);
    if (!found) return { status: "invalid" };
    this.statements.decideTrustRequest.run(call.outcome, call.now, decidedBy(call.decidedBy, found.approver), found.id);
    this.statements.deleteDecisionLinks.run(found.id);
    if (call.outcome === "approved") {
      for (const grant of call.grants) this.statements.insertTrustLink.run(grant.tokenHash, found.id, "download", grant.document, "", call.grantExpiresAt);
    }
    this.insertJobs(call.jobs, found.id, call.now);
    return { status: "done", id: found.id };
  }

  revokeTrustRequest(id: string, now: string): boolean {
    if (Number(this.statements.revokeTrustRequest.run(now, id).changes) === 0) return false;
    this.statements.deleteTrustLinksOf.run(id);
    return true;
  }

  private withDownloads(row: Record<string, unknown>): StoredTrustRequest {
    const downloads = this.statements.trustDownloadsOf.all(String(row.id)) as Record<string, unknown>[];
    return toStoredTrustRequest(row, downloads.map(toTrustDownloadRecord));
  }

  trustDownload(tokenHash: string, now: string): TrustDownload | undefined {
    const row = this.statements.downloadLink.get(tokenHash, now) as Record<string, unknown> | undefined;
    return row && { request: this.withDownloads(row), document: String(row.document) };
  }

  claimTrustDownload(tokenHash: string, now: string): TrustDownloadClaim | undefined {
    const spent = this.statements.spendDownloadLink.get(tokenHash, now) as { request_id: string; document: string; expires_at: string } | undefined;
    if (!spent) return undefined;
    const { seq } = this.statements.insertTrustDownload.get(spent.request_id, spent.document, now) as { seq: number };
    const row = this.statements.trustRequestById.get(spent.request_id) as Record<string, unknown>;
    return {
      request: this.withDownloads(row),
      document: spent.document,
      spent: { tokenHash, requestId: spent.request_id, document: spent.document, expiresAt: spent.expires_at, downloadSeq: seq },
    };
  }

  releaseTrustDownload(spent: SpentTrustLink): boolean {
    this.statements.deleteTrustDownload.run(spent.downloadSeq, spent.requestId);
    return Number(this.statements.restoreDownloadLink.run(spent.tokenHash, spent.document, spent.expiresAt, spent.requestId).changes) > 0;
  }

  getTrustRequest(id: string): StoredTrustRequest | undefined {
    const row = this.statements.trustRequestById.get(id) as Record<string, unknown> | undefined;
    return row && this.withDownloads(row);
  }

  listTrustRequests(since: string): StoredTrustRequest[] {
    return (this.statements.trustRequestsCreatedSince.all(since) as Record<string, unknown>[]).map((row) => this.withDownloads(row));
  }

  markLeadHandled(id: string, operator: string, now: string): boolean {
    return this.console.markLeadHandled(id, operator, now);
  }

  ping(): void {
    this.statements.ping.get();
  }

  close(): void {
    if (this.db.isOpen) this.db.close();
  }
}
