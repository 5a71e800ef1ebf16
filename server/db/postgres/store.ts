import { randomUUID } from "node:crypto";
import pg from "pg";
import type { CompiledQuery } from "kysely";
import { OPERATIONS, operationMethods, type OperationArgs, type OperationMethods, type OperationName, type OperationResult } from "../operations.ts";
import { runAsync, SQL } from "../query.ts";
import type { StoreOperation } from "../repositories/operation.ts";
import type { LeadBody } from "../../../common/lead-fields.ts";
import { jobPriority, newJobId, type Channel, type JobOutcome, type NewJob, type OutboxJob, type OutboxStats } from "../outbox-records.ts";
import { deliveredMailbox, inboxKey, mailboxDomain } from "../../lib/mailbox.ts";
import { digestSlot, listCapHits, PACE_TABLES_SQL, pacedSlot, recordCapHits } from "./pace.ts";
import { confirmationPaces } from "../mail-pace.ts";
import { CONSOLE_TABLES_SQL } from "./console.ts";
import { vacuumFull } from "./vacuum.ts";
import { DROP_TRAFFIC_SALTS_SQL, TRAFFIC_DAY_TABLES, TRAFFIC_TABLES_SQL } from "./traffic.ts";
import {
  type CapHitCount,
  type DayCapHits,
  insertLeadSql,
  leadBodyHash,
  leadTextValues,
  SIGN_UP_RESEND_MS,
  erasureTargets,
  storedError,
  toConsentEvent,
  toOutboxJob,
  toStoredLead,
  isUuid,
  toStoredSubscriber,
  decidedBy,
  toStoredTrustRequest,
  toTrustDownloadRecord,
  trustDigestScope,
  type ConsentEvent,
  type NewTrustRequest,
  type StoredTrustRequest,
  type TrustDecision,
  type SpentTrustLink,
  type TrustDownload,
  type TrustDownloadClaim,
  type TrustRequestResult,
  type TrustTarget,
  type ErasureResult,
  type LeadMeta,
  type LeadRow,
  type LeadStore,
  type RetentionCutoffs,
  type RetentionResult,
  type LinkResult,
  type SaveLeadResult,
  type SignUp,
  type SignUpResult,
  type StoredLead,
  type StoredSubscriber,
} from "../store.ts";

/**
 * Schema changes, applied in order once each, under an advisory lock so
 * several instances can start together. A function runs in the migration's
 * transaction.
 */
