/**
 * Writing an event's jobs into the outbox (requirement LEAD-17), in the
 * operation that writes the event: a lead, a sign-up, a decision, an erasure.
 * The deliverer reads them afterwards.
 */
import { jobPriority, newJobId, type NewJob } from "../outbox-records.ts";
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
