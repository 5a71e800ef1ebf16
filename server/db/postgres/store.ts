import pg from "pg";
import type { CompiledQuery } from "kysely";
import { OPERATIONS, operationMethods, type OperationArgs, type OperationMethods, type OperationName, type OperationResult } from "../operations.ts";
import { runAsync, SQL } from "../query.ts";
import { MIGRATIONS as ALL_MIGRATIONS } from "../migrations/index.ts";
import type { StoreOperation } from "../repositories/operation.ts";
import { PERSONAL_TABLES } from "../schema.ts";
import { vacuumFull } from "./vacuum.ts";
import { guardWrites } from "./autocommit.ts";
import type { LeadStore } from "../lead-store.ts";

/** This backend's side of each schema change (server/db/migrations/), applied in order once each. */
export const MIGRATIONS: readonly (string | ((client: pg.PoolClient) => Promise<void>))[] = ALL_MIGRATIONS.map((migration) => migration.postgres);

/** After this version, the old tokens' bytes are rewritten away (VACUUM FULL). */
const VACUUM_AFTER_VERSION = 3;

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
      // The migration's own connection holds the migration lock: it rewrites there, once, outside any transaction.
      if (vacuum) await client.query(`VACUUM FULL ${PERSONAL_TABLES.join(", ")}`);
    } catch (error) {
      await client.query("ROLLBACK").catch(() => undefined);
      throw error;
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => undefined);
      client.release();
    }
  }

  /**
   * Runs an operation written with the query builder: a read, or a write of
   * one statement (`autocommit`), on any pooled connection; any other write in
   * one transaction.
   */
  run<Name extends OperationName>(name: Name, ...args: OperationArgs<Name>): Promise<OperationResult<Name>> {
    const operation = OPERATIONS[name] as StoreOperation<unknown[], OperationResult<Name>>;
    const on = (client: pg.Pool | pg.PoolClient) => (compiled: CompiledQuery) =>
      client.query<Record<string, unknown>>(compiled.sql, [...compiled.parameters]).then((result) => ({ rows: result.rows, changes: result.rowCount ?? 0 }));
    const answer = operation.autocommit
      ? runAsync(operation.run(SQL.postgres, ...args), guardWrites(name, operation.reads ? 0 : 1, on(this.pool)))
      : this.transaction((client) => runAsync(operation.run(SQL.postgres, ...args), on(client)));
    if (!operation.compactAfter) return answer;
    // Deleted rows' bytes stay in PostgreSQL's pages until VACUUM FULL rewrites the tables, after the commit.
    return answer.then(async (result) => {
      const tables = operation.compactAfter?.(result).postgres ?? [];
      if (tables.length > 0) await vacuumFull(this.pool, tables);
      return result;
    });
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

  async close(): Promise<void> {
    if (!this.pool.ended) await this.pool.end();
  }
}
