/** The console's tables and the outbox's new channel (requirements OPS-2, OPS-3): migration 7 of postgres-store.ts. */
export const CONSOLE_TABLES_SQL = `
  CREATE TABLE console_links (
    id UUID PRIMARY KEY,
    token_hash TEXT NOT NULL UNIQUE,
    operator TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL,
    used_at TIMESTAMPTZ
  );
  CREATE INDEX console_links_operator ON console_links (operator, created_at);
  CREATE TABLE console_sessions (
    id_hash TEXT PRIMARY KEY,
    operator TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    idle_expires_at TIMESTAMPTZ NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL
  );
  CREATE TABLE console_audit (
    seq BIGSERIAL PRIMARY KEY,
    at TIMESTAMPTZ NOT NULL,
    operator TEXT NOT NULL,
    action TEXT NOT NULL,
    subject TEXT NOT NULL
  );
  ALTER TABLE leads ADD COLUMN handled_at TIMESTAMPTZ, ADD COLUMN handled_by TEXT NOT NULL DEFAULT '';
  ALTER TABLE outbox DROP CONSTRAINT outbox_channel_check,
    ADD CONSTRAINT outbox_channel_check CHECK (channel IN ('sales-email', 'webhook', 'confirmation-email', 'approver-email', 'operator-email'));`;
