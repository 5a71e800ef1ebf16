/**
 * An erasure request (requirement LEAD-25): every lead, sign-up and Trust
 * Center request of one mailbox, whatever its spelling, goes with its
 * history, jobs and links, and the erasure's own jobs name what went. The
 * rows' bytes leave the database's files afterwards, outside the
 * transaction (its compaction, below).
 */
import { randomUUID } from "node:crypto";
import type { NewJob } from "../outbox-records.ts";
import { query, type Operation, type Sql } from "../query.ts";
import { erasureTargets, type ErasureResult } from "../store.ts";
import { insertJobs } from "./outbox-jobs.ts";
import { writeOperation } from "./operation.ts";
import { PERSONAL_TABLES } from "../schema.ts";

/**
 * Ids one statement names at most, so its parameters stay far below either
 * database's limit (SQLite 32,766, PostgreSQL 65,535) however many rows a
 * mailbox or a retention sweep reaches.
 */
const IDS_PER_STATEMENT = 500;

function inParts(ids: readonly string[]): string[][] {
  const parts: string[][] = [];
  for (let start = 0; start < ids.length; start += IDS_PER_STATEMENT) parts.push(ids.slice(start, start + IDS_PER_STATEMENT));
  return parts;
}

/** Deletes the jobs about these rows; returns how many. */
export function* deleteJobsOf({ db }: Sql, subjectIds: readonly string[]): Operation<number> {
  let deleted = 0;
  for (const part of inParts(subjectIds)) deleted += (yield* query(db.deleteFrom("outbox").where("subject_id", "in", part))).changes;
  return deleted;
}

/** Deletes what is kept about these sign-ups beside their rows: their consent history and jobs; returns the jobs deleted. */
export function* deleteSubscriberTrail(sql: Sql, ids: readonly string[]): Operation<number> {
  const jobs = yield* deleteJobsOf(sql, ids);
  for (const part of inParts(ids)) yield* query(sql.db.deleteFrom("subscriber_events").where("subscriber_id", "in", part));
  return jobs;
}

/** Deletes Trust Center requests with their links, downloads and jobs; returns the jobs deleted. */
export function* deleteTrustRequestsWhole(sql: Sql, ids: readonly string[]): Operation<number> {
  const jobs = yield* deleteJobsOf(sql, ids);
  for (const part of inParts(ids)) {
    yield* query(sql.db.deleteFrom("trust_links").where("request_id", "in", part));
    yield* query(sql.db.deleteFrom("trust_downloads").where("request_id", "in", part));
    yield* query(sql.db.deleteFrom("trust_requests").where("id", "in", part));
  }
  return jobs;
}

/**
 * Every row erasureTargets names, with its history, links and jobs; then the
 * erasure's own jobs (the `person.erased` webhook), which carry the erased
 * ids and no address. Which rows reach the mailbox is decided in JavaScript
 * (erasureTargets), for both backends alike: SQLite folds ASCII case only.
 */
function* eraseMailbox(sql: Sql, email: string, jobs: readonly NewJob[], now: Date): Operation<ErasureResult> {
  const { db } = sql;
  const leads = yield* query(db.selectFrom("leads").select(["id", "email"]));
  const subscribers = yield* query(db.selectFrom("subscribers").select(["id", "email", "mailbox"]));
  const trustRequests = yield* query(db.selectFrom("trust_requests").select(["id", "email", "mailbox"]));
  const erased = erasureTargets(
    email,
    leads.rows as { id: string; email: string }[],
    subscribers.rows as { id: string; email: string; mailbox: string | null }[],
    trustRequests.rows as { id: string; email: string; mailbox: string }[],
    jobs,
  );
  const { leadIds, subscriberIds, trustRequestIds } = erased;
  let deletedJobs = yield* deleteJobsOf(sql, leadIds);
  for (const part of inParts(leadIds)) yield* query(db.deleteFrom("leads").where("id", "in", part));
  deletedJobs += yield* deleteSubscriberTrail(sql, subscriberIds);
  for (const part of inParts(subscriberIds)) yield* query(db.deleteFrom("subscribers").where("id", "in", part));
  deletedJobs += yield* deleteTrustRequestsWhole(sql, trustRequestIds);
  yield* insertJobs(sql, erased.jobs, randomUUID(), now);
  return { leads: leadIds.length, subscribers: subscriberIds.length, trustRequests: trustRequestIds.length, jobs: deletedJobs };
}

export const erasureOperations = {
  // Resolves once the file holds no byte of the erased rows, whether or not any was found: SQLite rewrites the file
  // without free pages and empties its WAL; PostgreSQL rewrites every table that holds personal data.
  eraseMailbox: writeOperation(eraseMailbox, { compactAfter: () => ({ sqlite: "vacuum", postgres: PERSONAL_TABLES }) }),
};
