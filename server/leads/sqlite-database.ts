import { randomUUID } from "node:crypto";
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync, type StatementSync } from "node:sqlite";
import type { LeadBody } from "../../common/lead-fields.ts";
import { insertLeadSql, leadBodyHash, leadTextValues, toStoredLead, type LeadMeta, type LeadRow, type SaveLeadResult, type StoredLead, type StoredSubscriber } from "./store.ts";

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
];

/** Every statement the store runs, prepared once when the database opens. */
function prepareStatements(db: DatabaseSync) {
  return {
    leadByKey: db.prepare("SELECT id, body_hash FROM leads WHERE idempotency_key = ?"),
    insertLead: db.prepare(insertLeadSql("sqlite")),
    subscriberByEmail: db.prepare("SELECT id FROM subscribers WHERE email = ?"),
    insertSubscriber: db.prepare("INSERT INTO subscribers (id, email, consent_version, created_at) VALUES (?, ?, ?, ?)"),
    leadsSince: db.prepare("SELECT * FROM leads WHERE created_at >= ? ORDER BY created_at, id"),
    subscribersSince: db.prepare(
      `SELECT id, email, consent_version AS consentVersion, created_at AS createdAt
       FROM subscribers WHERE created_at >= ? ORDER BY created_at, id`,
    ),
    pruneLeads: db.prepare("DELETE FROM leads WHERE created_at < ?"),
    deleteLeadsByEmail: db.prepare("DELETE FROM leads WHERE email = ? COLLATE NOCASE"),
    deleteSubscribersByEmail: db.prepare("DELETE FROM subscribers WHERE email = ?"),
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
    return { status: "created", id };
  }

  saveSubscriber(email: string, consentVersion: string): { id: string; created: boolean } {
    const existing = this.statements.subscriberByEmail.get(email) as { id: string } | undefined;
    if (existing) return { id: existing.id, created: false };
    const id = randomUUID();
    this.statements.insertSubscriber.run(id, email, consentVersion, new Date().toISOString());
    return { id, created: true };
  }

  /** `since` is an ISO time; the empty string lists everything. */
  listLeads(since: string): StoredLead[] {
    return (this.statements.leadsSince.all(since) as unknown as LeadRow[]).map(toStoredLead);
  }

  listSubscribers(since: string): StoredSubscriber[] {
    return (this.statements.subscribersSince.all(since) as unknown as StoredSubscriber[]).map((row) => ({ ...row }));
  }

  pruneLeads(cutoff: string): number {
    return Number(this.statements.pruneLeads.run(cutoff).changes);
  }

  deleteByEmail(email: string): { leads: number; subscribers: number } {
    return {
      leads: Number(this.statements.deleteLeadsByEmail.run(email).changes),
      subscribers: Number(this.statements.deleteSubscribersByEmail.run(email).changes),
    };
  }

  ping(): void {
    this.statements.ping.get();
  }

  close(): void {
    if (this.db.isOpen) this.db.close();
  }
}
