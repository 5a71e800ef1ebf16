import type pg from "pg";
import { DIGEST_INTERVAL_MS, nextSlot, paceKey } from "../mail-pace.ts";

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

/**
 * Takes each channel's lock (advisory, in key order, so two requests never
 * wait on each other in a circle) and reads its time: instances share the pace.
 */
async function lockedTats(client: pg.PoolClient, keys: readonly string[], now: Date): Promise<Map<string, number>> {
  for (const key of [...keys].sort()) await client.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`mail-pace:${key}`]);
  await client.query("DELETE FROM mail_pace WHERE tat < $1 AND key = ANY($2)", [now, keys]);
  const { rows } = await client.query<{ key: string; tat: Date }>("SELECT key, tat FROM mail_pace WHERE key = ANY($1)", [keys]);
  return new Map(rows.map((row) => [row.key, row.tat.getTime()]));
}

async function storeTat(client: pg.PoolClient, key: string, tat: number): Promise<void> {
  await client.query("INSERT INTO mail_pace (key, tat) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET tat = excluded.tat", [key, new Date(tat)]);
}

/** When a request joining `recipient`'s digest is mailed: with the digest not yet sent, or the next one, one an interval. */
export async function digestSlot(client: pg.PoolClient, recipient: string, now: Date): Promise<Date> {
  const key = paceKey("approver-digest", recipient);
  const tats = await lockedTats(client, [key], now);
  const { rows } = await client.query<{ at: Date | null }>(
    `SELECT max(next_attempt_at) AS at FROM outbox
     WHERE channel = 'approver-email' AND event = 'trust.access_digest' AND recipient = $1 AND status = 'pending' AND attempts = 0`,
    [recipient],
  );
  const open = rows[0]?.at;
  if (open) return open;
  const next = nextSlot({ perHour: 3_600_000 / DIGEST_INTERVAL_MS, burst: 1 }, tats.get(key), now.getTime());
  await storeTat(client, key, next.tat);
  return new Date(next.at);
}
