import { randomUUID } from "node:crypto";
import pg from "pg";
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
  type LeadStore,
  type LinkResult,
  type SaveLeadResult,
  type SignUp,
  type SignUpResult,
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
  // Double opt-in and the outbox (requirements LEAD-16, LEAD-17). Sign-ups from
  // before it never confirmed their address, so they start out pending.
  `ALTER TABLE subscribers
     ADD COLUMN status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'confirmed', 'unsubscribed')),
     ADD COLUMN signed_up_at TIMESTAMPTZ,
     ADD COLUMN confirmed_at TIMESTAMPTZ,
     ADD COLUMN unsubscribed_at TIMESTAMPTZ,
     ADD COLUMN confirm_token_hash TEXT UNIQUE,
     ADD COLUMN confirm_expires_at TIMESTAMPTZ,
     ADD COLUMN unsubscribe_token_hash TEXT UNIQUE;
   UPDATE subscribers SET signed_up_at = created_at;
   CREATE TABLE outbox (
     id TEXT PRIMARY KEY,
     channel TEXT NOT NULL CHECK (channel IN ('sales-email', 'webhook', 'confirmation-email')),
     event TEXT NOT NULL,
     subject_id UUID NOT NULL,
     secrets JSONB NOT NULL DEFAULT '{}',
     status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'dead')),
     attempts INTEGER NOT NULL DEFAULT 0,
     created_at TIMESTAMPTZ NOT NULL,
     next_attempt_at TIMESTAMPTZ NOT NULL,
     locked_until TIMESTAMPTZ,
     last_error TEXT NOT NULL DEFAULT '',
     delivered_at TIMESTAMPTZ
   );
   CREATE INDEX outbox_due ON outbox (status, next_attempt_at);
   CREATE INDEX outbox_subject ON outbox (subject_id);`,
];

const JOB_COLUMNS = "id, channel, event, subject_id, status, attempts, created_at, next_attempt_at, last_error, delivered_at";

/** Jobs as one JSON parameter, so a lead or a link and its jobs go in one statement, which PostgreSQL runs atomically. */
function jobsParameter(jobs: readonly NewJob[]): string {
  return JSON.stringify(jobs.map((job) => ({ id: newJobId(), channel: job.channel, event: job.event, secrets: job.secrets ?? {} })));
}