export const MIGRATIONS: readonly (string | ((client: pg.PoolClient) => Promise<void>))[] = [
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
  // The second review (requirements LEAD-23 to LEAD-28), as in the SQLite
  // store: canonical mailboxes, append-only consent events, per-recipient and
  // prioritised jobs, and no raw link token (every earlier link is void).
  async (client) => {
    await client.query(`ALTER TABLE subscribers ADD COLUMN mailbox TEXT, ADD COLUMN inbox_key TEXT, ADD COLUMN domain TEXT,
      ADD COLUMN unsubscribe_expires_at TIMESTAMPTZ`);
    const { rows } = await client.query<{ id: string; email: string }>("SELECT id, email FROM subscribers");
    for (const row of rows) {
      const mailbox = deliveredMailbox(row.email);
      await client.query("UPDATE subscribers SET mailbox = $2, inbox_key = $3, domain = $4 WHERE id = $1", [
        row.id,
        mailbox,
        inboxKey(mailbox),
        mailboxDomain(mailbox),
      ]);
    }
    await client.query(`UPDATE subscribers SET confirm_token_hash = NULL, confirm_expires_at = NULL, unsubscribe_token_hash = NULL;
      DROP INDEX subscribers_email;
      CREATE INDEX subscribers_email ON subscribers (lower(email));
      CREATE INDEX subscribers_mailbox ON subscribers (mailbox);
      CREATE INDEX subscribers_inbox_key ON subscribers (inbox_key);
      CREATE INDEX subscribers_domain ON subscribers (domain);
      CREATE TABLE subscriber_events (
        seq BIGSERIAL PRIMARY KEY,
        subscriber_id UUID NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('signed-up', 'confirmed', 'unsubscribed')),
        at TIMESTAMPTZ NOT NULL,
        consent_version TEXT NOT NULL DEFAULT '',
        mailed BOOLEAN NOT NULL DEFAULT FALSE
      );
      CREATE INDEX subscriber_events_subscriber ON subscriber_events (subscriber_id, seq);
      CREATE INDEX subscriber_events_kind_at ON subscriber_events (kind, at);
      CREATE OR REPLACE FUNCTION subscriber_events_append_only() RETURNS trigger LANGUAGE plpgsql AS
        $$ BEGIN RAISE EXCEPTION 'consent events are append-only'; END $$;
      CREATE TRIGGER subscriber_events_append_only BEFORE UPDATE ON subscriber_events
        FOR EACH ROW EXECUTE FUNCTION subscriber_events_append_only();
      INSERT INTO subscriber_events (subscriber_id, kind, at, consent_version)
        SELECT id, 'signed-up', COALESCE(signed_up_at, created_at), consent_version FROM subscribers;
      INSERT INTO subscriber_events (subscriber_id, kind, at) SELECT id, 'confirmed', confirmed_at FROM subscribers WHERE confirmed_at IS NOT NULL;
      INSERT INTO subscriber_events (subscriber_id, kind, at) SELECT id, 'unsubscribed', unsubscribed_at FROM subscribers WHERE unsubscribed_at IS NOT NULL;
      DELETE FROM outbox WHERE channel = 'confirmation-email' AND status <> 'delivered';
      ALTER TABLE outbox DROP COLUMN secrets, ADD COLUMN recipient TEXT, ADD COLUMN payload JSONB NOT NULL DEFAULT '{}',
        ADD COLUMN priority SMALLINT NOT NULL DEFAULT 1;
      UPDATE outbox SET priority = 0 WHERE channel = 'confirmation-email';
      DROP INDEX outbox_due;
      CREATE INDEX outbox_due ON outbox (status, priority, next_attempt_at);`);
    // ANALYZE keeps sample values of each column in pg_statistic, beyond the
    // reach of an erasure: personal columns are never sampled.
    const personal = {
      leads: ["first_name", "last_name", "email", "company_name", "contact_number", "description"],
      subscribers: ["email", "mailbox", "inbox_key"],
    };
    for (const [table, columns] of Object.entries(personal)) {
      await client.query(`ALTER TABLE ${table} ${columns.map((column) => `ALTER COLUMN ${column} SET STATISTICS 0`).join(", ")}`);
    }
    // Expression indexes are sampled too.
    for (const index of ["leads_email", "subscribers_email"]) await client.query(`ALTER INDEX ${index} ALTER COLUMN 1 SET STATISTICS 0`);
    // Samples taken before: gone where our role may delete them (a superuser's), else replaced at the next ANALYZE.
    await client.query("SAVEPOINT forget_samples");
    try {
      await client.query("DELETE FROM pg_statistic WHERE starelid IN ('leads'::regclass, 'subscribers'::regclass, 'leads_email'::regclass, 'subscribers_email'::regclass)");
      await client.query("RELEASE SAVEPOINT forget_samples");
    } catch {
      await client.query("ROLLBACK TO SAVEPOINT forget_samples");
    }
  },
  // The Trust Center (requirements TRUST-4 to TRUST-7), as in the SQLite
  // store: requests, their links as hashes only, every download, the
  // approvers' channel; personal columns are never sampled by ANALYZE.
  `CREATE TABLE trust_requests (
     id UUID PRIMARY KEY,
     created_at TIMESTAMPTZ NOT NULL,
     name TEXT NOT NULL,
     email TEXT NOT NULL,
     mailbox TEXT NOT NULL,
     domain TEXT NOT NULL,
     company TEXT NOT NULL,
     role TEXT NOT NULL,
     documents JSONB NOT NULL,
     reason TEXT NOT NULL,
     nda_version TEXT NOT NULL,
     nda_hash TEXT NOT NULL,
     status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'denied', 'revoked')),
     decided_at TIMESTAMPTZ,
     decided_by TEXT NOT NULL DEFAULT ''
   );
   CREATE INDEX trust_requests_created_at ON trust_requests (created_at);
   CREATE INDEX trust_requests_mailbox ON trust_requests (mailbox, created_at);
   CREATE INDEX trust_requests_domain ON trust_requests (domain, created_at);
   ALTER TABLE trust_requests ALTER COLUMN name SET STATISTICS 0, ALTER COLUMN email SET STATISTICS 0, ALTER COLUMN mailbox SET STATISTICS 0,
     ALTER COLUMN domain SET STATISTICS 0, ALTER COLUMN company SET STATISTICS 0, ALTER COLUMN role SET STATISTICS 0, ALTER COLUMN reason SET STATISTICS 0;
   CREATE TABLE trust_links (
     token_hash TEXT PRIMARY KEY,
     request_id UUID NOT NULL,
     purpose TEXT NOT NULL CHECK (purpose IN ('approve', 'deny', 'download')),
     document TEXT NOT NULL DEFAULT '',
     expires_at TIMESTAMPTZ NOT NULL
   );
   CREATE INDEX trust_links_request ON trust_links (request_id);
   CREATE TABLE trust_downloads (
     seq BIGSERIAL PRIMARY KEY,
     request_id UUID NOT NULL,
     document TEXT NOT NULL,
     at TIMESTAMPTZ NOT NULL
   );
   CREATE INDEX trust_downloads_request ON trust_downloads (request_id, seq);
   ALTER TABLE outbox DROP CONSTRAINT outbox_channel_check,
     ADD CONSTRAINT outbox_channel_check CHECK (channel IN ('sales-email', 'webhook', 'confirmation-email', 'approver-email'));`,
  // Whose approver link decided a request (TRUST-5): kept beside each decision link's hash.
  "ALTER TABLE trust_links ADD COLUMN approver TEXT NOT NULL DEFAULT ''",
  // Cookieless traffic counts (ANA-2).
  TRAFFIC_TABLES_SQL,
  // The operator console: sign-in links, sessions, audit log, handled leads, and its e-mail channel (OPS-2, OPS-3).
  CONSOLE_TABLES_SQL,
  // Mailbox keys by LEAD-30's rule (NFC, ASCII letters lower-cased only), as in the SQLite store.
  async (client) => {
    const subscribers = await client.query<{ id: string; email: string }>("SELECT id, email FROM subscribers");
    for (const row of subscribers.rows) {
      const mailbox = deliveredMailbox(row.email);
      await client.query("UPDATE subscribers SET mailbox = $2, inbox_key = $3, domain = $4 WHERE id = $1", [row.id, mailbox, inboxKey(mailbox), mailboxDomain(mailbox)]);
    }
    const requests = await client.query<{ id: string; email: string }>("SELECT id, email FROM trust_requests");
    for (const row of requests.rows) {
      const mailbox = deliveredMailbox(row.email);
      await client.query("UPDATE trust_requests SET mailbox = $2, domain = $3 WHERE id = $1", [row.id, mailbox, mailboxDomain(mailbox)]);
    }
  },
  // Paced mail, the limits reached, and an append-only audit log (LEAD-31, OPS-3, OPS-10).
  PACE_TABLES_SQL,
  // The day's visitor salt is derived from a key outside the database (ANA-2); the stored ones go, and dropping the table removes its files.
  DROP_TRAFFIC_SALTS_SQL,
];

