import type pg from "pg";
import { conversionKey, foldConversions, planTraffic, type ConversionRow, type TrafficBatch, type TrafficRow, type VisitorLanding } from "../traffic-store.ts";

/** The traffic tables (requirement ANA-2): migration 6 of postgres-store.ts. The same columns as SQLite's (sqlite-traffic.ts); `traffic_salts` is dropped by DROP_TRAFFIC_SALTS_SQL. */
export const TRAFFIC_TABLES_SQL = `
  CREATE TABLE traffic_salts (day TEXT PRIMARY KEY, salt TEXT NOT NULL);
  CREATE TABLE traffic_visitors (
    day TEXT NOT NULL, slot INTEGER NOT NULL, landing TEXT NOT NULL,
    referrer TEXT NOT NULL, source TEXT NOT NULL, medium TEXT NOT NULL, campaign TEXT NOT NULL,
    PRIMARY KEY (day, slot)
  );
  CREATE TABLE traffic_daily (
    day TEXT NOT NULL, path TEXT NOT NULL,
    referrer TEXT NOT NULL, source TEXT NOT NULL, medium TEXT NOT NULL, campaign TEXT NOT NULL,
    device TEXT NOT NULL, browser TEXT NOT NULL, views BIGINT NOT NULL, visitors BIGINT NOT NULL,
    PRIMARY KEY (day, path, referrer, source, medium, campaign, device, browser)
  );
  CREATE TABLE traffic_conversions (
    day TEXT NOT NULL, landing TEXT NOT NULL,
    referrer TEXT NOT NULL, source TEXT NOT NULL, medium TEXT NOT NULL, campaign TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('demo', 'lead', 'sign-up')), count BIGINT NOT NULL,
    PRIMARY KEY (day, landing, referrer, source, medium, campaign, kind)
  );`;

/**
 * The migration that drops the days' stored salts, as in SQLite (sqlite-traffic.ts):
 * the salt is derived from a key outside the database. DROP TABLE removes the
 * table's files, so no page keeps a salt.
 */
export const DROP_TRAFFIC_SALTS_SQL = "DROP TABLE IF EXISTS traffic_salts";

/** The tables whose deleted rows must leave no bytes behind: a closed day's slots. */
export const TRAFFIC_DAY_TABLES = ["traffic_visitors"] as const;

const SOURCE = "referrer, source, medium, campaign";

function byKey(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * One batch in the caller's transaction, each step one statement over arrays:
 * new slots first (a slot another instance inserted meanwhile is not new),
 * then the rows added to (never overwritten, so concurrent instances lose no
 * increment), then the conversions against the slots' landings.
 */
export async function recordTraffic(client: pg.PoolClient, batch: TrafficBatch): Promise<void> {
  const plan = planTraffic(batch);
  // Rows are locked in one order by every instance, so two batches never wait on each other in a circle (a deadlock).
  plan.visitors.sort((a, b) => a.slot - b.slot);
  const fresh = new Set<number>();
  if (plan.visitors.length > 0) {
    const inserted = await client.query<{ slot: number }>(
      `INSERT INTO traffic_visitors (day, slot, landing, ${SOURCE})
       SELECT $1, * FROM unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])
       ON CONFLICT DO NOTHING RETURNING slot`,
      [
        batch.day,
        plan.visitors.map((visitor) => visitor.slot),
        plan.visitors.map((visitor) => visitor.landing),
        plan.visitors.map((visitor) => visitor.referrer),
        plan.visitors.map((visitor) => visitor.source),
        plan.visitors.map((visitor) => visitor.medium),
        plan.visitors.map((visitor) => visitor.campaign),
      ],
    );
    for (const row of inserted.rows) fresh.add(row.slot);
  }
  const rows = [...plan.rows.entries()].sort(([a], [b]) => byKey(a, b)).map(([, row]) => row);
  if (rows.length > 0) {
    await client.query(
      `INSERT INTO traffic_daily (day, path, ${SOURCE}, device, browser, views, visitors)
       SELECT $1, * FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::bigint[], $10::bigint[])
       ON CONFLICT (day, path, ${SOURCE}, device, browser) DO UPDATE
         SET views = traffic_daily.views + excluded.views, visitors = traffic_daily.visitors + excluded.visitors`,
      [
        batch.day,
        rows.map((row) => row.view.path),
        rows.map((row) => row.view.referrer),
        rows.map((row) => row.view.source),
        rows.map((row) => row.view.medium),
        rows.map((row) => row.view.campaign),
        rows.map((row) => row.view.device),
        rows.map((row) => row.view.browser),
        rows.map((row) => row.views),
        rows.map((row) => row.firstViewSlots.filter((slot) => fresh.has(slot)).length),
      ],
    );
  }
  if (batch.conversions.length === 0) return;
  const slots = [...new Set(batch.conversions.flatMap((conversion) => (conversion.slot === null ? [] : [conversion.slot])))];
  const landings = new Map<number, VisitorLanding>();
  if (slots.length > 0) {
    const found = await client.query<VisitorLanding>(`SELECT slot, landing, ${SOURCE} FROM traffic_visitors WHERE day = $1 AND slot = ANY($2::int[])`, [batch.day, slots]);
    for (const row of found.rows) landings.set(row.slot, row);
  }
  const conversions = foldConversions(batch.day, batch.conversions, landings).sort((a, b) => byKey(conversionKey(a), conversionKey(b)));
  await client.query(
    `INSERT INTO traffic_conversions (day, landing, ${SOURCE}, kind, count)
     SELECT $1, * FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::bigint[])
     ON CONFLICT (day, landing, ${SOURCE}, kind) DO UPDATE SET count = traffic_conversions.count + excluded.count`,
    [
      batch.day,
      conversions.map((row) => row.landing),
      conversions.map((row) => row.referrer),
      conversions.map((row) => row.source),
      conversions.map((row) => row.medium),
      conversions.map((row) => row.campaign),
      conversions.map((row) => row.kind),
      conversions.map((row) => row.count),
    ],
  );
}

/** Deletes closed days' slots, and aggregates past retention; the count of rows deleted. */
export async function closeTrafficDays(client: pg.PoolClient, today: string, keepFrom: string): Promise<{ closed: number; dropped: number }> {
  const visitors = await client.query("DELETE FROM traffic_visitors WHERE day < $1", [today]);
  const views = await client.query("DELETE FROM traffic_daily WHERE day < $1", [keepFrom]);
  const conversions = await client.query("DELETE FROM traffic_conversions WHERE day < $1", [keepFrom]);
  return { closed: visitors.rowCount ?? 0, dropped: (views.rowCount ?? 0) + (conversions.rowCount ?? 0) };
}

export async function trafficRows(pool: pg.Pool, from: string, to: string): Promise<{ views: TrafficRow[]; conversions: ConversionRow[] }> {
  const views = await pool.query<TrafficRow>(
    `SELECT day, path, ${SOURCE}, device, browser, views::int AS views, visitors::int AS visitors FROM traffic_daily WHERE day >= $1 AND day <= $2 ORDER BY day`,
    [from, to],
  );
  const conversions = await pool.query<ConversionRow>(
    `SELECT day, landing, ${SOURCE}, kind, count::int AS count FROM traffic_conversions WHERE day >= $1 AND day <= $2 ORDER BY day`,
    [from, to],
  );
  return { views: views.rows, conversions: conversions.rows };
}
