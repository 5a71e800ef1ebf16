/**
 * Each store operation is written once (server/db/repositories/), with the
 * Kysely query builder, for SQLite and PostgreSQL alike. An operation is a
 * generator: it yields each query, compiled for its backend, and is handed
 * back the rows. The SQLite worker drives it synchronously, inside its group
 * commit on the one connection it owns; PostgreSQL drives it with awaits, on
 * one pooled client. So the SQL has one author, and neither backend gives up
 * the way it runs (ADR 0011).
 */
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type Compilable,
  type CompiledQuery,
} from "kysely";
import type { Database } from "./schema.ts";

export type Dialect = "sqlite" | "postgres";

/** What a query gave back: its rows (none for a write without RETURNING) and how many rows it changed. */
export interface QueryResult {
  rows: Record<string, unknown>[];
  changes: number;
}

/** A store operation: yields compiled queries, receives their results, returns its answer. */
export type Operation<T> = Generator<CompiledQuery, T, QueryResult>;

/** The query builder of one backend; it only compiles, the stores execute. */
export interface Sql {
  dialect: Dialect;
  db: Kysely<Database>;
}

function builder(dialect: Dialect): Sql {
  const db = new Kysely<Database>({
    dialect:
      dialect === "sqlite"
        ? { createAdapter: () => new SqliteAdapter(), createDriver: () => new DummyDriver(), createIntrospector: (kysely) => new SqliteIntrospector(kysely), createQueryCompiler: () => new SqliteQueryCompiler() }
        : { createAdapter: () => new PostgresAdapter(), createDriver: () => new DummyDriver(), createIntrospector: (kysely) => new PostgresIntrospector(kysely), createQueryCompiler: () => new PostgresQueryCompiler() },
  });
  return { dialect, db };
}

export const SQL: Readonly<Record<Dialect, Sql>> = { sqlite: builder("sqlite"), postgres: builder("postgres") };

/** Runs one query inside an operation: `const { rows } = yield* query(…)`. */
export function* query(compilable: Compilable): Generator<CompiledQuery, QueryResult, QueryResult> {
  return yield compilable.compile();
}

/** Drives an operation to its end, each query answered at once (SQLite, in the worker). */
export function runSync<T>(operation: Operation<T>, execute: (compiled: CompiledQuery) => QueryResult): T {
  let step = operation.next();
  while (!step.done) step = operation.next(execute(step.value));
  return step.value;
}

/** Drives an operation to its end, each query awaited (PostgreSQL). */
export async function runAsync<T>(operation: Operation<T>, execute: (compiled: CompiledQuery) => Promise<QueryResult>): Promise<T> {
  let step = operation.next();
  while (!step.done) step = operation.next(await execute(step.value));
  return step.value;
}
