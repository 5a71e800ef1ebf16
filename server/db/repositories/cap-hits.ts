/**
 * How often a limit acted (requirement OPS-10), counted a day and a kind for
 * the console's delivery page. The server adds its counts every few seconds
 * (server/limits/cap-hits.ts), not a row a request.
 */
import { query, type Operation, type Sql } from "../query.ts";
import type { CapHitCount, CapHitKind, DayCapHits } from "../store.ts";
import { readOperation, writeOperation } from "./operation.ts";

/** Adds to a day's counts of limits reached and forgets days before `keepFrom` (both YYYY-MM-DD, UTC). */
function* recordCapHits({ db }: Sql, day: string, counts: readonly CapHitCount[], keepFrom: string): Operation<void> {
  yield* query(db.deleteFrom("cap_hits").where("day", "<", keepFrom));
  const byKind = new Map<string, number>();
  for (const { kind, count } of counts) if (count > 0) byKind.set(kind, (byKind.get(kind) ?? 0) + count);
  if (byKind.size === 0) return;
  // One statement, one row a kind, in the kinds' order: PostgreSQL refuses an upsert that meets a row twice, and
  // instances adding at once lock the rows in one order, so they never wait on each other in a circle.
  const rows = [...byKind].sort(([a], [b]) => (a < b ? -1 : 1)).map(([kind, count]) => ({ day, kind, count }));
  yield* query(
    db
      .insertInto("cap_hits")
      .values(rows)
      .onConflict((conflict) => conflict.columns(["day", "kind"]).doUpdateSet((eb) => ({ count: eb("cap_hits.count", "+", eb.ref("excluded.count")) }))),
  );
}

/** The counts of limits reached, a day and a kind, from `fromDay` on, newest first. */
function* listCapHits({ db }: Sql, fromDay: string): Operation<DayCapHits[]> {
  const { rows } = yield* query(db.selectFrom("cap_hits").select(["day", "kind", "count"]).where("day", ">=", fromDay).orderBy("day", "desc").orderBy("kind"));
  return rows.map((row) => ({ day: String(row.day), kind: row.kind as CapHitKind, count: Number(row.count) }));
}

export const capHitOperations = {
  recordCapHits: writeOperation(recordCapHits),
  listCapHits: readOperation(listCapHits),
};
