import type { DatabaseSync } from "node:sqlite";
import type { AuditPage, AuditQuery, ConsoleAuditEntry } from "../console-store.ts";
import type { NewJob } from "../outbox-records.ts";
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

const DAY_MS = 24 * 60 * 60 * 1000;

/** The console's records in the SQLite file; runs inside the worker's transactions like every other call. */
export class SqliteConsole {
  private readonly statements;
  private readonly insertJobs: (jobs: readonly NewJob[], subjectId: string, now: string) => void;

  /** `insertJobs`: the lead database's own, so every job is written alike. */
  constructor(db: DatabaseSync, insertJobs: (jobs: readonly NewJob[], subjectId: string, now: string) => void) {
    this.insertJobs = insertJobs;
    this.statements = {
      forgetLinks: db.prepare("DELETE FROM console_links WHERE created_at < ?"),
      forgetSessions: db.prepare("DELETE FROM console_sessions WHERE expires_at < ? OR idle_expires_at < ?"),
      // A newer link replaces the operator's unused ones, and their e-mails not yet sent.
      replacedJobs: db.prepare(
        "DELETE FROM outbox WHERE status = 'pending' AND attempts = 0 AND subject_id IN (SELECT id FROM console_links WHERE operator = ? AND used_at IS NULL)",
      ),
      replaceLinks: db.prepare("DELETE FROM console_links WHERE operator = ? AND used_at IS NULL"),
      insertLink: db.prepare("INSERT INTO console_links (id, token_hash, operator, created_at, expires_at) VALUES (?, ?, ?, ?, ?)"),
      spendLink: db.prepare("UPDATE console_links SET used_at = ? WHERE token_hash = ? AND used_at IS NULL AND expires_at > ? RETURNING operator"),
      insertSession: db.prepare("INSERT INTO console_sessions (id_hash, operator, created_at, idle_expires_at, expires_at) VALUES (?, ?, ?, ?, ?)"),
      touchSession: db.prepare(
        "UPDATE console_sessions SET idle_expires_at = min(?, expires_at) WHERE id_hash = ? AND idle_expires_at > ? AND expires_at > ? RETURNING operator",
      ),
      endSession: db.prepare("DELETE FROM console_sessions WHERE id_hash = ?"),
      audit: db.prepare("INSERT INTO console_audit (at, operator, action, subject) VALUES (?, ?, ?, ?)"),
      // ?1 before this seq (0: none), ?2 of this operator, ?3 this action (''": any), ?4 rows.
      listAudit: db.prepare(
        `SELECT seq, at, operator, action, subject FROM console_audit
         WHERE (?1 = 0 OR seq < ?1) AND (?2 = '' OR operator = ?2) AND (?3 = '' OR action = ?3)
         ORDER BY seq DESC LIMIT ?4`,
      ),
      forgetAudit: db.prepare("DELETE FROM console_audit WHERE at < ?"),
    };
  }

  saveSignIn(call: { id: string; operator: string; tokenHash: string; now: string; expiresAt: string; jobs: readonly NewJob[] }): number {
    // Spent and expired links are kept a day, for an operator looking into a sign-in.
    this.statements.forgetLinks.run(new Date(Date.parse(call.now) - DAY_MS).toISOString());
    this.statements.replacedJobs.run(call.operator);
    const replaced = Number(this.statements.replaceLinks.run(call.operator).changes);
    this.statements.insertLink.run(call.id, call.tokenHash, call.operator, call.now, call.expiresAt);
    this.insertJobs(call.jobs, call.id, call.now);
    return replaced;
  }

  openSession(tokenHash: string, now: string, session: { idHash: string; idleExpiresAt: string; expiresAt: string }): string | undefined {
    this.statements.forgetSessions.run(now, now);
    const spent = this.statements.spendLink.get(now, tokenHash, now) as { operator: string } | undefined;
    if (!spent) return undefined;
    this.statements.insertSession.run(session.idHash, spent.operator, now, session.idleExpiresAt, session.expiresAt);
    return spent.operator;
  }

  touchSession(idHash: string, now: string, idleExpiresAt: string): string | undefined {
    const row = this.statements.touchSession.get(idleExpiresAt, idHash, now, now) as { operator: string } | undefined;
    return row?.operator;
  }

  endSession(idHash: string): void {
    this.statements.endSession.run(idHash);
  }

  audit(entry: ConsoleAuditEntry): void {
    this.statements.audit.run(entry.at, entry.operator, entry.action, entry.subject);
  }

  /** One row more than asked tells whether there are more. */
  listAudit(query: AuditQuery): AuditPage {
    const rows = this.statements.listAudit.all(query.before ?? 0, query.operator ?? "", query.action ?? "", query.limit + 1) as unknown as AuditPage["entries"];
    return { entries: rows.slice(0, query.limit), more: rows.length > query.limit };
  }

  forgetAudit(before: string): number {
    return Number(this.statements.forgetAudit.run(before).changes);
  }
}
