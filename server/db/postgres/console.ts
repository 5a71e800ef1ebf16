import type pg from "pg";
import type { AuditPage, AuditQuery, NewConsoleSession, NewConsoleSignIn } from "../console-store.ts";

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

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Stores a sign-in link, replacing the operator's unused ones and their
 * e-mails not yet sent. The operator's advisory lock makes it one step across
 * instances.
 */
export async function saveConsoleSignIn(
  client: pg.PoolClient,
  signIn: NewConsoleSignIn,
  insertJobs: (subjectId: string) => Promise<void>,
): Promise<number> {
  await client.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`console-sign-in:${signIn.operator}`]);
  await client.query("DELETE FROM console_links WHERE created_at < $1", [new Date(signIn.now.getTime() - DAY_MS)]);
  await client.query(
    "DELETE FROM outbox WHERE status = 'pending' AND attempts = 0 AND subject_id IN (SELECT id FROM console_links WHERE operator = $1 AND used_at IS NULL)",
    [signIn.operator],
  );
  const replaced = await client.query("DELETE FROM console_links WHERE operator = $1 AND used_at IS NULL", [signIn.operator]);
  await client.query("INSERT INTO console_links (id, token_hash, operator, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)", [
    signIn.id,
    signIn.tokenHash,
    signIn.operator,
    signIn.now,
    signIn.expiresAt,
  ]);
  await insertJobs(signIn.id);
  return replaced.rowCount ?? 0;
}

export async function openConsoleSession(client: pg.PoolClient, tokenHash: string, now: Date, session: NewConsoleSession): Promise<string | undefined> {
  await client.query("DELETE FROM console_sessions WHERE expires_at < $1 OR idle_expires_at < $1", [now]);
  const spent = await client.query<{ operator: string }>(
    "UPDATE console_links SET used_at = $1 WHERE token_hash = $2 AND used_at IS NULL AND expires_at > $1 RETURNING operator",
    [now, tokenHash],
  );
  const operator = spent.rows[0]?.operator;
  if (!operator) return undefined;
  await client.query("INSERT INTO console_sessions (id_hash, operator, created_at, idle_expires_at, expires_at) VALUES ($1, $2, $3, $4, $5)", [
    session.idHash,
    operator,
    now,
    session.idleExpiresAt,
    session.expiresAt,
  ]);
  return operator;
}

export async function touchConsoleSession(pool: pg.Pool, idHash: string, now: Date, idleExpiresAt: Date): Promise<string | undefined> {
  const { rows } = await pool.query<{ operator: string }>(
    "UPDATE console_sessions SET idle_expires_at = LEAST($1, expires_at) WHERE id_hash = $2 AND idle_expires_at > $3 AND expires_at > $3 RETURNING operator",
    [idleExpiresAt, idHash, now],
  );
  return rows[0]?.operator;
}

/** One row more than asked tells whether there are more. */
export async function listConsoleAudit(pool: pg.Pool, query: AuditQuery): Promise<AuditPage> {
  const { rows } = await pool.query<{ seq: string; at: Date; operator: string; action: string; subject: string }>(
    `SELECT seq, at, operator, action, subject FROM console_audit
     WHERE ($1::bigint = 0 OR seq < $1) AND ($2 = '' OR operator = $2) AND ($3 = '' OR action = $3)
     ORDER BY seq DESC LIMIT $4`,
    [query.before ?? 0, query.operator ?? "", query.action ?? "", query.limit + 1],
  );
  const entries = rows.slice(0, query.limit).map((row) => ({ ...row, seq: Number(row.seq), at: row.at.toISOString() }));
  return { entries, more: rows.length > query.limit };
}
