/**
 * Paced mail and the record of limits reached (requirements LEAD-31, OPS-10):
 * migration 11 of sqlite-database.ts. `mail_pace` holds one time a busy
 * channel; `cap_hits` counts, a day and a kind, how often a limit acted.
 */
export const PACE_TABLES_SQL = `
  CREATE TABLE mail_pace (key TEXT PRIMARY KEY, tat TEXT NOT NULL);
  CREATE TABLE cap_hits (day TEXT NOT NULL, kind TEXT NOT NULL, count INTEGER NOT NULL, PRIMARY KEY (day, kind));
  CREATE INDEX outbox_digest ON outbox (recipient, event, status);
  CREATE INDEX console_audit_at ON console_audit (at);
  CREATE TRIGGER console_audit_append_only BEFORE UPDATE ON console_audit
    BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;`;
