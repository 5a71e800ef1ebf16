import type { DatabaseSync } from "node:sqlite";
import { foldConversions, planTraffic, type ConversionRow, type TrafficBatch, type TrafficRow, type VisitorLanding } from "../traffic-store.ts";

/** The traffic tables (requirement ANA-2): migration 6 of sqlite-database.ts; its `traffic_salts` is dropped by DROP_TRAFFIC_SALTS_SQL. */
export const TRAFFIC_TABLES_SQL = `
  CREATE TABLE traffic_salts (day TEXT PRIMARY KEY, salt TEXT NOT NULL);
  CREATE TABLE traffic_visitors (
    day TEXT NOT NULL,
    slot INTEGER NOT NULL,
    landing TEXT NOT NULL,
    referrer TEXT NOT NULL,
    source TEXT NOT NULL,
    medium TEXT NOT NULL,
    campaign TEXT NOT NULL,
    PRIMARY KEY (day, slot)
  ) WITHOUT ROWID;
  CREATE TABLE traffic_daily (
    day TEXT NOT NULL,
    path TEXT NOT NULL,
    referrer TEXT NOT NULL,
    source TEXT NOT NULL,
    medium TEXT NOT NULL,
    campaign TEXT NOT NULL,
    device TEXT NOT NULL,
    browser TEXT NOT NULL,
    views INTEGER NOT NULL,
    visitors INTEGER NOT NULL,
    PRIMARY KEY (day, path, referrer, source, medium, campaign, device, browser)
  ) WITHOUT ROWID;
  CREATE TABLE traffic_conversions (
    day TEXT NOT NULL,
    landing TEXT NOT NULL,
    referrer TEXT NOT NULL,
    source TEXT NOT NULL,
    medium TEXT NOT NULL,
    campaign TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('demo', 'lead', 'sign-up')),
    count INTEGER NOT NULL,
    PRIMARY KEY (day, landing, referrer, source, medium, campaign, kind)
  ) WITHOUT ROWID;`;

/**
 * The migration that drops the days' stored salts: a salt beside its slots let
 * a copy of the file link a known address to its day's visit. The salt is now
 * derived from a key outside the database (server/analytics/counter.ts). The
 * file is vacuumed after it (sqlite-database.ts), so no page keeps a salt.
 */
export const DROP_TRAFFIC_SALTS_SQL = "DROP TABLE IF EXISTS traffic_salts";

const SOURCE = "referrer, source, medium, campaign";

/** The traffic aggregates in the SQLite file; runs inside the worker's transactions like every other call. */
export class SqliteTraffic {
  private readonly statements;

  constructor(db: DatabaseSync) {
    this.statements = {
      insertVisitor: db.prepare(`INSERT INTO traffic_visitors (day, slot, landing, ${SOURCE}) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`),
      landing: db.prepare(`SELECT slot, landing, ${SOURCE} FROM traffic_visitors WHERE day = ? AND slot = ?`),
      addViews: db.prepare(
        `INSERT INTO traffic_daily (day, path, ${SOURCE}, device, browser, views, visitors) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT DO UPDATE SET views = views + excluded.views, visitors = visitors + excluded.visitors`,
      ),
      addConversions: db.prepare(
        `INSERT INTO traffic_conversions (day, landing, ${SOURCE}, kind, count) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT DO UPDATE SET count = count + excluded.count`,
      ),
      closeVisitors: db.prepare("DELETE FROM traffic_visitors WHERE day < ?"),
      dropViews: db.prepare("DELETE FROM traffic_daily WHERE day < ?"),
      dropConversions: db.prepare("DELETE FROM traffic_conversions WHERE day < ?"),
      views: db.prepare(`SELECT day, path, ${SOURCE}, device, browser, views, visitors FROM traffic_daily WHERE day >= ? AND day <= ? ORDER BY day`),
      conversions: db.prepare(`SELECT day, landing, ${SOURCE}, kind, count FROM traffic_conversions WHERE day >= ? AND day <= ? ORDER BY day`),
    };
  }

  record(batch: TrafficBatch): void {
    const plan = planTraffic(batch);
    const fresh = new Set<number>();
    for (const visitor of plan.visitors) {
      const { changes } = this.statements.insertVisitor.run(batch.day, visitor.slot, visitor.landing, visitor.referrer, visitor.source, visitor.medium, visitor.campaign);
      if (Number(changes) > 0) fresh.add(visitor.slot);
    }
    for (const { view, views, firstViewSlots } of plan.rows.values()) {
      const visitors = firstViewSlots.filter((slot) => fresh.has(slot)).length;
      this.statements.addViews.run(batch.day, view.path, view.referrer, view.source, view.medium, view.campaign, view.device, view.browser, views, visitors);
    }
    const landings = new Map<number, VisitorLanding>();
    for (const { slot } of batch.conversions) {
      if (slot === null || landings.has(slot)) continue;
      const row = this.statements.landing.get(batch.day, slot) as VisitorLanding | undefined;
      if (row) landings.set(slot, row);
    }
    for (const row of foldConversions(batch.day, batch.conversions, landings)) {
      this.statements.addConversions.run(row.day, row.landing, row.referrer, row.source, row.medium, row.campaign, row.kind, row.count);
    }
  }

  close(today: string, keepFrom: string): number {
    return [
      this.statements.closeVisitors.run(today),
      this.statements.dropViews.run(keepFrom),
      this.statements.dropConversions.run(keepFrom),
    ].reduce((sum, result) => sum + Number(result.changes), 0);
  }

  rows(from: string, to: string): { views: TrafficRow[]; conversions: ConversionRow[] } {
    return {
      views: this.statements.views.all(from, to) as unknown as TrafficRow[],
      conversions: this.statements.conversions.all(from, to) as unknown as ConversionRow[],
    };
  }
}
