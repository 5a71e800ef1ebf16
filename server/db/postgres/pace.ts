/** Paced mail, the limits reached, and the append-only audit log (LEAD-31, OPS-3, OPS-10): migration 11 of postgres-store.ts. */
export const PACE_TABLES_SQL = `
  CREATE TABLE mail_pace (key TEXT PRIMARY KEY, tat TIMESTAMPTZ NOT NULL);
  CREATE TABLE cap_hits (day TEXT NOT NULL, kind TEXT NOT NULL, count INTEGER NOT NULL, PRIMARY KEY (day, kind));
  CREATE INDEX outbox_digest ON outbox (recipient, event, status);
  CREATE INDEX console_audit_at ON console_audit (at);
  CREATE OR REPLACE FUNCTION console_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS
    $$ BEGIN RAISE EXCEPTION 'the audit log is append-only'; END $$;
  CREATE TRIGGER console_audit_append_only BEFORE UPDATE ON console_audit
    FOR EACH ROW EXECUTE FUNCTION console_audit_append_only();`;
