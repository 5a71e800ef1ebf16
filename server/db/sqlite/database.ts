import { randomUUID } from "node:crypto";
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync, type SQLInputValue, type StatementSync } from "node:sqlite";
import { jobPriority, newJobId, type NewJob } from "../outbox-records.ts";
import { deliveredMailbox, inboxKey, mailboxDomain } from "../../lib/mailbox.ts";
import {
  decidedBy,
  toStoredTrustRequest,
  toTrustDownloadRecord,
  trustDigestScope,
  type StoredTrustRequest,
  type SpentTrustLink,
  type TrustDownload,
  type TrustDownloadClaim,
  type TrustRequestResult,
  type TrustTarget,
  type LinkResult,
} from "../store.ts";
import { SqlitePace } from "./pace.ts";
import type { TrustDecisionCall, TrustRequestCall } from "./protocol.ts";
import { OPERATIONS, type OperationName } from "../operations.ts";
import { runSync, SQL } from "../query.ts";
import { MIGRATIONS as ALL_MIGRATIONS } from "../migrations/index.ts";
import type { StoreOperation } from "../repositories/operation.ts";

export const DATABASE_FILE = "leads.sqlite";

/** This backend's side of each schema change (server/db/migrations/), applied in order once each. */
export const MIGRATIONS: readonly (string | ((db: DatabaseSync) => void))[] = ALL_MIGRATIONS.map((migration) => migration.sqlite);

/**
 * From this version on, migrations leave raw secrets in free pages (link tokens,
 * then the days' visitor salts): the file is vacuumed once any of them has run.
 */
const VACUUM_AFTER_VERSION = 3;

const HOUR_MS = 60 * 60 * 1000;

/** Every statement the store runs, prepared once when the database opens. */
function prepareStatements(db: DatabaseSync) {
  return {
    insertJob: db.prepare(
      "INSERT INTO outbox (id, channel, event, subject_id, recipient, payload, priority, created_at, next_attempt_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
    ),
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

  close(): void {
    if (this.db.isOpen) this.db.close();
  }
}
