import { OPERATIONS } from "../operations.ts";
import type { LeadDatabase } from "./database.ts";
import { serializeError, type Answer, type StoreCall } from "./protocol.ts";

export interface QueuedCall {
  id: number;
  call: StoreCall;
}

export interface BatchOutcome {
  answers: Answer[];
  /** True when the batch held a write and its COMMIT succeeded. */
  committed: boolean;
}

/** Calls that change nothing; a batch of only these needs no write lock. */
function isRead(call: StoreCall): boolean {
  switch (call.method) {
    case "operation":
      return OPERATIONS[call.name].reads;
    default:
      return false;
  }
}

function run(db: LeadDatabase, call: StoreCall): unknown {
  switch (call.method) {
    case "operation":
      return db.operate(call.name, call.args);
    case "compact":
      throw new Error("compact runs outside a batch");
  }
}

/**
 * Nothing in the batch was committed: every call fails with `error`. If even
 * the ROLLBACK throws, the connection is in an unknown state; the error then
 * escapes, the worker dies, and the store rejects the batch and starts afresh.
 */
function abandon(db: LeadDatabase, batch: readonly QueuedCall[], error: unknown): BatchOutcome {
  db.rollback();
  const serialized = serializeError(error);
  return { answers: batch.map(({ id }) => ({ id, ok: false, error: serialized })), committed: false };
}

/**
 * Group commit: the whole batch in one transaction, so one fsync answers many
 * calls. Each call runs inside its own savepoint, so a call that throws (a
 * constraint, a bad value) undoes only its own changes and fails alone, while
 * the others still commit. An answer is only sent back after COMMIT returned,
 * and a failed COMMIT fails every call in the batch.
 */
export function commitBatch(db: LeadDatabase, batch: readonly QueuedCall[]): BatchOutcome {
  const writes = batch.some(({ call }) => !isRead(call));
  const answers: Answer[] = [];
  try {
    db.begin(writes ? "IMMEDIATE" : "DEFERRED");
    for (const { id, call } of batch) {
      db.savepoint();
      try {
        const value = run(db, call);
        db.releaseSavepoint();
        answers.push({ id, ok: true, value });
      } catch (error) {
        // After SQLITE_FULL, SQLITE_IOERR or SQLITE_NOMEM SQLite may have rolled
        // back the whole transaction: the earlier calls' changes are gone too.
        if (!db.inTransaction) return abandon(db, batch, error);
        db.rollbackToSavepoint();
        answers.push({ id, ok: false, error: serializeError(error) });
      }
    }
    db.commit();
  } catch (error) {
    return abandon(db, batch, error);
  }
  return { answers, committed: writes };
}
