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
