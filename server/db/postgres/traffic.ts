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
