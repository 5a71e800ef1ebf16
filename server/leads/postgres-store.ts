import { randomUUID } from "node:crypto";
import pg from "pg";
import type { LeadBody } from "../../common/lead-fields.ts";
import {
  insertLeadSql,
  leadBodyHash,
  leadTextValues,
  toStoredLead,
  type LeadMeta,
  type LeadRow,
  type LeadStore,
  type SaveLeadResult,
  type StoredLead,
  type StoredSubscriber,
} from "./store.ts";

/** Schema changes, applied in order once each, under an advisory lock so several instances can start together. */
const MIGRATIONS: readonly string[] = [
  `CREATE TABLE leads (
     id UUID PRIMARY KEY,
     created_at TIMESTAMPTZ NOT NULL,
     first_name TEXT NOT NULL,
     last_name TEXT NOT NULL,
     email TEXT NOT NULL,
     company_name TEXT NOT NULL,
     contact_number TEXT NOT NULL,
     description TEXT NOT NULL,
     terms_accepted BOOLEAN NOT NULL CHECK (terms_accepted),
     spam BOOLEAN NOT NULL DEFAULT FALSE,
     spam_reason TEXT NOT NULL DEFAULT '',
     idempotency_key TEXT UNIQUE,
     body_hash TEXT NOT NULL
   );
   CREATE INDEX leads_created_at ON leads (created_at);
   CREATE INDEX leads_email ON leads (lower(email));
   CREATE TABLE subscribers (
     id UUID PRIMARY KEY,
     email TEXT NOT NULL,
     consent_version TEXT NOT NULL,
     created_at TIMESTAMPTZ NOT NULL
   );
   CREATE UNIQUE INDEX subscribers_email ON subscribers (lower(email));`,
];

/** Any constant: it names the migration lock among this database's advisory locks. */
const MIGRATION_LOCK = 7_413_020_251;

/**
 * The shared store for several instances behind a load balancer (DATABASE_URL).
 * The same contract as the SQLite store: a call resolves only after its
 * transaction has committed (PostgreSQL's default synchronous_commit), the same
 * constraints, and idempotency on a unique key.
 */
export class PostgresLeadStore implements LeadStore {
  private readonly pool: pg.Pool;

  private constructor(pool: pg.Pool) {
    this.pool = pool;
  }

  static async open(connectionString: string): Promise<PostgresLeadStore> {
    const pool = new pg.Pool({ connectionString, max: 10, connectionTimeoutMillis: 5000 });
    // An idle client losing its server (a restart, an outage) must not crash the process.
    pool.on("error", () => undefined);
    const store = new PostgresLeadStore(pool);
    await store.migrate();
    return store;
  }

  private async migrate(): Promise<void> {
    const client = await this.pool.connect();
    try {
      await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
      await client.query("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL)");
      const { rows } = await client.query<{ version: number }>("SELECT COALESCE(MAX(version), 0) AS version FROM schema_migrations");
      const current = rows[0]?.version ?? 0;
      for (const [index, sql] of MIGRATIONS.entries()) {
        if (index + 1 <= current) continue;
        await client.query("BEGIN");
        await client.query(sql);
        await client.query("INSERT INTO schema_migrations (version, applied_at) VALUES ($1, now())", [index + 1]);
        await client.query("COMMIT");
      }
    } catch (error) {
      await client.query("ROLLBACK").catch(() => undefined);
      throw error;
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => undefined);
      client.release();
    }
  }

  async saveLead(lead: LeadBody, meta: LeadMeta): Promise<SaveLeadResult> {
    const hash = leadBodyHash(lead);
    const id = randomUUID();
    const inserted = await this.pool.query<{ id: string }>(
      `${insertLeadSql("postgres")}
       ON CONFLICT (idempotency_key) DO NOTHING
       RETURNING id`,
      [
        id,
        ...leadTextValues(lead),
        Boolean(meta.spamReason),
        meta.spamReason ?? "",
        meta.idempotencyKey ?? null,
        hash,
      ],
    );
    if (inserted.rows[0]) return { status: "created", id: inserted.rows[0].id };
    const existing = await this.pool.query<{ id: string; body_hash: string }>(
      "SELECT id, body_hash FROM leads WHERE idempotency_key = $1",
      [meta.idempotencyKey],
    );
    const row = existing.rows[0];
    if (!row) throw new Error("lead neither inserted nor found by its idempotency key");
    return row.body_hash === hash ? { status: "replayed", id: row.id } : { status: "key-reused" };
  }

  async saveSubscriber(email: string, consentVersion: string): Promise<{ id: string; created: boolean }> {
    const inserted = await this.pool.query<{ id: string }>(
      `INSERT INTO subscribers (id, email, consent_version, created_at) VALUES ($1, $2, $3, now())
       ON CONFLICT ((lower(email))) DO NOTHING RETURNING id`,
      [randomUUID(), email, consentVersion],
    );
    if (inserted.rows[0]) return { id: inserted.rows[0].id, created: true };
    const existing = await this.pool.query<{ id: string }>("SELECT id FROM subscribers WHERE lower(email) = lower($1)", [email]);
    return { id: existing.rows[0]?.id ?? "", created: false };
  }

  async listLeads({ since }: { since?: Date } = {}): Promise<StoredLead[]> {
    const { rows } = await this.pool.query<LeadRow>(
      "SELECT * FROM leads WHERE created_at >= $1 ORDER BY created_at, id",
      [since ?? new Date(0)],
    );
    return rows.map(toStoredLead);
  }

  async listSubscribers({ since }: { since?: Date } = {}): Promise<StoredSubscriber[]> {
    const { rows } = await this.pool.query<{ id: string; email: string; consent_version: string; created_at: Date }>(
      "SELECT id, email, consent_version, created_at FROM subscribers WHERE created_at >= $1 ORDER BY created_at, id",
      [since ?? new Date(0)],
    );
    return rows.map((row) => ({ id: row.id, email: row.email, consentVersion: row.consent_version, createdAt: row.created_at.toISOString() }));
  }

  async pruneLeads(cutoff: Date): Promise<number> {
    const result = await this.pool.query("DELETE FROM leads WHERE created_at < $1", [cutoff]);
    return result.rowCount ?? 0;
  }

  async ping(): Promise<void> {
    await this.pool.query("SELECT 1");
  }

  async deleteByEmail(email: string): Promise<{ leads: number; subscribers: number }> {
    const client = await this.pool.connect();
    try {
      await client.query("BEGIN");
      const leads = await client.query("DELETE FROM leads WHERE lower(email) = lower($1)", [email]);
      const subscribers = await client.query("DELETE FROM subscribers WHERE lower(email) = lower($1)", [email]);
      await client.query("COMMIT");
      return { leads: leads.rowCount ?? 0, subscribers: subscribers.rowCount ?? 0 };
    } catch (error) {
      await client.query("ROLLBACK").catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  async close(): Promise<void> {
    if (!this.pool.ended) await this.pool.end();
  }
}
