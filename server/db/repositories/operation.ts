import type { Operation, Sql } from "../query.ts";
import type { Database } from "../schema.ts";

/**
 * What a store does to its files once an operation has committed, so that
 * rows it deleted leave no byte behind (requirements LEAD-24, LEAD-25, ANA-2).
 * Each backend's way sits beside the other's.
 */
export interface Compaction {
  /**
   * SQLite (secure_delete has zeroed the rows in their pages): "checkpoint"
   * copies the WAL, which still holds the rows' earlier versions, into the
   * file and empties it; "vacuum" first rewrites the file without free pages.
   */
  sqlite?: "checkpoint" | "vacuum";
  /** PostgreSQL keeps deleted rows' bytes in its pages until VACUUM FULL rewrites these tables into new files. */
  postgres?: readonly (keyof Database)[];
}

/**
 * A store operation as the stores run it: its body, and whether it only
 * reads (a batch of reads takes no write lock in SQLite; PostgreSQL runs it
 * without a transaction).
 */
export interface StoreOperation<Args extends unknown[], Result> {
  reads: boolean;
  /**
   * It writes with one statement on PostgreSQL and only reads after it, so it
   * runs there without a transaction of its own: a statement commits
   * atomically by itself, and BEGIN and COMMIT would cost two round trips of
   * the three. The PostgreSQL store refuses a second write from it. (SQLite's
   * worker wraps every call in its group commit; this changes nothing there.)
   */
  autocommit: boolean;
  run: (sql: Sql, ...args: Args) => Operation<Result>;
  /** What the files must lose after it has committed, given its answer; the store resolves only once they have. */
  // A method, so that the registry can hold every operation whatever its result (methods' parameters are bivariant).
  compactAfter?(result: Result): Compaction;
}

export const readOperation = <Args extends unknown[], Result>(run: (sql: Sql, ...args: Args) => Operation<Result>): StoreOperation<Args, Result> => ({
  reads: true,
  autocommit: true,
  run,
});

export const writeOperation = <Args extends unknown[], Result>(
  run: (sql: Sql, ...args: Args) => Operation<Result>,
  { autocommit = false, compactAfter }: { autocommit?: boolean; compactAfter?: (result: Result) => Compaction } = {},
): StoreOperation<Args, Result> => ({ reads: false, autocommit, run, ...(compactAfter ? { compactAfter } : {}) });
