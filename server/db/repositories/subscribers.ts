/**
 * Newsletter sign-ups (requirements LEAD-16, LEAD-23, LEAD-27, LEAD-31):
 * double opt-in by single-use links, one record per canonical mailbox, the
 * consent as append-only events, and confirmations paced past the hourly caps.
 */
import { randomUUID } from "node:crypto";
import { sql as raw } from "kysely";
import { inboxKey, mailboxDomain } from "../../lib/mailbox.ts";
import { confirmationPaces, jointSlot, type Pace } from "../mail-pace.ts";
import type { NewJob } from "../outbox-records.ts";
import { query, type Operation, type Sql } from "../query.ts";
import {
  SIGN_UP_RESEND_MS,
  toConsentEvent,
  toStoredSubscriber,
  type LinkResult,
  type SignUp,
  type SignUpResult,
  type StoredSubscriber,
} from "../store.ts";
import { insertJobs } from "./outbox-jobs.ts";
import { readOperation, writeOperation } from "./operation.ts";

/** A time as either database returns it: an ISO string from SQLite, a Date from PostgreSQL. */
export const timeOf = (value: unknown): number => (value instanceof Date ? value.getTime() : Date.parse(String(value)));

/**
 * Takes each channel's turn lock and reads its time (ms), the times passed
 * forgotten: the first step of a paced e-mail's slot, in its own transaction.
 */
export function* lockedTats({ db, dialect }: Sql, keys: readonly string[], now: Date): Operation<Map<string, number>> {
  if (dialect === "postgres") {
    // Each channel's lock (advisory, held to the commit, taken in key order so two requests never wait on each other in a circle).
    // SQLite needs none: its one writer, the worker, runs one call at a time.
    for (const key of [...keys].sort()) yield* query(db.selectNoFrom(raw`pg_advisory_xact_lock(hashtext(${`mail-pace:${key}`}))`.as("locked")));
  }
  // A row goes once its time has passed, so a domain's hash is kept only while its channel is busy. SQLite's one
  // writer forgets every such row; PostgreSQL only the rows of the channels whose locks it holds.
  yield* query(db.deleteFrom("mail_pace").where("tat", "<", now).$if(dialect === "postgres", (expired) => expired.where("key", "in", keys)));
  const { rows } = yield* query(db.selectFrom("mail_pace").select(["key", "tat"]).where("key", "in", keys));
  return new Map(rows.map((row) => [String(row.key), timeOf(row.tat)]));
}

/** A channel's new time (ms), under the lock lockedTats took. */
export function* storeTat({ db }: Sql, key: string, tat: number): Operation<void> {
  yield* query(
    db
      .insertInto("mail_pace")
      .values({ key, tat: new Date(tat) })
      .onConflict((conflict) => conflict.column("key").doUpdateSet((row) => ({ tat: row.ref("excluded.tat") }))),
  );
}

/**
 * When an e-mail paced by every one of `channels` may go, its turn taken in
 * each (server/db/mail-pace.ts): one row a busy channel, read and written in
 * the sign-up's own transaction, so instances share the pace.
 */
export function* pacedSlot(sql: Sql, channels: readonly { key: string; pace: Pace }[], now: Date): Operation<Date> {
  const tats = yield* lockedTats(sql, channels.map((channel) => channel.key), now);
  const joint = jointSlot(channels, (key) => tats.get(key), now.getTime());
  for (const { key, tat } of joint.updates) yield* storeTat(sql, key, tat);
  return new Date(joint.at);
}

/** Whether the inbox (plus-tags folded) had a confirmation too recently for another (requirement LEAD-23). */
function* recentlyMailed({ db }: Sql, inbox: string, now: Date): Operation<boolean> {
  const { rows } = yield* query(
    db
      .selectFrom("subscriber_events as e")
      .innerJoin("subscribers as s", "s.id", "e.subscriber_id")
      .where("s.inbox_key", "=", inbox)
      .where("e.kind", "=", "signed-up")
      .select((found) => found.fn.max("e.at").as("at")),
  );
  const at = rows[0]?.at;
  return at !== null && at !== undefined && now.getTime() - timeOf(at) < SIGN_UP_RESEND_MS;
}

