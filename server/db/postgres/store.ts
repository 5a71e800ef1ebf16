import pg from "pg";
import type { CompiledQuery } from "kysely";
import { OPERATIONS, operationMethods, type OperationArgs, type OperationMethods, type OperationName, type OperationResult } from "../operations.ts";
import { runAsync, SQL } from "../query.ts";
import { MIGRATIONS as ALL_MIGRATIONS } from "../migrations/index.ts";
import type { StoreOperation } from "../repositories/operation.ts";
import { type NewJob } from "../outbox-records.ts";
import { vacuumFull } from "./vacuum.ts";
import { TRAFFIC_DAY_TABLES } from "./traffic.ts";
import { type ErasureResult, type LeadStore, type RetentionCutoffs, type RetentionResult } from "../store.ts";

/** This backend's side of each schema change (server/db/migrations/), applied in order once each. */
export const MIGRATIONS: readonly (string | ((client: pg.PoolClient) => Promise<void>))[] = ALL_MIGRATIONS.map((migration) => migration.postgres);

/** After this version, the old tokens' bytes are rewritten away (VACUUM FULL). */
const VACUUM_AFTER_VERSION = 3;

/** PostgreSQL leaves deleted rows' bytes in its pages until VACUUM FULL rewrites the table into new files. */
const PERSONAL_TABLES = ["leads", "subscribers", "subscriber_events", "outbox", "trust_requests", "trust_links", "trust_downloads"] as const;

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
    const result = await this.run("sweepRetention", cutoffs);
    if (result.leads + result.spamLeads + result.unconfirmed + result.trustRequests > 0) await this.vacuumFull(this.pool, PERSONAL_TABLES);
    return result;
  }

  /** Every row whose address reaches the same mailbox, however spelt; then the file rewritten without them. */
  async deleteByEmail(email: string, jobs: readonly NewJob[]): Promise<ErasureResult> {
    const result = await this.run("eraseMailbox", email, jobs, new Date());
    await this.vacuumFull(this.pool, PERSONAL_TABLES);
    return result;
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