/** The INSERT of the jobs in parameter `$n` for the subject row named `subject` (a CTE with `id`), stamped `time`. */
function insertJobsSql(parameter: string, subject: string, time: string): string {
  return `INSERT INTO outbox (id, channel, event, subject_id, secrets, created_at, next_attempt_at)
    SELECT j.id, j.channel, j.event, ${subject}.id, j.secrets, ${time}, ${time}
    FROM ${subject}, jsonb_to_recordset(${parameter}::jsonb) AS j(id TEXT, channel TEXT, event TEXT, secrets JSONB)`;
}

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
    const values = [id, ...leadTextValues(lead), Boolean(meta.spamReason), meta.spamReason ?? "", meta.idempotencyKey ?? null, hash];
    const inserted = await this.pool.query<{ id: string }>(
      `WITH lead AS (
         ${insertLeadSql("postgres")}
         ON CONFLICT (idempotency_key) DO NOTHING
         RETURNING id, created_at),
       jobs AS (${insertJobsSql(`$${values.length + 1}`, "lead", "lead.created_at")})
       SELECT id FROM lead`,
      [...values, jobsParameter(meta.jobs ?? [])],
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

  /** Runs `work` in one transaction on one connection: committed if it returns, rolled back if it throws. */
  private async transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query("BEGIN");
      const result = await work(client);
      await client.query("COMMIT");
      return result;
    } catch (error) {
      await client.query("ROLLBACK").catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  signUp(signUp: SignUp): Promise<SignUpResult> {
    return this.transaction(async (client) => {
      // Inserted pending, or the existing record locked: two sign-ups of one address wait for each other.
      const inserted = await client.query<{ id: string }>(
        `INSERT INTO subscribers (id, email, consent_version, created_at, signed_up_at, status, confirm_token_hash, confirm_expires_at, unsubscribe_token_hash)
         VALUES ($1, $2, $3, $4, $4, 'pending', $5, $6, $7)
         ON CONFLICT ((lower(email))) DO NOTHING RETURNING id`,
        [randomUUID(), signUp.email, signUp.consentVersion, signUp.now, signUp.confirmTokenHash, signUp.confirmExpiresAt, signUp.unsubscribeTokenHash],
      );
      let id = inserted.rows[0]?.id;
      if (!id) {
        const { rows } = await client.query<{ id: string; status: string; signed_up_at: Date }>(
          "SELECT id, status, signed_up_at FROM subscribers WHERE lower(email) = lower($1) FOR UPDATE",
          [signUp.email],
        );
        const existing = rows[0];
        if (!existing) throw new Error("sign-up neither inserted nor found by its address");
        if (existing.status === "confirmed") return { id: existing.id, outcome: "already-confirmed" as const };
        if (existing.status === "pending" && signUp.now.getTime() - existing.signed_up_at.getTime() < SIGN_UP_RESEND_MS) {
          return { id: existing.id, outcome: "recently-queued" as const };
        }
        id = existing.id;
        await client.query(
          `UPDATE subscribers SET consent_version = $2, signed_up_at = $3, status = 'pending', confirmed_at = NULL, unsubscribed_at = NULL,
             confirm_token_hash = $4, confirm_expires_at = $5, unsubscribe_token_hash = $6
           WHERE id = $1`,
          [id, signUp.consentVersion, signUp.now, signUp.confirmTokenHash, signUp.confirmExpiresAt, signUp.unsubscribeTokenHash],
        );
      }
      await client.query(
        `WITH subject AS (SELECT $1::uuid AS id) ${insertJobsSql("$2", "subject", "$3::timestamptz")}`,
        [id, jobsParameter(signUp.jobs), signUp.now],
      );
      return { id, outcome: "queued" as const };
    });
  }

  /** One statement: the subscriber's change and its jobs commit together. */
  private async followLink(update: string, tokenHash: string, now: Date, jobs: readonly NewJob[]): Promise<LinkResult> {
    const { rows } = await this.pool.query<{ id: string }>(
      `WITH done AS (${update} RETURNING id),
       jobs AS (${insertJobsSql("$3", "done", "$2::timestamptz")})
       SELECT id FROM done`,
      [tokenHash, now, jobsParameter(jobs)],
    );
    return rows[0] ? { status: "done", id: rows[0].id } : { status: "invalid" };
  }

  confirmSubscriber(tokenHash: string, now: Date, jobs: readonly NewJob[]): Promise<LinkResult> {
    return this.followLink(
      `UPDATE subscribers SET status = 'confirmed', confirmed_at = $2, confirm_token_hash = NULL, confirm_expires_at = NULL
       WHERE confirm_token_hash = $1 AND status = 'pending' AND confirm_expires_at > $2`,
      tokenHash,
      now,
      jobs,
    );
  }

  unsubscribe(tokenHash: string, now: Date, jobs: readonly NewJob[]): Promise<LinkResult> {
    return this.followLink(
      `UPDATE subscribers SET status = 'unsubscribed', unsubscribed_at = $2, confirm_token_hash = NULL, confirm_expires_at = NULL
       WHERE unsubscribe_token_hash = $1 AND status <> 'unsubscribed'`,
      tokenHash,
      now,
      jobs,
    );
  }

  async getLead(id: string): Promise<StoredLead | undefined> {
    const { rows } = await this.pool.query<LeadRow>("SELECT * FROM leads WHERE id = $1", [id]);
    return rows[0] && toStoredLead(rows[0]);
  }

  async getSubscriber(id: string): Promise<StoredSubscriber | undefined> {
    const { rows } = await this.pool.query<Record<string, unknown>>("SELECT * FROM subscribers WHERE id = $1", [id]);
    return rows[0] && toStoredSubscriber(rows[0]);
  }

  async listLeads({ since }: { since?: Date } = {}): Promise<StoredLead[]> {
    const { rows } = await this.pool.query<LeadRow>(
      "SELECT * FROM leads WHERE created_at >= $1 ORDER BY created_at, id",
      [since ?? new Date(0)],
    );
    return rows.map(toStoredLead);
  }

  async listSubscribers({ since }: { since?: Date } = {}): Promise<StoredSubscriber[]> {
    const { rows } = await this.pool.query<Record<string, unknown>>(
      "SELECT * FROM subscribers WHERE created_at >= $1 ORDER BY created_at, id",
      [since ?? new Date(0)],
    );
    return rows.map(toStoredSubscriber);
  }

  async pruneLeads(cutoff: Date): Promise<number> {
    const { rows } = await this.pool.query<{ count: string }>(
      `WITH pruned AS (DELETE FROM leads WHERE created_at < $1 RETURNING id),
       jobs AS (DELETE FROM outbox WHERE subject_id IN (SELECT id FROM pruned))
       SELECT count(*) AS count FROM pruned`,
      [cutoff],
    );
    return Number(rows[0]?.count ?? 0);
  }

  async pruneDeliveredJobs(cutoff: Date): Promise<number> {
    const result = await this.pool.query("DELETE FROM outbox WHERE status = 'delivered' AND delivered_at < $1", [cutoff]);
    return result.rowCount ?? 0;
  }

  async claimJobs(channels: readonly Channel[], limit: number, now: Date, leaseUntil: Date): Promise<OutboxJob[]> {
    // SKIP LOCKED: instances claiming at the same moment each take other rows
    // instead of waiting; the lease then keeps the rows theirs after the commit.
    const { rows } = await this.pool.query<Record<string, unknown>>(
      `UPDATE outbox SET attempts = attempts + 1, locked_until = $1
       WHERE id IN (
         SELECT id FROM outbox
         WHERE status = 'pending' AND next_attempt_at <= $2 AND (locked_until IS NULL OR locked_until <= $2) AND channel = ANY($3)
         ORDER BY next_attempt_at LIMIT $4
         FOR UPDATE SKIP LOCKED)
       RETURNING *`,
      [leaseUntil, now, channels, limit],
    );
    return rows.map((row) => toOutboxJob(row, true));
  }

  async finishJob(id: string, outcome: JobOutcome, now: Date): Promise<void> {
    if (outcome.status === "delivered") {
      await this.pool.query(
        "UPDATE outbox SET status = 'delivered', delivered_at = $2, locked_until = NULL, secrets = '{}', last_error = '' WHERE id = $1",
        [id, now],
      );
    } else if (outcome.status === "retry") {
      await this.pool.query("UPDATE outbox SET next_attempt_at = $2, locked_until = NULL, last_error = $3 WHERE id = $1 AND status = 'pending'", [
        id,
        outcome.retryAt,
        storedError(outcome.error),
      ]);
    } else {
      await this.pool.query("UPDATE outbox SET status = 'dead', locked_until = NULL, last_error = $2 WHERE id = $1 AND status = 'pending'", [
        id,
        storedError(outcome.error),
      ]);
    }
  }

  async outboxStats(now: Date): Promise<OutboxStats> {
    const { rows } = await this.pool.query<{ pending: string; dead: string; oldest: Date | null }>(
      `SELECT count(*) FILTER (WHERE status = 'pending') AS pending, count(*) FILTER (WHERE status = 'dead') AS dead,
         min(created_at) FILTER (WHERE status = 'pending') AS oldest FROM outbox`,
    );
    const row = rows[0];
    const oldest = row?.oldest ? Math.max(0, Math.floor((now.getTime() - row.oldest.getTime()) / 1000)) : 0;
    return { pending: Number(row?.pending ?? 0), dead: Number(row?.dead ?? 0), oldestPendingSeconds: oldest };
  }

  async listJobs({ dead }: { dead: boolean }): Promise<OutboxJob[]> {
    const { rows } = await this.pool.query<Record<string, unknown>>(`SELECT ${JOB_COLUMNS} FROM outbox WHERE status = $1 ORDER BY created_at, id`, [
      dead ? "dead" : "pending",
    ]);
    return rows.map((row) => toOutboxJob(row, false));
  }

  async retryJobs(which: { id: string } | "all-dead", now: Date): Promise<number> {
    const result =
      which === "all-dead"
        ? await this.pool.query("UPDATE outbox SET status = 'pending', attempts = 0, next_attempt_at = $1, locked_until = NULL WHERE status = 'dead'", [now])
        : await this.pool.query(
            "UPDATE outbox SET status = 'pending', attempts = 0, next_attempt_at = $1, locked_until = NULL WHERE id = $2 AND status <> 'delivered'",
            [now, which.id],
          );
    return result.rowCount ?? 0;
  }

  async ping(): Promise<void> {
    await this.pool.query("SELECT 1");
  }

  deleteByEmail(email: string): Promise<{ leads: number; subscribers: number; jobs: number }> {
    return this.transaction(async (client) => {
      const jobs = await client.query(
        `DELETE FROM outbox WHERE subject_id IN (SELECT id FROM leads WHERE lower(email) = lower($1))
           OR subject_id IN (SELECT id FROM subscribers WHERE lower(email) = lower($1))`,
        [email],
      );
      const leads = await client.query("DELETE FROM leads WHERE lower(email) = lower($1)", [email]);
      const subscribers = await client.query("DELETE FROM subscribers WHERE lower(email) = lower($1)", [email]);
      return { leads: leads.rowCount ?? 0, subscribers: subscribers.rowCount ?? 0, jobs: jobs.rowCount ?? 0 };
    });
  }

  async close(): Promise<void> {
    if (!this.pool.ended) await this.pool.end();
  }
}