/** After this version, the old tokens' bytes are rewritten away (VACUUM FULL). */
const VACUUM_AFTER_VERSION = 3;

/** PostgreSQL leaves deleted rows' bytes in its pages until VACUUM FULL rewrites the table into new files. */
const PERSONAL_TABLES = ["leads", "subscribers", "subscriber_events", "outbox", "trust_requests", "trust_links", "trust_downloads"] as const;
const HOUR_MS = 60 * 60 * 1000;

const JOB_COLUMNS = "id, channel, event, subject_id, status, attempts, created_at, next_attempt_at, last_error, delivered_at, recipient, payload";

/** Jobs as one JSON parameter, so a lead or a link and its jobs go in one statement, which PostgreSQL runs atomically. */
function jobsParameter(jobs: readonly NewJob[]): string {
  return JSON.stringify(
    jobs.map((job) => ({
      id: job.id ?? newJobId(),
      channel: job.channel,
      event: job.event,
      recipient: job.recipient ?? null,
      payload: job.payload ?? {},
      priority: jobPriority(job.channel),
    })),
  );
}

/** The INSERT of the jobs in parameter `$n` for the subject row named `subject` (a CTE with `id`), stamped `time`, due at `due` (a paced e-mail's turn) or at once. */
function insertJobsSql(parameter: string, subject: string, time: string, due = time): string {
  return `INSERT INTO outbox (id, channel, event, subject_id, recipient, payload, priority, created_at, next_attempt_at)
    SELECT j.id, j.channel, j.event, ${subject}.id, j.recipient, j.payload, j.priority, ${time}, ${due}
    FROM ${subject}, jsonb_to_recordset(${parameter}::jsonb) AS j(id TEXT, channel TEXT, event TEXT, recipient TEXT, payload JSONB, priority SMALLINT)`;
}

/** Any constant: it names the migration lock among this database's advisory locks. */
const MIGRATION_LOCK = 7_413_020_251;

/**
 * The shared store for several instances behind a load balancer (DATABASE_URL).
 * The same contract as the SQLite store: a call resolves only after its
 * transaction has committed (PostgreSQL's default synchronous_commit), the same
 * constraints, and idempotency on a unique key.
 */
/** The operations written with the query builder, as methods (server/db/operations.ts). */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type -- the methods are made from the operations' names in the constructor
export interface PostgresLeadStore extends OperationMethods {}

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see the interface above
export class PostgresLeadStore implements LeadStore {
  private readonly pool: pg.Pool;

