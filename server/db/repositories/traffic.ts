/**
 * The cookieless traffic aggregates (requirement ANA-2): a day's views and
 * visitors a page, source, device and browser, and its conversions by landing
 * page. A visitor is a slot of the day, deleted when the day ends; the
 * day's salt is never stored (server/analytics/counter.ts).
 */
import { conversionKey, foldConversions, planTraffic, type ConversionRow, type TrafficBatch, type TrafficRow, type VisitorLanding } from "../traffic-store.ts";
import { query, type Operation, type Sql } from "../query.ts";
import { readOperation, writeOperation } from "./operation.ts";

/**
 * Rows one statement writes or looks up at most, so its parameters stay far
 * below either database's limit (SQLite 32,766, PostgreSQL 65,535) however
 * large a flush an outage held back (the counter keeps up to 100,000 views).
 */
const ROWS_PER_STATEMENT = 500;

function inParts<T>(items: readonly T[]): T[][] {
  const parts: T[][] = [];
  for (let start = 0; start < items.length; start += ROWS_PER_STATEMENT) parts.push(items.slice(start, start + ROWS_PER_STATEMENT));
  return parts;
}

function byKey(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function toLanding(row: Record<string, unknown>): VisitorLanding {
  return {
    slot: Number(row.slot),
    landing: String(row.landing),
    referrer: String(row.referrer),
    source: String(row.source),
    medium: String(row.medium),
    campaign: String(row.campaign),
  };
}

/**
 * Adds a batch to the day's aggregates, in one transaction, each step a few
 * statements of many rows: new slots first (a slot another instance inserted
 * meanwhile is not new, and does not come back from the insert), then the
 * rows added to (never overwritten, so concurrent instances lose no
 * increment), then the conversions against the slots' landings.
 */
function* recordTraffic({ db }: Sql, batch: TrafficBatch): Operation<void> {
  const { day } = batch;
  const plan = planTraffic(batch);
  // Rows are locked in one order by every instance, so two batches never wait on each other in a circle (a deadlock in PostgreSQL).
  const visitors = [...plan.visitors].sort((a, b) => a.slot - b.slot);
  const fresh = new Set<number>();
  for (const part of inParts(visitors)) {
    const { rows } = yield* query(
      db
        .insertInto("traffic_visitors")
        .values(part.map((visitor) => ({ day, slot: visitor.slot, landing: visitor.landing, referrer: visitor.referrer, source: visitor.source, medium: visitor.medium, campaign: visitor.campaign })))
        .onConflict((conflict) => conflict.doNothing())
        .returning("slot"),
    );
    for (const row of rows) fresh.add(Number(row.slot));
  }
  const rows = [...plan.rows.entries()].sort(([a], [b]) => byKey(a, b)).map(([, row]) => row);
  for (const part of inParts(rows)) {
    yield* query(
      db
        .insertInto("traffic_daily")
        .values(
          part.map(({ view, views, firstViewSlots }) => ({
            day,
            path: view.path,
            referrer: view.referrer,
            source: view.source,
            medium: view.medium,
            campaign: view.campaign,
            device: view.device,
            browser: view.browser,
            views,
            visitors: firstViewSlots.filter((slot) => fresh.has(slot)).length,
          })),
        )
        .onConflict((conflict) =>
          conflict
            .columns(["day", "path", "referrer", "source", "medium", "campaign", "device", "browser"])
            .doUpdateSet((row) => ({ views: row("traffic_daily.views", "+", row.ref("excluded.views")), visitors: row("traffic_daily.visitors", "+", row.ref("excluded.visitors")) })),
        ),
    );
  }
  if (batch.conversions.length === 0) return;
  const slots = [...new Set(batch.conversions.flatMap((conversion) => (conversion.slot === null ? [] : [conversion.slot])))];
  const landings = new Map<number, VisitorLanding>();
  for (const part of inParts(slots)) {
    const { rows: found } = yield* query(
      db.selectFrom("traffic_visitors").select(["slot", "landing", "referrer", "source", "medium", "campaign"]).where("day", "=", day).where("slot", "in", part),
    );
    for (const row of found) landings.set(Number(row.slot), toLanding(row));
  }
  const conversions = foldConversions(day, batch.conversions, landings).sort((a, b) => byKey(conversionKey(a), conversionKey(b)));
  for (const part of inParts(conversions)) {
    yield* query(
      db
        .insertInto("traffic_conversions")
        .values(part)
        .onConflict((conflict) =>
          conflict.columns(["day", "landing", "referrer", "source", "medium", "campaign", "kind"]).doUpdateSet((row) => ({ count: row("traffic_conversions.count", "+", row.ref("excluded.count")) })),
        ),
    );
  }
}

/**
 * Deletes the slots of the days before `today`, and aggregates of days before
 * `keepFrom`: how many slots (`closed`) and aggregate rows (`dropped`) went.
 * The deleted slots' bytes then leave the database's files (its compaction,
 * below).
 */
function* endTrafficDays({ db }: Sql, today: string, keepFrom: string): Operation<{ closed: number; dropped: number }> {
  const { changes: closed } = yield* query(db.deleteFrom("traffic_visitors").where("day", "<", today));
  const { changes: views } = yield* query(db.deleteFrom("traffic_daily").where("day", "<", keepFrom));
  const { changes: conversions } = yield* query(db.deleteFrom("traffic_conversions").where("day", "<", keepFrom));
  return { closed, dropped: views + conversions };
}

/** The aggregates of the days from `from` to `to`, both included. */
function* trafficRows({ db }: Sql, from: string, to: string): Operation<{ views: TrafficRow[]; conversions: ConversionRow[] }> {
  const { rows: views } = yield* query(
    db
      .selectFrom("traffic_daily")
      .select(["day", "path", "referrer", "source", "medium", "campaign", "device", "browser", "views", "visitors"])
      .where("day", ">=", from)
      .where("day", "<=", to)
      .orderBy("day"),
  );
  const { rows: conversions } = yield* query(
    db
      .selectFrom("traffic_conversions")
      .select(["day", "landing", "referrer", "source", "medium", "campaign", "kind", "count"])
      .where("day", ">=", from)
      .where("day", "<=", to)
      .orderBy("day"),
  );
  const source = (row: Record<string, unknown>) => ({ referrer: String(row.referrer), source: String(row.source), medium: String(row.medium), campaign: String(row.campaign) });
  return {
    views: views.map((row) => ({
      day: String(row.day),
      path: String(row.path),
      ...source(row),
      device: row.device as TrafficRow["device"],
      browser: row.browser as TrafficRow["browser"],
      views: Number(row.views),
      visitors: Number(row.visitors),
    })),
    conversions: conversions.map((row) => ({ day: String(row.day), landing: String(row.landing), ...source(row), kind: row.kind as ConversionRow["kind"], count: Number(row.count) })),
  };
}

export const trafficOperations = {
  recordTraffic: writeOperation(recordTraffic),
  // The closed days' slots leave the files too: SQLite empties its WAL of them, PostgreSQL rewrites the slots' table.
  endTrafficDays: writeOperation(endTrafficDays, {
    compactAfter: ({ closed, dropped }) => ({ ...(closed + dropped > 0 ? { sqlite: "checkpoint" } : {}), ...(closed > 0 ? { postgres: ["traffic_visitors"] } : {}) }),
  }),
  trafficRows: readOperation(trafficRows),
};
