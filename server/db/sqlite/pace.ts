import type { DatabaseSync } from "node:sqlite";
import { DIGEST_INTERVAL_MS, nextSlot, paceKey } from "../mail-pace.ts";

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

/** The pacing of one store, inside the worker's transactions like every other call; the limits reached are counted by repositories/cap-hits.ts. */
export class SqlitePace {
  private readonly statements;

  constructor(db: DatabaseSync) {
    this.statements = {
      forget: db.prepare("DELETE FROM mail_pace WHERE tat < ?"),
      get: db.prepare("SELECT tat FROM mail_pace WHERE key = ?"),
      set: db.prepare("INSERT INTO mail_pace (key, tat) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET tat = excluded.tat"),
      openDigest: db.prepare(
        `SELECT MAX(next_attempt_at) AS at FROM outbox
         WHERE channel = 'approver-email' AND event = 'trust.access_digest' AND recipient = ? AND status = 'pending' AND attempts = 0`,
      ),
    };
  }

  private tat(key: string): number | undefined {
    const row = this.statements.get.get(key) as { tat: string } | undefined;
    return row ? Date.parse(row.tat) : undefined;
  }

  /** When a request joining `recipient`'s digest is mailed: with the digest not yet sent, or the next one, one an interval. */
  digestSlot(recipient: string, now: string): string {
    const open = (this.statements.openDigest.get(recipient) as { at: string | null }).at;
    if (open) return open;
    const key = paceKey("approver-digest", recipient);
    this.statements.forget.run(now);
    const next = nextSlot({ perHour: 3_600_000 / DIGEST_INTERVAL_MS, burst: 1 }, this.tat(key), Date.parse(now));
    this.statements.set.run(key, new Date(next.tat).toISOString());
    return new Date(next.at).toISOString();
  }
}