/**
 * Signs an address up, pending until confirmed: one record per mailbox
 * however it is spelt. A pending or unsubscribed address gets fresh links and
 * its jobs; a confirmed one is left as it is.
 */
function* signUp(sql: Sql, request: SignUp): Operation<SignUpResult> {
  const { db, dialect } = sql;
  const { now } = request;
  const inbox = inboxKey(request.mailbox);
  const domain = mailboxDomain(request.mailbox);
  // Sign-ups reaching one inbox, on any instance, wait for each other; SQLite's one writer runs them one at a time anyway.
  if (dialect === "postgres") yield* query(db.selectNoFrom(raw`pg_advisory_xact_lock(hashtext(${inbox}))`.as("locked")));
  // Legacy rows may share a mailbox: the latest sign-up speaks for it.
  const { rows: found } = yield* query(
    db.selectFrom("subscribers").select(["id", "status"]).where("mailbox", "=", request.mailbox).orderBy("signed_up_at", "desc").limit(1),
  );
  const existing = found[0] && { id: String(found[0].id), status: String(found[0].status) };
  if (existing?.status === "confirmed") return { id: existing.id, outcome: "already-confirmed" };
  if (yield* recentlyMailed(sql, inbox, now)) return { outcome: "recently-queued", ...(existing ? { id: existing.id } : {}) };
  // Past a cap the e-mail waits its turn, and its links last as long from then (LEAD-31).
  const dueAt = request.jobs.length > 0 ? yield* pacedSlot(sql, confirmationPaces(request.caps, domain), now) : now;
  const delay = dueAt.getTime() - now.getTime();
  const later = (time: Date) => new Date(time.getTime() + delay);
  const links = {
    confirm_token_hash: request.confirmTokenHash,
    confirm_expires_at: later(request.confirmExpiresAt),
    unsubscribe_token_hash: request.unsubscribeTokenHash,
    unsubscribe_expires_at: later(request.unsubscribeExpiresAt),
  };
  const id = existing?.id ?? randomUUID();
  if (existing) {
    // Earlier confirmations and withdrawals stay in subscriber_events.
    yield* query(
      db
        .updateTable("subscribers")
        .set({ email: request.email, consent_version: request.consentVersion, signed_up_at: now, status: "pending", ...links })
        .where("id", "=", id),
    );
    // A newer confirmation e-mail replaces one not yet sent, whose links no longer work.
    yield* query(db.deleteFrom("outbox").where("subject_id", "=", id).where("channel", "=", "confirmation-email").where("status", "=", "pending"));
  } else {
    yield* query(
      db.insertInto("subscribers").values({
        id,
        email: request.email,
        mailbox: request.mailbox,
        inbox_key: inbox,
        domain,
        consent_version: request.consentVersion,
        created_at: now,
        signed_up_at: now,
        status: "pending",
        ...links,
      }),
    );
  }
  yield* query(
    db.insertInto("subscriber_events").values({ subscriber_id: id, kind: "signed-up", at: now, consent_version: request.consentVersion, mailed: request.jobs.length > 0 }),
  );
  yield* insertJobs(sql, request.jobs, id, now, dueAt);
  return { id, outcome: "queued", ...(delay > 0 ? { pacedUntil: dueAt.toISOString() } : {}) };
}

/** The link's change done: its consent event and its jobs, in the same transaction. */
function* recorded(sql: Sql, id: string, kind: "confirmed" | "unsubscribed", now: Date, jobs: readonly NewJob[]): Operation<LinkResult> {
  yield* query(sql.db.insertInto("subscriber_events").values({ subscriber_id: id, kind, at: now }));
  yield* insertJobs(sql, jobs, id, now);
  return { status: "done", id };
}

