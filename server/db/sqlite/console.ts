import { outboxWithChannels } from "./outbox-table.ts";

/** The console's tables and the outbox's new channel (requirements OPS-2, OPS-3): migration 7 of sqlite-database.ts. */
export const CONSOLE_TABLES_SQL = `
  CREATE TABLE console_links (
    id TEXT PRIMARY KEY,
    token_hash TEXT NOT NULL UNIQUE,
    operator TEXT NOT NULL,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    used_at TEXT
  );
  CREATE INDEX console_links_operator ON console_links (operator, created_at);
  CREATE TABLE console_sessions (
    id_hash TEXT PRIMARY KEY,
    operator TEXT NOT NULL,
    created_at TEXT NOT NULL,
    idle_expires_at TEXT NOT NULL,
    expires_at TEXT NOT NULL
  );
  CREATE TABLE console_audit (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    at TEXT NOT NULL,
    operator TEXT NOT NULL,
    action TEXT NOT NULL,
    subject TEXT NOT NULL
  );
  ALTER TABLE leads ADD COLUMN handled_at TEXT;
  ALTER TABLE leads ADD COLUMN handled_by TEXT NOT NULL DEFAULT '';
  ${outboxWithChannels(["sales-email", "webhook", "confirmation-email", "approver-email", "operator-email"])}`;
