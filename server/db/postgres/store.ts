import { randomUUID } from "node:crypto";
import pg from "pg";
import type { CompiledQuery } from "kysely";
import { OPERATIONS, operationMethods, type OperationArgs, type OperationMethods, type OperationName, type OperationResult } from "../operations.ts";
import { runAsync, SQL } from "../query.ts";
import { MIGRATIONS as ALL_MIGRATIONS } from "../migrations/index.ts";
import type { StoreOperation } from "../repositories/operation.ts";
import { jobPriority, newJobId, type NewJob } from "../outbox-records.ts";
import { vacuumFull } from "./vacuum.ts";
import { TRAFFIC_DAY_TABLES } from "./traffic.ts";
import { erasureTargets, type ErasureResult, type LeadStore, type RetentionCutoffs, type RetentionResult } from "../store.ts";

/** This backend's side of each schema change (server/db/migrations/), applied in order once each. */
export const MIGRATIONS: readonly (string | ((client: pg.PoolClient) => Promise<void>))[] = ALL_MIGRATIONS.map((migration) => migration.postgres);

/** After this version, the old tokens' bytes are rewritten away (VACUUM FULL). */
const VACUUM_AFTER_VERSION = 3;

/** PostgreSQL leaves deleted rows' bytes in its pages until VACUUM FULL rewrites the table into new files. */
const PERSONAL_TABLES = ["leads", "subscribers", "subscriber_events", "outbox", "trust_requests", "trust_links", "trust_downloads"] as const;

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

  /** The operation alone: this store takes no after-step for a revocation (SQLite's checkpoints its WAL). */
  revokeTrustRequest(id: string, now: Date): Promise<boolean> {
    return this.run("revokeTrustAccess", id, now);
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