/** Follows a confirmation link: once, before it expires, for a sign-up still pending; writes `jobs` with the change. */
function* confirmSubscriber(sql: Sql, tokenHash: string, now: Date, jobs: readonly NewJob[]): Operation<LinkResult> {
  // One UPDATE that spends the link: of two presses at once, the second finds it spent.
  const { rows } = yield* query(
    sql.db
      .updateTable("subscribers")
      .set({ status: "confirmed", confirmed_at: now, confirm_token_hash: null, confirm_expires_at: null })
      .where("confirm_token_hash", "=", tokenHash)
      .where("status", "=", "pending")
      .where("confirm_expires_at", ">", now)
      .returning("id"),
  );
  const row = rows[0];
  return row ? yield* recorded(sql, String(row.id), "confirmed", now, jobs) : { status: "invalid" };
}

/** Follows an unsubscribe link: records the time once; a link that already did its work answers "done" again, changing nothing. */
function* unsubscribe(sql: Sql, tokenHash: string, now: Date, jobs: readonly NewJob[]): Operation<LinkResult> {
  const { db, dialect } = sql;
  // PostgreSQL locks the row, so of two presses at once the second waits and then sees the first's change; SQLite's one writer runs them in turn.
  const { rows } = yield* query(
    db
      .selectFrom("subscribers")
      .select(["id", "status"])
      .where("unsubscribe_token_hash", "=", tokenHash)
      .where("unsubscribe_expires_at", ">", now)
      .$if(dialect === "postgres", (target) => target.forUpdate()),
  );
  const row = rows[0];
  if (!row) return { status: "invalid" };
  const id = String(row.id);
  if (row.status === "unsubscribed") return { status: "done", id };
  yield* query(
    db.updateTable("subscribers").set({ status: "unsubscribed", unsubscribed_at: now, confirm_token_hash: null, confirm_expires_at: null }).where("id", "=", id),
  );
  return yield* recorded(sql, id, "unsubscribed", now, jobs);
}

/** Which subscribers to read: one by id, or those who first signed up from `since` on (every one without it). */
type Which = { id: string } | { since?: Date };

function subscribersOf({ db }: Sql, which: Which) {
  const every = db.selectFrom("subscribers");
  if ("id" in which) return every.where("id", "=", which.id);
  return which.since ? every.where("created_at", ">=", which.since) : every;
}

/** The subscribers, oldest first, each with their consent history, oldest event first: two queries however many they are. */
function* subscribersWithHistory(sql: Sql, which: Which): Operation<StoredSubscriber[]> {
  const { rows } = yield* query(subscribersOf(sql, which).selectAll().orderBy("created_at").orderBy("id"));
  if (rows.length === 0) return [];
  const { rows: events } = yield* query(
    sql.db
      .selectFrom("subscriber_events")
      .select(["subscriber_id", "kind", "at", "consent_version"])
      .where("subscriber_id", "in", subscribersOf(sql, which).select("id"))
      .orderBy("seq"),
  );
  const history = Map.groupBy(events, (event) => String(event.subscriber_id));
  return rows.map((row) => toStoredSubscriber(row, (history.get(String(row.id)) ?? []).map(toConsentEvent)));
}

function* getSubscriber(sql: Sql, id: string): Operation<StoredSubscriber | undefined> {
  return (yield* subscribersWithHistory(sql, { id }))[0];
}

function* listSubscribers(sql: Sql, { since }: { since?: Date } = {}): Operation<StoredSubscriber[]> {
  return yield* subscribersWithHistory(sql, { since });
}

export const subscriberOperations = {
  signUp: writeOperation(signUp),
  confirmSubscriber: writeOperation(confirmSubscriber),
  unsubscribe: writeOperation(unsubscribe),
  getSubscriber: readOperation(getSubscriber),
  listSubscribers: readOperation(listSubscribers),
};
