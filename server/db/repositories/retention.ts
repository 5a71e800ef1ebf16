/**
 * Retention (requirements LEAD-18 and LEAD-28; LEAD-17 for jobs, TRUST-6 for
 * Trust Center requests, OPS-3 for the console's audit log): leads
 * (spam-flagged ones sooner) with their jobs, sign-ups never confirmed with
 * their history, Trust Center requests with their links and downloads,
 * delivered jobs and old audit entries go once past their days. Confirmed or
 * unsubscribed sign-ups stay until erased. The deleted bytes are overwritten
 * afterwards, outside the transaction (its compaction, below).
 */
import { sql as raw } from "kysely";
import { query, type Operation, type Sql } from "../query.ts";
import type { RetentionCutoffs, RetentionResult } from "../store.ts";
import { deleteSubscriberTrail, deleteTrustRequestsWhole } from "./erasure.ts";
import { writeOperation } from "./operation.ts";
import { PERSONAL_TABLES } from "../schema.ts";

/** Deletes what is past its days; how many of each went. */
function* sweepRetention(sql: Sql, cutoffs: RetentionCutoffs): Operation<RetentionResult> {
  const { db } = sql;
  const expiredLeads = db
    .selectFrom("leads")
    .select("id")
    .where((lead) => lead.or([lead("created_at", "<", cutoffs.leadsBefore), lead.and([lead("spam", "=", true), lead("created_at", "<", cutoffs.spamLeadsBefore)])]));
  yield* query(db.deleteFrom("outbox").where("subject_id", "in", expiredLeads));
  // Leads past the general cutoff first, so `spamLeads` counts only the spam that went sooner.
  const { changes: leads } = yield* query(db.deleteFrom("leads").where("created_at", "<", cutoffs.leadsBefore));
  const { changes: spamLeads } = yield* query(db.deleteFrom("leads").where("spam", "=", true).where("created_at", "<", cutoffs.spamLeadsBefore));
  // Deleted with the condition in the one statement, so a sign-up confirmed meanwhile on another instance stays (PostgreSQL).
  const { rows: unconfirmed } = yield* query(
    db
      .deleteFrom("subscribers")
      .where("status", "=", "pending")
      .where("signed_up_at", "<", cutoffs.unconfirmedBefore)
      .where((subscriber) =>
        subscriber.not(
          subscriber.exists(
            subscriber.selectFrom("subscriber_events").select(raw<number>`1`.as("one")).whereRef("subscriber_events.subscriber_id", "=", "subscribers.id").where("subscriber_events.kind", "=", "confirmed"),
          ),
        ),
      )
      .returning("id"),
  );
  yield* deleteSubscriberTrail(
    sql,
    unconfirmed.map((row) => String(row.id)),
  );
  const { rows: trustRequests } = yield* query(db.selectFrom("trust_requests").select("id").where("created_at", "<", cutoffs.trustRequestsBefore));
  yield* deleteTrustRequestsWhole(
    sql,
    trustRequests.map((row) => String(row.id)),
  );
  const { changes: jobs } = yield* query(db.deleteFrom("outbox").where("status", "=", "delivered").where("delivered_at", "<", cutoffs.deliveredJobsBefore));
  // The audit log is append-only (a trigger refuses updates): retention alone deletes from it (OPS-3).
  const { changes: auditEntries } = yield* query(db.deleteFrom("console_audit").where("at", "<", cutoffs.auditBefore));
  return { leads, spamLeads, unconfirmed: unconfirmed.length, trustRequests: trustRequests.length, jobs, auditEntries };
}

export const retentionOperations = {
  sweepRetention: writeOperation(sweepRetention, {
    // SQLite's secure_delete has zeroed the rows in their pages; its WAL still holds their earlier versions until a
    // checkpoint. PostgreSQL's VACUUM FULL locks the tables while it rewrites them, so it runs only when personal rows
    // went, not for the delivered jobs of every day's sweep.
    compactAfter: (swept) => {
      const personal = swept.leads + swept.spamLeads + swept.unconfirmed + swept.trustRequests > 0;
      return { ...(personal || swept.jobs > 0 ? { sqlite: "checkpoint" } : {}), ...(personal ? { postgres: PERSONAL_TABLES } : {}) };
    },
  }),
};