  private constructor(pool: pg.Pool) {
    Object.assign(this, operationMethods(this));
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
    let vacuum = false;
    try {
      await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
      await client.query("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL)");
      const { rows } = await client.query<{ version: number }>("SELECT COALESCE(MAX(version), 0) AS version FROM schema_migrations");
      const current = rows[0]?.version ?? 0;
      for (const [index, sql] of MIGRATIONS.entries()) {
        if (index + 1 <= current) continue;
        await client.query("BEGIN");
        if (typeof sql === "string") await client.query(sql);
        else await sql(client);
        await client.query("INSERT INTO schema_migrations (version, applied_at) VALUES ($1, now())", [index + 1]);
        await client.query("COMMIT");
        vacuum ||= index + 1 >= VACUUM_AFTER_VERSION;
      }
      if (vacuum) await this.vacuumFull(client, PERSONAL_TABLES);
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

  /** Runs an operation written with the query builder: a read on any connection, a write in one transaction. */
  run<Name extends OperationName>(name: Name, ...args: OperationArgs<Name>): Promise<OperationResult<Name>> {
    const operation = OPERATIONS[name] as StoreOperation<unknown[], OperationResult<Name>>;
    const on = (client: pg.Pool | pg.PoolClient) => (compiled: CompiledQuery) =>
      client.query<Record<string, unknown>>(compiled.sql, [...compiled.parameters]).then((result) => ({ rows: result.rows, changes: result.rowCount ?? 0 }));
    return operation.reads ? runAsync(operation.run(SQL.postgres, ...args), on(this.pool)) : this.transaction((client) => runAsync(operation.run(SQL.postgres, ...args), on(client)));
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
    const key = inboxKey(signUp.mailbox);
    const domain = mailboxDomain(signUp.mailbox);
    return this.transaction(async (client): Promise<SignUpResult> => {
      // Sign-ups reaching one inbox, on any instance, wait for each other.
      await client.query("SELECT pg_advisory_xact_lock(hashtext($1))", [key]);
      const { rows } = await client.query<{ id: string; status: string }>(
        "SELECT id, status FROM subscribers WHERE mailbox = $1 ORDER BY signed_up_at DESC LIMIT 1",
        [signUp.mailbox],
      );
      const existing = rows[0];
      if (existing?.status === "confirmed") return { id: existing.id, outcome: "already-confirmed" };
      if (await this.recentlyMailed(client, signUp, key)) return { outcome: "recently-queued", ...(existing ? { id: existing.id } : {}) };
      // Past a cap the e-mail waits its turn, and its links last as long from then (LEAD-31).
      const dueAt = signUp.jobs.length > 0 ? await pacedSlot(client, confirmationPaces(signUp.caps, domain), signUp.now) : signUp.now;
      const delay = dueAt.getTime() - signUp.now.getTime();
      const later = (time: Date) => new Date(time.getTime() + delay);
      const links = [signUp.confirmTokenHash, later(signUp.confirmExpiresAt), signUp.unsubscribeTokenHash, later(signUp.unsubscribeExpiresAt)];
      let id = existing?.id;
      if (id) {
        // Earlier confirmations and withdrawals stay in subscriber_events.
        await client.query(
          `UPDATE subscribers SET email = $2, consent_version = $3, signed_up_at = $4, status = 'pending',
             confirm_token_hash = $5, confirm_expires_at = $6, unsubscribe_token_hash = $7, unsubscribe_expires_at = $8
           WHERE id = $1`,
          [id, signUp.email, signUp.consentVersion, signUp.now, ...links],
        );
        // A newer confirmation e-mail replaces one not yet sent, whose links no longer work.
        await client.query("DELETE FROM outbox WHERE subject_id = $1 AND channel = 'confirmation-email' AND status = 'pending'", [id]);
      } else {
        id = randomUUID();
        await client.query(
          `INSERT INTO subscribers (id, email, mailbox, inbox_key, domain, consent_version, created_at, signed_up_at, status,
             confirm_token_hash, confirm_expires_at, unsubscribe_token_hash, unsubscribe_expires_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $7, 'pending', $8, $9, $10, $11)`,
          [id, signUp.email, signUp.mailbox, key, domain, signUp.consentVersion, signUp.now, ...links],
        );
      }
      await client.query("INSERT INTO subscriber_events (subscriber_id, kind, at, consent_version, mailed) VALUES ($1, 'signed-up', $2, $3, $4)", [
        id,
        signUp.now,
        signUp.consentVersion,
        signUp.jobs.length > 0,
      ]);
      await client.query(`WITH subject AS (SELECT $1::uuid AS id) ${insertJobsSql("$2", "subject", "$3::timestamptz", "$4::timestamptz")}`, [
        id,
        jobsParameter(signUp.jobs),
        signUp.now,
        dueAt,
      ]);
      return { id, outcome: "queued", ...(delay > 0 ? { pacedUntil: dueAt.toISOString() } : {}) };
    });
  }

  /** Whether the inbox had a confirmation too recently for another (requirement LEAD-23). */
  private async recentlyMailed(client: pg.PoolClient, signUp: SignUp, key: string): Promise<boolean> {
    const last = await client.query<{ at: Date | null }>(
      `SELECT max(e.at) AS at FROM subscriber_events e JOIN subscribers s ON s.id = e.subscriber_id
       WHERE s.inbox_key = $1 AND e.kind = 'signed-up'`,
      [key],
    );
    const at = last.rows[0]?.at;
    return Boolean(at && signUp.now.getTime() - at.getTime() < SIGN_UP_RESEND_MS);
  }

  /** One statement: the subscriber's change, its event and its jobs commit together. */
  private async followLink(update: string, kind: "confirmed" | "unsubscribed", tokenHash: string, now: Date, jobs: readonly NewJob[]): Promise<LinkResult> {
    const { rows } = await this.pool.query<{ id: string }>(
      `${update},
       event AS (INSERT INTO subscriber_events (subscriber_id, kind, at) SELECT id, '${kind}', $2 FROM done),
       jobs AS (${insertJobsSql("$3", "done", "$2::timestamptz")})
       SELECT id FROM target`,
      [tokenHash, now, jobsParameter(jobs)],
    );
    return rows[0] ? { status: "done", id: rows[0].id } : { status: "invalid" };
  }

  confirmSubscriber(tokenHash: string, now: Date, jobs: readonly NewJob[]): Promise<LinkResult> {
    return this.followLink(
      `WITH done AS (UPDATE subscribers SET status = 'confirmed', confirmed_at = $2, confirm_token_hash = NULL, confirm_expires_at = NULL
         WHERE confirm_token_hash = $1 AND status = 'pending' AND confirm_expires_at > $2 RETURNING id),
       target AS (SELECT id FROM done)`,
      "confirmed",
      tokenHash,
      now,
      jobs,
    );
  }

  /** A link that already did its work answers "done" again, changing nothing. */
  unsubscribe(tokenHash: string, now: Date, jobs: readonly NewJob[]): Promise<LinkResult> {
    return this.followLink(
      `WITH target AS (SELECT id, status FROM subscribers WHERE unsubscribe_token_hash = $1 AND unsubscribe_expires_at > $2 FOR UPDATE),
       done AS (UPDATE subscribers s SET status = 'unsubscribed', unsubscribed_at = $2, confirm_token_hash = NULL, confirm_expires_at = NULL
         FROM target WHERE s.id = target.id AND target.status <> 'unsubscribed' RETURNING s.id)`,
      "unsubscribed",
      tokenHash,
      now,
      jobs,
    );
  }

  async getLead(id: string): Promise<StoredLead | undefined> {
    const { rows } = await this.pool.query<LeadRow>("SELECT * FROM leads WHERE id = $1", [id]);
    return rows[0] && toStoredLead(rows[0]);
  }

  /** The subscribers with their consent history, oldest event first. */
  private async withHistory(rows: Record<string, unknown>[]): Promise<StoredSubscriber[]> {
    const events = await this.pool.query<Record<string, unknown>>(
      "SELECT subscriber_id, kind, at, consent_version FROM subscriber_events WHERE subscriber_id = ANY($1::uuid[]) ORDER BY seq",
      [rows.map((row) => String(row.id))],
    );
    const history = new Map<string, ConsentEvent[]>();
    for (const event of events.rows) {
      const id = String(event.subscriber_id);
      history.set(id, [...(history.get(id) ?? []), toConsentEvent(event)]);
    }
    return rows.map((row) => toStoredSubscriber(row, history.get(String(row.id)) ?? []));
  }

  async getSubscriber(id: string): Promise<StoredSubscriber | undefined> {
    const { rows } = await this.pool.query<Record<string, unknown>>("SELECT * FROM subscribers WHERE id = $1", [id]);
    return (await this.withHistory(rows))[0];
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
    return this.withHistory(rows);
  }

  /** Rewrites the tables into new files, leaving no deleted row's bytes in them; outside any transaction. */
  private async vacuumFull(client: pg.ClientBase | pg.Pool, tables: readonly (typeof PERSONAL_TABLES)[number][]): Promise<void> {
    // The migration's own connection holds the migration lock: it rewrites there, once.
    if (client !== this.pool) await client.query(`VACUUM FULL ${tables.join(", ")}`);
    else await vacuumFull(this.pool, tables);
  }

  async applyRetention(cutoffs: RetentionCutoffs): Promise<RetentionResult> {
    const result = await this.transaction(async (client) => {
      const leads = await client.query<{ spam: boolean; count: string }>(
        `WITH pruned AS (DELETE FROM leads WHERE created_at < $1 OR (spam AND created_at < $2) RETURNING id, spam, created_at < $1 AS old),
         jobs AS (DELETE FROM outbox WHERE subject_id IN (SELECT id FROM pruned))
         SELECT (spam AND NOT old) AS spam, count(*) AS count FROM pruned GROUP BY 1`,
        [cutoffs.leadsBefore, cutoffs.spamLeadsBefore],
      );
      const unconfirmed = await client.query<{ id: string }>(
        `WITH gone AS (DELETE FROM subscribers s WHERE status = 'pending' AND signed_up_at < $1
           AND NOT EXISTS (SELECT 1 FROM subscriber_events e WHERE e.subscriber_id = s.id AND e.kind = 'confirmed') RETURNING id),
         events AS (DELETE FROM subscriber_events WHERE subscriber_id IN (SELECT id FROM gone)),
         jobs AS (DELETE FROM outbox WHERE subject_id IN (SELECT id FROM gone))
         SELECT id FROM gone`,
        [cutoffs.unconfirmedBefore],
      );
      const trustRequests = await client.query<{ id: string }>("SELECT id FROM trust_requests WHERE created_at < $1", [cutoffs.trustRequestsBefore]);
      await this.deleteTrustRequests(client, trustRequests.rows.map((row) => row.id));
      const jobs = await client.query("DELETE FROM outbox WHERE status = 'delivered' AND delivered_at < $1", [cutoffs.deliveredJobsBefore]);
      const count = (spam: boolean) => Number(leads.rows.find((row) => row.spam === spam)?.count ?? 0);
      const audit = await client.query("DELETE FROM console_audit WHERE at < $1", [cutoffs.auditBefore]);
      return {
        leads: count(false),
        spamLeads: count(true),
        unconfirmed: unconfirmed.rowCount ?? 0,
        trustRequests: trustRequests.rows.length,
        jobs: jobs.rowCount ?? 0,
        auditEntries: audit.rowCount ?? 0,
      };
    });
    if (result.leads + result.spamLeads + result.unconfirmed + result.trustRequests > 0) await this.vacuumFull(this.pool, PERSONAL_TABLES);
    return result;
  }

  async claimJobs(channels: readonly Channel[], limit: number, now: Date, leaseUntil: Date): Promise<OutboxJob[]> {
    // SKIP LOCKED: instances claiming at the same moment each take other rows
    // instead of waiting; the lease then keeps the rows theirs after the commit.
    const { rows } = await this.pool.query<Record<string, unknown>>(
      `UPDATE outbox SET attempts = attempts + 1, locked_until = $1
       WHERE id IN (
         SELECT id FROM outbox
         WHERE status = 'pending' AND next_attempt_at <= $2 AND (locked_until IS NULL OR locked_until <= $2) AND channel = ANY($3)
         ORDER BY priority, next_attempt_at LIMIT $4
         FOR UPDATE SKIP LOCKED)
       RETURNING *`,
      [leaseUntil, now, channels, limit],
    );
    // RETURNING gives rows in no promised order: the sooner ones are sent first.
    return rows.map(toOutboxJob).sort((a, b) => jobPriority(a.channel) - jobPriority(b.channel));
  }

  async claimDigestJobs(recipient: string, limit: number, now: Date, leaseUntil: Date): Promise<OutboxJob[]> {
    const { rows } = await this.pool.query<Record<string, unknown>>(
      `UPDATE outbox SET attempts = attempts + 1, locked_until = $1
       WHERE id IN (
         SELECT id FROM outbox
         WHERE recipient = $3 AND event = 'trust.access_digest' AND channel = 'approver-email' AND status = 'pending'
           AND next_attempt_at <= $2 AND (locked_until IS NULL OR locked_until <= $2)
         ORDER BY next_attempt_at LIMIT $4
         FOR UPDATE SKIP LOCKED)
       RETURNING *`,
      [leaseUntil, now, recipient, limit],
    );
    return rows.map(toOutboxJob);
  }

  recordCapHits(day: string, counts: readonly CapHitCount[], keepFrom: string): Promise<void> {
    return recordCapHits(this.pool, day, counts, keepFrom);
  }

  listCapHits(fromDay: string): Promise<DayCapHits[]> {
    return listCapHits(this.pool, fromDay);
  }

  async finishJob(id: string, outcome: JobOutcome, now: Date): Promise<void> {
    if (outcome.status === "delivered") {
      await this.pool.query(
        "UPDATE outbox SET status = 'delivered', delivered_at = $2, locked_until = NULL, last_error = '' WHERE id = $1",
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
    return rows.map(toOutboxJob);
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

  /** Every row whose address reaches the same mailbox, however spelt; then the file rewritten without them. */
  async deleteByEmail(email: string, jobs: readonly NewJob[]): Promise<ErasureResult> {
    const result = await this.transaction(async (client) => {
      const leads = await client.query<{ id: string; email: string }>("SELECT id, email FROM leads");
      const subscribers = await client.query<{ id: string; email: string; mailbox: string | null }>("SELECT id, email, mailbox FROM subscribers");
      const trustRequests = await client.query<{ id: string; email: string; mailbox: string }>("SELECT id, email, mailbox FROM trust_requests");
      const erased = erasureTargets(email, leads.rows, subscribers.rows, trustRequests.rows, jobs);
      const { leadIds, subscriberIds, trustRequestIds } = erased;
      const ids = [...leadIds, ...subscriberIds];
      const deletedJobs = await client.query("DELETE FROM outbox WHERE subject_id = ANY($1::uuid[])", [ids]);
      const trustJobs = await this.deleteTrustRequests(client, trustRequestIds);
      await client.query("DELETE FROM subscriber_events WHERE subscriber_id = ANY($1::uuid[])", [subscriberIds]);
      await client.query("DELETE FROM leads WHERE id = ANY($1::uuid[])", [leadIds]);
      await client.query("DELETE FROM subscribers WHERE id = ANY($1::uuid[])", [subscriberIds]);
      await client.query(`WITH subject AS (SELECT $1::uuid AS id) ${insertJobsSql("$2", "subject", "now()")}`, [randomUUID(), jobsParameter(erased.jobs)]);
      return {
        leads: leadIds.length,
        subscribers: subscriberIds.length,
        trustRequests: trustRequestIds.length,
        jobs: (deletedJobs.rowCount ?? 0) + trustJobs,
      };
    });
    await this.vacuumFull(this.pool, PERSONAL_TABLES);
    return result;
  }

  /** Deletes Trust Center requests with their links, downloads and jobs; returns the jobs deleted. */
  private async deleteTrustRequests(client: pg.PoolClient, ids: readonly string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const jobs = await client.query("DELETE FROM outbox WHERE subject_id = ANY($1::uuid[])", [ids]);
    await client.query("DELETE FROM trust_links WHERE request_id = ANY($1::uuid[])", [ids]);
    await client.query("DELETE FROM trust_downloads WHERE request_id = ANY($1::uuid[])", [ids]);
    await client.query("DELETE FROM trust_requests WHERE id = ANY($1::uuid[])", [ids]);
    return jobs.rowCount ?? 0;
  }

  saveTrustRequest(request: NewTrustRequest): Promise<TrustRequestResult> {
    const domain = mailboxDomain(request.mailbox);
    return this.transaction(async (client): Promise<TrustRequestResult> => {
      // Requests from one domain, on any instance, wait for each other, so a burst cannot pass the caps together.
      await client.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`trust:${domain}`]);
      const dayAgo = new Date(request.now.getTime() - 24 * HOUR_MS);
      const hourAgo = new Date(request.now.getTime() - HOUR_MS);
      const { rows } = await client.query<{ mailbox: string; domain: string; total: string }>(
        `SELECT count(*) FILTER (WHERE mailbox = $1 AND created_at > $3) AS mailbox,
           count(*) FILTER (WHERE domain = $2 AND created_at > $4) AS domain,
           count(*) FILTER (WHERE created_at > $4) AS total
         FROM trust_requests WHERE created_at > $3`,
        [request.mailbox, domain, dayAgo, hourAgo],
      );
      const counts = rows[0];
      // Past a cap the request is stored all the same; its approvers learn of it in their next digest (TRUST-6).
      const digest = trustDigestScope({ mailbox: Number(counts?.mailbox ?? 0), domain: Number(counts?.domain ?? 0), total: Number(counts?.total ?? 0) }, request.caps);
      const id = randomUUID();
      const { body } = request;
      await client.query(
        `INSERT INTO trust_requests (id, created_at, name, email, mailbox, domain, company, role, documents, reason, nda_version, nda_hash)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10, $11, $12)`,
        [id, request.now, body.name, body.email, request.mailbox, domain, body.company, body.role, JSON.stringify(body.documents), body.reason, body.ndaVersion, request.ndaHash],
      );
      for (const link of request.decisionLinks) {
        await client.query("INSERT INTO trust_links (token_hash, request_id, purpose, approver, expires_at) VALUES ($1, $2, $3, $4, $5)", [
          link.tokenHash,
          id,
          link.decision,
          link.approver,
          request.decisionExpiresAt,
        ]);
      }
      if (!digest) {
        await this.insertJobs(client, id, request.jobs, request.now);
        return { outcome: "queued", id };
      }
      for (const job of request.jobs) {
        if (job.channel === "approver-email" && job.recipient) {
          await this.insertJobs(client, id, [{ ...job, event: "trust.access_digest" }], request.now, await digestSlot(client, job.recipient, request.now));
        } else await this.insertJobs(client, id, [job], request.now);
      }
      return { outcome: "queued", id, digest };
    });
  }

  private async insertJobs(client: pg.PoolClient, subjectId: string, jobs: readonly NewJob[], now: Date, dueAt = now): Promise<void> {
    await client.query(`WITH subject AS (SELECT $1::uuid AS id) ${insertJobsSql("$2", "subject", "$3::timestamptz", "$4::timestamptz")}`, [
      subjectId,
      jobsParameter(jobs),
      now,
      dueAt,
    ]);
  }

  /** The pending request a link or id names, and the approver the link was sent to (empty for an id). */
  private async pendingTarget(
    client: pg.ClientBase | pg.Pool,
    target: TrustTarget,
    now: Date,
    lock: boolean,
  ): Promise<{ id: string; documents: string[]; approver: string } | undefined> {
    const forUpdate = lock ? "FOR UPDATE OF r" : "";
    const { rows } =
      "id" in target
        ? await client.query<{ id: string; documents: string[]; approver: string }>(
            `SELECT r.id, r.documents, '' AS approver FROM trust_requests r WHERE r.id::text = $1 AND r.status = 'pending' ${forUpdate}`,
            [target.id],
          )
        : await client.query<{ id: string; documents: string[]; approver: string }>(
            `SELECT r.id, r.documents, l.approver FROM trust_links l JOIN trust_requests r ON r.id = l.request_id
             WHERE l.token_hash = $1 AND l.purpose = $2 AND l.expires_at > $3 AND r.status = 'pending' ${forUpdate}`,
            [target.tokenHash, target.decision, now],
          );
    return rows[0];
  }

  async trustDecisionTarget(target: TrustTarget, now: Date): Promise<{ id: string; documents: string[] } | undefined> {
    const found = await this.pendingTarget(this.pool, target, now, false);
    return found && { id: found.id, documents: found.documents };
  }

  decideTrustRequest(decision: TrustDecision): Promise<LinkResult> {
    return this.transaction(async (client): Promise<LinkResult> => {
      const found = await this.pendingTarget(client, decision.target, decision.now, true);
      if (!found) return { status: "invalid" };
      await client.query("UPDATE trust_requests SET status = $2, decided_at = $3, decided_by = $4 WHERE id = $1", [
        found.id,
        decision.outcome,
        decision.now,
        decidedBy(decision.decidedBy, found.approver),
      ]);
      await client.query("DELETE FROM trust_links WHERE request_id = $1 AND purpose IN ('approve', 'deny')", [found.id]);
      if (decision.outcome === "approved") {
        for (const grant of decision.grants) {
          await client.query("INSERT INTO trust_links (token_hash, request_id, purpose, document, expires_at) VALUES ($1, $2, 'download', $3, $4)", [
            grant.tokenHash,
            found.id,
            grant.document,
            decision.grantExpiresAt,
          ]);
        }
      }
      await this.insertJobs(client, found.id, decision.jobs, decision.now);
      return { status: "done", id: found.id };
    });
  }

  revokeTrustRequest(id: string, now: Date): Promise<boolean> {
    return this.transaction(async (client) => {
      const revoked = await client.query(
        "UPDATE trust_requests SET status = 'revoked', decided_at = $2, decided_by = 'command line' WHERE id::text = $1 AND status = 'approved' RETURNING id",
        [id, now],
      );
      if (!revoked.rowCount) return false;
      await client.query("DELETE FROM trust_links WHERE request_id::text = $1", [id]);
      return true;
    });
  }

  /** The requests with their downloads, oldest download first. */
  private async withDownloads(rows: Record<string, unknown>[]): Promise<StoredTrustRequest[]> {
    const downloads = await this.pool.query<Record<string, unknown>>(
      "SELECT request_id, document, at FROM trust_downloads WHERE request_id = ANY($1::uuid[]) ORDER BY seq",
      [rows.map((row) => String(row.id))],
    );
    const byRequest = new Map<string, { document: string; at: string }[]>();
    for (const row of downloads.rows) {
      const id = String(row.request_id);
      byRequest.set(id, [...(byRequest.get(id) ?? []), toTrustDownloadRecord(row)]);
    }
    return rows.map((row) => toStoredTrustRequest(row, byRequest.get(String(row.id)) ?? []));
  }

  async trustDownload(tokenHash: string, now: Date): Promise<TrustDownload | undefined> {
    const { rows } = await this.pool.query<Record<string, unknown>>(
      `SELECT l.document AS link_document, r.* FROM trust_links l JOIN trust_requests r ON r.id = l.request_id
       WHERE l.token_hash = $1 AND l.purpose = 'download' AND l.expires_at > $2 AND r.status = 'approved'`,
      [tokenHash, now],
    );
    const row = rows[0];
    if (!row) return undefined;
    const [request] = await this.withDownloads([row]);
    return request && { request, document: String(row.link_document) };
  }

  /** One statement: the link is spent and the download recorded together, once; a racing DELETE finds the row gone. */
  async claimTrustDownload(tokenHash: string, now: Date): Promise<TrustDownloadClaim | undefined> {
    const { rows } = await this.pool.query<Record<string, unknown>>(
      `WITH spent AS (DELETE FROM trust_links WHERE token_hash = $1 AND purpose = 'download' AND expires_at > $2
           AND request_id IN (SELECT id FROM trust_requests WHERE status = 'approved')
         RETURNING request_id, document, expires_at),
       recorded AS (INSERT INTO trust_downloads (request_id, document, at) SELECT request_id, document, $2 FROM spent RETURNING seq)
       SELECT s.document AS link_document, s.expires_at AS link_expires_at, (SELECT seq FROM recorded) AS download_seq, r.*
       FROM spent s JOIN trust_requests r ON r.id = s.request_id`,
      [tokenHash, now],
    );
    const row = rows[0];
    if (!row) return undefined;
    const [request] = await this.withDownloads([row]);
    if (!request) return undefined;
    const document = String(row.link_document);
    const expiresAt = row.link_expires_at instanceof Date ? row.link_expires_at.toISOString() : String(row.link_expires_at);
    return { request, document, spent: { tokenHash, requestId: request.id, document, expiresAt, downloadSeq: Number(row.download_seq) } };
  }

  releaseTrustDownload(spent: SpentTrustLink): Promise<boolean> {
    return this.transaction(async (client) => {
      await client.query("DELETE FROM trust_downloads WHERE seq = $1 AND request_id::text = $2", [spent.downloadSeq, spent.requestId]);
      const restored = await client.query(
        `INSERT INTO trust_links (token_hash, request_id, purpose, document, expires_at)
         SELECT $1, id, 'download', $2, $3 FROM trust_requests WHERE id::text = $4 AND status = 'approved'
         ON CONFLICT DO NOTHING`,
        [spent.tokenHash, spent.document, spent.expiresAt, spent.requestId],
      );
      return (restored.rowCount ?? 0) > 0;
    });
  }

  async getTrustRequest(id: string): Promise<StoredTrustRequest | undefined> {
    const { rows } = await this.pool.query<Record<string, unknown>>("SELECT * FROM trust_requests WHERE id::text = $1", [id]);
    return (await this.withDownloads(rows))[0];
  }

  async listTrustRequests({ since }: { since?: Date } = {}): Promise<StoredTrustRequest[]> {
    const { rows } = await this.pool.query<Record<string, unknown>>("SELECT * FROM trust_requests WHERE created_at >= $1 ORDER BY created_at, id", [
      since ?? new Date(0),
    ]);
    return this.withDownloads(rows);
  }

  async markLeadHandled(id: string, operator: string, now: Date): Promise<boolean> {
    if (!isUuid(id)) return false;
    const { rowCount } = await this.pool.query("UPDATE leads SET handled_at = $1, handled_by = $2 WHERE id = $3 AND handled_at IS NULL", [now, operator, id]);
    return (rowCount ?? 0) > 0;
  }

  /** Resolves once the closed days' slots are gone from the table's files too (VACUUM FULL). */
  async closeTrafficDays(today: string, keepFrom: string): Promise<number> {
    const { closed, dropped } = await this.run("endTrafficDays", today, keepFrom);
    if (closed > 0) await vacuumFull(this.pool, TRAFFIC_DAY_TABLES);
    return closed + dropped;
  }

  async close(): Promise<void> {
    if (!this.pool.ended) await this.pool.end();
  }
}
