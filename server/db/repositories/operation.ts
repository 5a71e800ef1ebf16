import type { Operation, Sql } from "../query.ts";

/**
 * A store operation as the stores run it: its body, and whether it only
 * reads (a batch of reads takes no write lock in SQLite; PostgreSQL runs it
 * without a transaction).
 */
export interface StoreOperation<Args extends unknown[], Result> {
  reads: boolean;
  run: (sql: Sql, ...args: Args) => Operation<Result>;
}

export const readOperation = <Args extends unknown[], Result>(run: (sql: Sql, ...args: Args) => Operation<Result>): StoreOperation<Args, Result> => ({ reads: true, run });
export const writeOperation = <Args extends unknown[], Result>(run: (sql: Sql, ...args: Args) => Operation<Result>): StoreOperation<Args, Result> => ({ reads: false, run });
