/**
 * What the operator console keeps (requirements OPS-2, OPS-3): sign-in links
 * and sessions as hashes only, and an append-only audit log of who did what
 * (a trigger refuses updates; retention alone deletes). Part of the lead
 * store, so several instances share sessions through PostgreSQL.
 */
import { sql as raw } from "kysely";
import type { AuditPage, AuditQuery, ConsoleAuditEntry, NewConsoleSession, NewConsoleSignIn } from "../console-store.ts";
import { query, type Operation, type Sql } from "../query.ts";
import { insertJobs } from "./outbox-jobs.ts";
import { readOperation, writeOperation } from "./operation.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Stores an operator's new sign-in link and its e-mail. It replaces the
 * operator's older unused links, and their e-mails not yet sent, so the
 * newest request always works (OPS-2); returns how many it replaced.
 */
function* saveConsoleSignIn(sql: Sql, signIn: NewConsoleSignIn): Operation<number> {
  const { db, dialect } = sql;
  // The operator's advisory lock makes it one step across PostgreSQL's instances; SQLite's one writer is the worker.
  if (dialect === "postgres") yield* query(db.selectNoFrom(raw<void>`pg_advisory_xact_lock(hashtext(${`console-sign-in:${signIn.operator}`}))`.as("locked")));
  // Spent and expired links are kept a day, for an operator looking into a sign-in.
  yield* query(db.deleteFrom("console_links").where("created_at", "<", new Date(signIn.now.getTime() - DAY_MS)));
  const unused = db.selectFrom("console_links").select("id").where("operator", "=", signIn.operator).where("used_at", "is", null);
  // A newer link replaces the operator's unused ones, and their e-mails not yet sent.
  yield* query(db.deleteFrom("outbox").where("status", "=", "pending").where("attempts", "=", 0).where("subject_id", "in", unused));
  const { changes: replaced } = yield* query(db.deleteFrom("console_links").where("operator", "=", signIn.operator).where("used_at", "is", null));
  yield* query(
    db.insertInto("console_links").values({ id: signIn.id, token_hash: signIn.tokenHash, operator: signIn.operator, created_at: signIn.now, expires_at: signIn.expiresAt }),
  );
  yield* insertJobs(sql, signIn.jobs, signIn.id, signIn.now);
  return replaced;
}

/** Spends a sign-in link once and opens a session with it: the operator, or undefined when the link is unknown, used or expired. */
function* openConsoleSession({ db }: Sql, tokenHash: string, now: Date, session: NewConsoleSession): Operation<string | undefined> {
  yield* query(db.deleteFrom("console_sessions").where((found) => found.or([found("expires_at", "<", now), found("idle_expires_at", "<", now)])));
  const { rows } = yield* query(
    db.updateTable("console_links").set({ used_at: now }).where("token_hash", "=", tokenHash).where("used_at", "is", null).where("expires_at", ">", now).returning("operator"),
  );
  const operator = rows[0]?.operator;
  if (typeof operator !== "string") return undefined;
  yield* query(
    db.insertInto("console_sessions").values({ id_hash: session.idHash, operator, created_at: now, idle_expires_at: session.idleExpiresAt, expires_at: session.expiresAt }),
  );
  return operator;
}

/** The operator of a live session, whose idle deadline moves to `idleExpiresAt` (never past its absolute end); undefined when unknown or expired. */
function* touchConsoleSession({ db, dialect }: Sql, idHash: string, now: Date, idleExpiresAt: Date): Operation<string | undefined> {
  // The smaller of two values: SQLite's two-argument min(), PostgreSQL's LEAST (its min() is only an aggregate).
  const capped = dialect === "sqlite" ? raw<string>`min(${idleExpiresAt}, expires_at)` : raw<Date>`LEAST(${idleExpiresAt}, expires_at)`;
  const { rows } = yield* query(
    db
      .updateTable("console_sessions")
      .set({ idle_expires_at: capped })
      .where("id_hash", "=", idHash)
      .where("idle_expires_at", ">", now)
      .where("expires_at", ">", now)
      .returning("operator"),
  );
  const operator = rows[0]?.operator;
  return typeof operator === "string" ? operator : undefined;
}

function* endConsoleSession({ db }: Sql, idHash: string): Operation<void> {
  yield* query(db.deleteFrom("console_sessions").where("id_hash", "=", idHash));
}

function* auditConsole({ db }: Sql, entry: ConsoleAuditEntry): Operation<void> {
  yield* query(db.insertInto("console_audit").values({ at: entry.at, operator: entry.operator, action: entry.action, subject: entry.subject }));
}

/** A page of the log, newest first, by keyset on `seq`: one row more than asked tells whether there are more. */
function* listConsoleAudit({ db }: Sql, request: AuditQuery): Operation<AuditPage> {
  const { before, operator, action } = request;
  const { rows } = yield* query(
    db
      .selectFrom("console_audit")
      .select(["seq", "at", "operator", "action", "subject"])
      .$if(Boolean(before), (found) => found.where("seq", "<", before ?? 0))
      .$if(Boolean(operator), (found) => found.where("operator", "=", operator ?? ""))
      .$if(Boolean(action), (found) => found.where("action", "=", action ?? ""))
      .orderBy("seq", "desc")
      .limit(request.limit + 1),
  );
  const entries = rows.slice(0, request.limit).map((row) => ({
    seq: Number(row.seq),
    at: row.at instanceof Date ? row.at.toISOString() : String(row.at),
    operator: String(row.operator),
    action: String(row.action),
    subject: String(row.subject),
  }));
  return { entries, more: rows.length > request.limit };
}

export const consoleOperations = {
  saveConsoleSignIn: writeOperation(saveConsoleSignIn),
  openConsoleSession: writeOperation(openConsoleSession),
  touchConsoleSession: writeOperation(touchConsoleSession, { autocommit: true }),
  endConsoleSession: writeOperation(endConsoleSession, { autocommit: true }),
  auditConsole: writeOperation(auditConsole, { autocommit: true }),
  listConsoleAudit: readOperation(listConsoleAudit),
};
