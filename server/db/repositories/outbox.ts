/**
 * The outbox's claims and bookkeeping (requirement LEAD-17): the deliverer
 * reserves due jobs, records how each attempt ended, and operators read the
 * queue's depth and revive dead letters. Jobs are written by the operation
 * of their event (outbox-jobs.ts).
 */
import { jobPriority, type Channel, type JobOutcome, type OutboxJob, type OutboxStats } from "../outbox-records.ts";
import { query, type Operation, type Sql } from "../query.ts";
import { storedError, toOutboxJob } from "../store.ts";
import { readOperation, writeOperation } from "./operation.ts";
import { statement } from "../statement.ts";

/**
 * Reserves the jobs `due` chooses until `leaseUntil`, counting the attempt.
 * On PostgreSQL several instances claim at once: SKIP LOCKED makes each take
 * other rows instead of waiting, and the lease then keeps the rows theirs
 * after the commit. SQLite has one writer, the store's worker, and knows no
 * FOR UPDATE.
 */
function claim({ db, dialect }: Sql, due: ReturnType<typeof dueJobs>, leaseUntil: Date) {
  return db
    .updateTable("outbox")
    .set((eb) => ({ attempts: eb("attempts", "+", 1), locked_until: leaseUntil }))
    .where("id", "in", dialect === "postgres" ? due.forUpdate().skipLocked() : due)
    .returningAll();
}

/** Pending jobs due at `now` whose lease, if any, has ended: a job whose deliverer died is due again. */
function dueJobs({ db }: Sql, now: Date) {
  return db
    .selectFrom("outbox")
    .select("id")
    .where("status", "=", "pending")
    .where("next_attempt_at", "<=", now)
    .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<=", now)]));
}

type Lease = { limit: number; now: Date; leaseUntil: Date };

const claimOfChannels = statement((sql, { channels, limit, now, leaseUntil }: Lease & { channels: readonly Channel[] }) =>
  claim(sql, dueJobs(sql, now).where("channel", "in", channels).orderBy("priority").orderBy("next_attempt_at").limit(limit), leaseUntil),
);

const claimDigests = statement((sql, { recipient, limit, now, leaseUntil }: Lease & { recipient: string }) =>
  claim(
    sql,
    dueJobs(sql, now).where("recipient", "=", recipient).where("event", "=", "trust.access_digest").where("channel", "=", "approver-email").orderBy("next_attempt_at").limit(limit),
    leaseUntil,
  ),
);

/**
 * Reserves up to `limit` due jobs of these channels for one deliverer until
 * `leaseUntil`, counting the attempt. Several instances never hold the same
 * job at once; a job whose deliverer died is due again when its lease ends.
 */
function* claimJobs(sql: Sql, channels: readonly Channel[], limit: number, now: Date, leaseUntil: Date): Operation<OutboxJob[]> {
  // No channel, no job (an empty IN list is no SQL PostgreSQL takes).
  if (channels.length === 0) return [];
  const { rows } = yield* claimOfChannels(sql, { channels, limit, now, leaseUntil });
  // RETURNING gives rows in no promised order: the sooner ones are sent first.
  return rows.map(toOutboxJob).sort((a, b) => jobPriority(a.channel) - jobPriority(b.channel));
}

/** Reserves up to `limit` more due digest jobs (`trust.access_digest`) of one approver, to go in one e-mail with one already claimed (TRUST-6). */
function* claimDigestJobs(sql: Sql, recipient: string, limit: number, now: Date, leaseUntil: Date): Operation<OutboxJob[]> {
  const { rows } = yield* claimDigests(sql, { recipient, limit, now, leaseUntil });
  return rows.map(toOutboxJob);
}

const markDelivered = statement(({ db }, { id, now }: { id: string; now: Date }) =>
  db.updateTable("outbox").set({ status: "delivered", delivered_at: now, locked_until: null, last_error: "" }).where("id", "=", id),
);
const markRetry = statement(({ db }, { id, retryAt, error }: { id: string; retryAt: string; error: string }) =>
  db.updateTable("outbox").set({ next_attempt_at: retryAt, locked_until: null, last_error: error }).where("id", "=", id).where("status", "=", "pending"),
);
const markDead = statement(({ db }, { id, error }: { id: string; error: string }) =>
  db.updateTable("outbox").set({ status: "dead", locked_until: null, last_error: error }).where("id", "=", id).where("status", "=", "pending"),
);

/** Records how a claimed attempt ended; a delivered job forgets its secrets. A retry or a dead letter keeps one line of its error, without addresses (LEAD-29). */
function* finishJob(sql: Sql, id: string, outcome: JobOutcome, now: Date): Operation<void> {
  if (outcome.status === "delivered") yield* markDelivered(sql, { id, now });
  else if (outcome.status === "retry") yield* markRetry(sql, { id, retryAt: outcome.retryAt, error: storedError(outcome.error) });
  else yield* markDead(sql, { id, error: storedError(outcome.error) });
}

/** Counts for operators (`npm run leads -- outbox`, the console's delivery page): no personal data. */
function* outboxStats({ db }: Sql, now: Date): Operation<OutboxStats> {
  const { rows } = yield* query(
    db
      .selectFrom("outbox")
      .select((eb) => [
        eb.fn.countAll().filterWhere("status", "=", "pending").as("pending"),
        eb.fn.countAll().filterWhere("status", "=", "dead").as("dead"),
        eb.fn.min("created_at").filterWhere("status", "=", "pending").as("oldest"),
      ]),
  );
  const row = rows[0] ?? {};
  // A time is text in SQLite and a Date from PostgreSQL.
  const oldest = row.oldest instanceof Date ? row.oldest.getTime() : typeof row.oldest === "string" ? Date.parse(row.oldest) : undefined;
  const oldestPendingSeconds = oldest === undefined ? 0 : Math.max(0, Math.floor((now.getTime() - oldest) / 1000));
  return { pending: Number(row.pending ?? 0), dead: Number(row.dead ?? 0), oldestPendingSeconds };
}

/** Pending jobs, or with `dead` the dead-lettered ones; without their secrets. */
function* listJobs({ db }: Sql, { dead }: { dead: boolean }): Operation<OutboxJob[]> {
  const { rows } = yield* query(
    db
      .selectFrom("outbox")
      .select(["id", "channel", "event", "subject_id", "status", "attempts", "created_at", "next_attempt_at", "last_error", "delivered_at", "recipient", "payload"])
      .where("status", "=", dead ? "dead" : "pending")
      .orderBy("created_at")
      .orderBy("id"),
  );
  return rows.map(toOutboxJob);
}

/** Makes a dead (or pending) job due now with a fresh count of attempts; `all-dead` revives every dead job. A delivered job is never sent again. */
function* retryJobs({ db }: Sql, which: { id: string } | "all-dead", now: Date): Operation<number> {
  const revive = db.updateTable("outbox").set({ status: "pending", attempts: 0, next_attempt_at: now, locked_until: null });
  const { changes } = yield* query(which === "all-dead" ? revive.where("status", "=", "dead") : revive.where("id", "=", which.id).where("status", "<>", "delivered"));
  return changes;
}

export const outboxOperations = {
  claimJobs: writeOperation(claimJobs, { autocommit: true }),
  claimDigestJobs: writeOperation(claimDigestJobs, { autocommit: true }),
  finishJob: writeOperation(finishJob, { autocommit: true }),
  outboxStats: readOperation(outboxStats),
  listJobs: readOperation(listJobs),
  retryJobs: writeOperation(retryJobs, { autocommit: true }),
};
