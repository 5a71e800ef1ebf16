import { randomUUID } from "node:crypto";
import { chmodSync, existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { LeadBody } from "../../app/lib/lead-schema.ts";
import {
  leadBodyHash,
  toStoredLead,
  type LeadMeta,
  type LeadRow,
  type LeadStore,
  type SaveLeadResult,
  type StoredLead,
  type StoredSubscriber,
} from "./store.ts";

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

/**
 * The embedded store: one SQLite file under `dataDir`, readable by its owner
 * only, in WAL mode with synchronous=FULL so a commit survives power loss.
 * node:sqlite is synchronous, so each call has finished its commit when it returns.
 */
export class SqliteLeadStore implements LeadStore {
  private readonly db: DatabaseSync;

  constructor(dataDir: string) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const file = join(dataDir, DATABASE_FILE);
    // The database and its -wal and -shm files are created with owner-only access.
    const previousMask = process.umask(0o077);
    try {
      this.db = new DatabaseSync(file);
      this.db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;");
      this.migrate();
    } finally {
      process.umask(previousMask);
    }
    for (const suffix of ["", "-wal", "-shm"]) if (existsSync(file + suffix)) chmodSync(file + suffix, 0o600);
  }

  private migrate(): void {
    this.db.exec("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)");
    const row = this.db.prepare("SELECT COALESCE(MAX(version), 0) AS version FROM schema_migrations").get() as { version: number };
    MIGRATIONS.forEach((sql, index) => {
      const version = index + 1;
      if (version <= row.version) return;
      this.transaction(() => {
        this.db.exec(sql);
        this.db.prepare("INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)").run(version, new Date().toISOString());
      });
    });
  }

  private transaction<T>(work: () => T): T {
    this.db.exec("BEGIN IMMEDIATE");
    try {
      const result = work();
      this.db.exec("COMMIT");
      return result;
    } catch (error) {
      this.db.exec("ROLLBACK");
      throw error;
    }
  }

  saveLead(lead: LeadBody, meta: LeadMeta): Promise<SaveLeadResult> {
    const hash = leadBodyHash(lead);
    const result = this.transaction((): SaveLeadResult => {
      if (meta.idempotencyKey) {
        const existing = this.db
          .prepare("SELECT id, body_hash FROM leads WHERE idempotency_key = ?")
          .get(meta.idempotencyKey) as { id: string; body_hash: string } | undefined;
        if (existing) return existing.body_hash === hash ? { status: "replayed", id: existing.id } : { status: "key-reused" };
      }
      const id = randomUUID();
      this.db
        .prepare(
          `INSERT INTO leads (id, created_at, first_name, last_name, email, company_name, contact_number, description,
             terms_accepted, spam, spam_reason, idempotency_key, body_hash)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?)`,
        )
        .run(
          id,
          new Date().toISOString(),
          lead.firstName,
          lead.lastName,
          lead.email,
          lead.companyName,
          lead.contactNumber,
          lead.description,
          meta.spamReason ? 1 : 0,
          meta.spamReason ?? "",
          meta.idempotencyKey ?? null,
          hash,
        );
      return { status: "created", id };
    });
    return Promise.resolve(result);
  }

  saveSubscriber(email: string, consentVersion: string): Promise<{ id: string; created: boolean }> {
    const result = this.transaction(() => {
      const existing = this.db.prepare("SELECT id FROM subscribers WHERE email = ?").get(email) as { id: string } | undefined;
      if (existing) return { id: existing.id, created: false };
      const id = randomUUID();
      this.db
        .prepare("INSERT INTO subscribers (id, email, consent_version, created_at) VALUES (?, ?, ?, ?)")
        .run(id, email, consentVersion, new Date().toISOString());
      return { id, created: true };
    });
    return Promise.resolve(result);
  }

  listLeads({ since }: { since?: Date } = {}): Promise<StoredLead[]> {
    const rows = this.db
      .prepare("SELECT * FROM leads WHERE created_at >= ? ORDER BY created_at, id")
      .all(since ? since.toISOString() : "") as unknown as LeadRow[];
    return Promise.resolve(rows.map(toStoredLead));
  }

  listSubscribers({ since }: { since?: Date } = {}): Promise<StoredSubscriber[]> {
    const rows = this.db
      .prepare(
        `SELECT id, email, consent_version AS consentVersion, created_at AS createdAt
         FROM subscribers WHERE created_at >= ? ORDER BY created_at, id`,
      )
      .all(since ? since.toISOString() : "") as unknown as StoredSubscriber[];
    return Promise.resolve(rows.map((row) => ({ ...row })));
  }

  pruneLeads(cutoff: Date): Promise<number> {
    const result = this.transaction(() => this.db.prepare("DELETE FROM leads WHERE created_at < ?").run(cutoff.toISOString()));
    return Promise.resolve(Number(result.changes));
  }

  // async so that a closed or broken database rejects, as the contract says, rather than throwing.
  async ping(): Promise<void> {
    this.db.prepare("SELECT 1").get();
    return Promise.resolve();
  }

  deleteByEmail(email: string): Promise<{ leads: number; subscribers: number }> {
    const result = this.transaction(() => ({
      leads: Number(this.db.prepare("DELETE FROM leads WHERE email = ? COLLATE NOCASE").run(email).changes),
      subscribers: Number(this.db.prepare("DELETE FROM subscribers WHERE email = ?").run(email).changes),
    }));
    return Promise.resolve(result);
  }

  close(): Promise<void> {
    if (this.db.isOpen) this.db.close();
    return Promise.resolve();
  }
}
