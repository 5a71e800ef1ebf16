/**
 * Writing an event's jobs into the outbox (requirement LEAD-17), in the
 * operation that writes the event: a lead, a sign-up, a decision, an erasure.
 * The deliverer reads them afterwards.
 */
import { sql as raw, type QueryCreator } from "kysely";
import { jobPriority, newJobId, type NewJob } from "../outbox-records.ts";
import type { Database } from "../schema.ts";
import type { Operation, Sql } from "../query.ts";
import { statement } from "../statement.ts";

/** A job's own columns, as it is written (a type, not an interface: a statement's rows must be indexable). */
export type NewJobRow = {
  id: string;
  channel: string;
  event: string;
  recipient: string | null;
  /** JSON text. */
  payload: string;
  priority: number;
};

/** The jobs' rows: a fresh id where the job brings none, its payload as JSON, its channel's priority. */
export function jobRows(jobs: readonly NewJob[]): NewJobRow[] {
  return jobs.map((job) => ({
    id: job.id ?? newJobId(),
    channel: job.channel,
    event: job.event,
    recipient: job.recipient ?? null,
    payload: JSON.stringify(job.payload ?? {}),
    priority: jobPriority(job.channel),
  }));
}

const insertJobRows = statement(({ db }, { jobs }: { jobs: readonly (NewJobRow & { subject_id: string; created_at: Date; next_attempt_at: Date })[] }) =>
  db.insertInto("outbox").values(jobs),
);

/** Inserts `jobs` for the row `subjectId`, stamped `now` and due at `dueAt` (a paced e-mail's turn) or at once. */
export function* insertJobs(sql: Sql, jobs: readonly NewJob[], subjectId: string, now: Date, dueAt: Date = now): Operation<void> {
  if (jobs.length === 0) return;
  yield* insertJobRows(sql, { jobs: jobRows(jobs).map((job) => ({ ...job, subject_id: subjectId, created_at: now, next_attempt_at: dueAt })) });
}

/** The WITH query a statement writing jobs names `subject`: the row the jobs are about, and when it was written. */
export type JobSubject = Database & { subject: { id: string; created_at: Date } };

/**
 * PostgreSQL: inserts `jobs` for the row the data-modifying WITH query
 * `subject` inserted, stamped and due when it was written, as part of the same
 * statement; nothing when that query inserted nothing. The jobs come in as one
 * VALUES list, typed where PostgreSQL cannot tell (an untyped parameter is text).
 */
export function insertSubjectJobs(creator: QueryCreator<JobSubject>, jobs: readonly NewJobRow[]) {
  const rows = jobs.map((job) => raw`(${job.id}, ${job.channel}, ${job.event}, ${job.recipient}, ${job.payload}::jsonb, ${job.priority}::smallint)`);
  const values = raw<NewJobRow>`(VALUES ${raw.join(rows)})`.as<"job">(raw`job(id, channel, event, recipient, payload, priority)`);
  return creator
    .insertInto("outbox")
    .columns(["id", "channel", "event", "subject_id", "recipient", "payload", "priority", "created_at", "next_attempt_at"])
    .expression(
      creator
        .selectFrom(["subject", values])
        .select([
          "job.id",
          "job.channel",
          "job.event",
          "subject.id as subject_id",
          "job.recipient",
          "job.payload",
          "job.priority",
          "subject.created_at",
          "subject.created_at as next_attempt_at",
        ]),
    );
}
