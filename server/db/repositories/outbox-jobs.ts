/**
 * Writing an event's jobs into the outbox (requirement LEAD-17), in the
 * operation that writes the event: a lead, a sign-up, a decision, an erasure.
 * The deliverer reads them afterwards.
 */
import { sql as raw, type QueryCreator } from "kysely";
import { jobPriority, newJobId, type NewJob } from "../outbox-records.ts";
import type { Database } from "../schema.ts";
import { query, type Operation, type Sql } from "../query.ts";

/** Inserts `jobs` for the row `subjectId`, stamped `now` and due at `dueAt` (a paced e-mail's turn) or at once. */
export function* insertJobs({ db }: Sql, jobs: readonly NewJob[], subjectId: string, now: Date, dueAt: Date = now): Operation<void> {
  if (jobs.length === 0) return;
  yield* query(
    db.insertInto("outbox").values(
      jobs.map((job) => ({
        id: job.id ?? newJobId(),
        channel: job.channel,
        event: job.event,
        subject_id: subjectId,
        recipient: job.recipient ?? null,
        payload: JSON.stringify(job.payload ?? {}),
        priority: jobPriority(job.channel),
        created_at: now,
        next_attempt_at: dueAt,
      })),
    ),
  );
}

/** The WITH query a statement writing jobs names `subject`: the row the jobs are about, and when it was written. */
export type JobSubject = Database & { subject: { id: string; created_at: Date } };

/**
 * PostgreSQL: inserts `jobs` for the row the data-modifying WITH query
 * `subject` inserted, stamped and due when it was written, as part of the same
 * statement; nothing when that query inserted nothing. The jobs come in as one
 * VALUES list, typed where PostgreSQL cannot tell (an untyped parameter is text).
 */
export function insertSubjectJobs(creator: QueryCreator<JobSubject>, jobs: readonly NewJob[]) {
  const rows = jobs.map(
    (job) =>
      raw`(${job.id ?? newJobId()}, ${job.channel}, ${job.event}, ${job.recipient ?? null}, ${JSON.stringify(job.payload ?? {})}::jsonb, ${jobPriority(job.channel)}::smallint)`,
  );
  const values = raw<{ id: string; channel: string; event: string; recipient: string | null; payload: string; priority: number }>`(VALUES ${raw.join(rows)})`.as<"job">(
    raw`job(id, channel, event, recipient, payload, priority)`,
  );
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
