/**
 * The Trust Center's records (requirements TRUST-4 to TRUST-9): requests,
 * their links as hashes only, every download, and the approvers' e-mails,
 * told one by one or, past a cap, in each approver's next digest.
 */
import { randomUUID } from "node:crypto";
import { sql as raw } from "kysely";
import { mailboxDomain } from "../../lib/mailbox.ts";
import { DIGEST_INTERVAL_MS, HOUR_MS, nextSlot, paceKey } from "../mail-pace.ts";
import { query, type Operation, type Sql } from "../query.ts";
import {
  decidedBy,
  isUuid,
  toStoredTrustRequest,
  toTrustDownloadRecord,
  trustDigestScope,
  type LinkResult,
  type NewTrustRequest,
  type SpentTrustLink,
  type StoredTrustRequest,
  type TrustDecision,
  type TrustDownload,
  type TrustDownloadClaim,
  type TrustRequestResult,
  type TrustTarget,
} from "../store.ts";
import { insertJobs } from "./outbox-jobs.ts";
import { readOperation, writeOperation } from "./operation.ts";
import { lockedTats, storeTat, timeOf } from "./subscribers.ts";

/** One digest an approver per interval (server/db/mail-pace.ts). */
const DIGEST_PACE = { perHour: HOUR_MS / DIGEST_INTERVAL_MS, burst: 1 };

/**
 * When a request joining `recipient`'s digest is mailed: with the digest not
 * yet sent, or the next one, an interval later. The approver's pace is locked
 * first, so of two requests at once on PostgreSQL the second sees the first's
 * digest and joins it.
 */
function* digestSlot(sql: Sql, recipient: string, now: Date): Operation<Date> {
  const key = paceKey("approver-digest", recipient);
  const tats = yield* lockedTats(sql, [key], now);
  const { rows } = yield* query(
    sql.db
      .selectFrom("outbox")
      .select((found) => found.fn.max("next_attempt_at").as("at"))
      .where("channel", "=", "approver-email")
      .where("event", "=", "trust.access_digest")
      .where("recipient", "=", recipient)
      .where("status", "=", "pending")
      .where("attempts", "=", 0),
  );
  const open = rows[0]?.at;
  if (open !== null && open !== undefined) return new Date(timeOf(open));
  const next = nextSlot(DIGEST_PACE, tats.get(key), now.getTime());
  yield* storeTat(sql, key, next.tat);
  return new Date(next.at);
}

/**
 * Stores a request with its approvers' link hashes and jobs. Past a cap it is
 * stored all the same; its approvers learn of it in their next digest (TRUST-6).
 */
function* saveTrustRequest(sql: Sql, request: NewTrustRequest): Operation<TrustRequestResult> {
  const { db, dialect } = sql;
  const { now, body } = request;
  const domain = mailboxDomain(request.mailbox);
  // Requests from one domain, on any instance, wait for each other, so a burst cannot pass the caps together; SQLite's one writer runs them in turn.
  if (dialect === "postgres") yield* query(db.selectNoFrom(raw`pg_advisory_xact_lock(hashtext(${`trust:${domain}`}))`.as("locked")));
  const dayAgo = new Date(now.getTime() - 24 * HOUR_MS);
  const hourAgo = new Date(now.getTime() - HOUR_MS);
  const { rows } = yield* query(
    db
      .selectFrom("trust_requests")
      .where("created_at", ">", dayAgo)
      .select((found) => [
        found.fn.countAll().filterWhere("mailbox", "=", request.mailbox).as("mailbox"),
        found.fn
          .countAll()
          .filterWhere((recent) => recent.and([recent("domain", "=", domain), recent("created_at", ">", hourAgo)]))
          .as("domain"),
        found.fn.countAll().filterWhere("created_at", ">", hourAgo).as("total"),
      ]),
  );
  const counts = rows[0];
  const digest = trustDigestScope({ mailbox: Number(counts?.mailbox ?? 0), domain: Number(counts?.domain ?? 0), total: Number(counts?.total ?? 0) }, request.caps);
  const id = randomUUID();
  yield* query(
    db.insertInto("trust_requests").values({
      id,
      created_at: now,
      name: body.name,
      email: body.email,
      mailbox: request.mailbox,
      domain,
      company: body.company,
      role: body.role,
      documents: JSON.stringify(body.documents),
      reason: body.reason,
      nda_version: body.ndaVersion,
      nda_hash: request.ndaHash,
    }),
  );
  if (request.decisionLinks.length > 0) {
    yield* query(
      db
        .insertInto("trust_links")
        .values(request.decisionLinks.map((link) => ({ token_hash: link.tokenHash, request_id: id, purpose: link.decision, approver: link.approver, expires_at: request.decisionExpiresAt }))),
    );
  }
  if (!digest) {
    yield* insertJobs(sql, request.jobs, id, now);
    return { outcome: "queued", id };
  }
  for (const job of request.jobs) {
    if (job.channel === "approver-email" && job.recipient) yield* insertJobs(sql, [{ ...job, event: "trust.access_digest" }], id, now, yield* digestSlot(sql, job.recipient, now));
    else yield* insertJobs(sql, [job], id, now);
  }
  return { outcome: "queued", id, digest };
}

/** A request's documents as either database returns them: JSON text from SQLite, jsonb from PostgreSQL. */
function documentsOf(value: unknown): string[] {
  const documents = typeof value === "string" ? (JSON.parse(value) as unknown) : value;
  return Array.isArray(documents) ? documents.map(String) : [];
}

/**
 * The pending request a link or id names, and the approver the link was sent
 * to (empty for an id). `lock`: PostgreSQL locks the request's row to the
 * commit, so of two decisions at once the second waits and then finds it
 * decided; SQLite's one writer runs them in turn.
 */
function* pendingTarget({ db, dialect }: Sql, target: TrustTarget, now: Date, lock: boolean): Operation<{ id: string; documents: string[]; approver: string } | undefined> {
  const locked = lock && dialect === "postgres";
  if ("id" in target) {
    // Only an id the store made can name a request (PostgreSQL would refuse any other as a UUID).
    if (!isUuid(target.id)) return undefined;
    const { rows } = yield* query(
      db
        .selectFrom("trust_requests")
        .select(["id", "documents"])
        .where("id", "=", target.id)
        .where("status", "=", "pending")
        .$if(locked, (found) => found.forUpdate()),
    );
    const row = rows[0];
    return row && { id: String(row.id), documents: documentsOf(row.documents), approver: "" };
  }
  const { rows } = yield* query(
    db
      .selectFrom("trust_links as l")
      .innerJoin("trust_requests as r", "r.id", "l.request_id")
      .select(["r.id", "r.documents", "l.approver"])
      .where("l.token_hash", "=", target.tokenHash)
      .where("l.purpose", "=", target.decision)
      .where("l.expires_at", ">", now)
      .where("r.status", "=", "pending")
      .$if(locked, (found) => found.forUpdate("r")),
  );
  const row = rows[0];
  return row && { id: String(row.id), documents: documentsOf(row.documents), approver: String(row.approver) };
}

/** The pending request a decision would act on, with what it asks for; undefined when the link or id names none. */
function* trustDecisionTarget(sql: Sql, target: TrustTarget, now: Date): Operation<{ id: string; documents: string[] } | undefined> {
  const found = yield* pendingTarget(sql, target, now, false);
  return found && { id: found.id, documents: found.documents };
}

/** Decides a pending request once: its approvers' links stop working, an approval writes its download links, and the jobs go with it. */
function* decideTrustRequest(sql: Sql, decision: TrustDecision): Operation<LinkResult> {
  const { db } = sql;
  const found = yield* pendingTarget(sql, decision.target, decision.now, true);
  if (!found) return { status: "invalid" };
  yield* query(
    db
      .updateTable("trust_requests")
      .set({ status: decision.outcome, decided_at: decision.now, decided_by: decidedBy(decision.decidedBy, found.approver) })
      .where("id", "=", found.id)
      .where("status", "=", "pending"),
  );
  yield* query(db.deleteFrom("trust_links").where("request_id", "=", found.id).where("purpose", "in", ["approve", "deny"]));
  if (decision.outcome === "approved" && decision.grants.length > 0) {
    yield* query(
      db
        .insertInto("trust_links")
        .values(decision.grants.map((grant) => ({ token_hash: grant.tokenHash, request_id: found.id, purpose: "download" as const, document: grant.document, expires_at: decision.grantExpiresAt }))),
    );
  }
  yield* insertJobs(sql, decision.jobs, found.id, decision.now);
  return { status: "done", id: found.id };
}

/**
 * Withdraws an approved request's access: its unused download links go.
 * False when it was not approved. The links' bytes then leave the WAL (its
 * compaction, below).
 */
function* revokeTrustAccess({ db }: Sql, id: string, now: Date): Operation<boolean> {
  if (!isUuid(id)) return false;
  const { changes } = yield* query(
    db.updateTable("trust_requests").set({ status: "revoked", decided_at: now, decided_by: "command line" }).where("id", "=", id).where("status", "=", "approved"),
  );
  if (changes === 0) return false;
  yield* query(db.deleteFrom("trust_links").where("request_id", "=", id));
  return true;
}

/** Which requests to read: one by id, or those made from `since` on (every one without it). */
type Which = { id: string } | { since?: Date };

function requestsOf({ db }: Sql, which: Which) {
  const every = db.selectFrom("trust_requests");
  if ("id" in which) return every.where("id", "=", which.id);
  return which.since ? every.where("created_at", ">=", which.since) : every;
}

/** The requests' rows with their downloads, oldest download first: one query for the downloads however many the requests. */
function* withDownloads(sql: Sql, rows: readonly Record<string, unknown>[], which: Which): Operation<StoredTrustRequest[]> {
  if (rows.length === 0) return [];
  const { rows: downloads } = yield* query(
    sql.db
      .selectFrom("trust_downloads")
      .select(["request_id", "document", "at"])
      .where("request_id", "in", requestsOf(sql, which).select("id"))
      .orderBy("seq"),
  );
  const byRequest = Map.groupBy(downloads, (download) => String(download.request_id));
  return rows.map((row) => toStoredTrustRequest(row, (byRequest.get(String(row.id)) ?? []).map(toTrustDownloadRecord)));
}

function* requestById(sql: Sql, id: string): Operation<StoredTrustRequest | undefined> {
  const { rows } = yield* query(requestsOf(sql, { id }).selectAll());
  return (yield* withDownloads(sql, rows, { id }))[0];
}

/** What a download link gives, when it works now; changes nothing. */
function* trustDownload(sql: Sql, tokenHash: string, now: Date): Operation<TrustDownload | undefined> {
  const { rows } = yield* query(
    sql.db
      .selectFrom("trust_links as l")
      .innerJoin("trust_requests as r", "r.id", "l.request_id")
      .selectAll("r")
      .select("l.document as link_document")
      .where("l.token_hash", "=", tokenHash)
      .where("l.purpose", "=", "download")
      .where("l.expires_at", ">", now)
      .where("r.status", "=", "approved"),
  );
  const row = rows[0];
  if (!row) return undefined;
  const [request] = yield* withDownloads(sql, [row], { id: String(row.id) });
  return request && { request, document: String(row.link_document) };
}

/**
 * Spends a download link and records the download, before the copy is
 * stamped (TRUST-9). The DELETE is the claim: of many posts racing with one
 * link one deletes the row, and the others find it gone (PostgreSQL's wait on
 * its row lock, held to the commit, then skip it; SQLite's one writer runs
 * them in turn).
 */
function* claimTrustDownload(sql: Sql, tokenHash: string, now: Date): Operation<TrustDownloadClaim | undefined> {
  const { db } = sql;
  const { rows } = yield* query(
    db
      .deleteFrom("trust_links")
      .where("token_hash", "=", tokenHash)
      .where("purpose", "=", "download")
      .where("expires_at", ">", now)
      .where("request_id", "in", db.selectFrom("trust_requests").select("id").where("status", "=", "approved"))
      .returning(["request_id", "document", "expires_at"]),
  );
  const spent = rows[0];
  if (!spent) return undefined;
  const requestId = String(spent.request_id);
  const document = String(spent.document);
  const { rows: recorded } = yield* query(db.insertInto("trust_downloads").values({ request_id: requestId, document, at: now }).returning("seq"));
  const request = yield* requestById(sql, requestId);
  if (!request) return undefined;
  return { request, document, spent: { tokenHash, requestId, document, expiresAt: new Date(timeOf(spent.expires_at)).toISOString(), downloadSeq: Number(recorded[0]?.seq) } };
}

/**
 * Undoes a claim whose copy could not be made or sent: the download's record
 * goes, and the link works again until its own expiry, unless the request
 * was revoked or erased meanwhile. True when the link works again.
 */
function* releaseTrustDownload({ db }: Sql, spent: SpentTrustLink): Operation<boolean> {
  yield* query(db.deleteFrom("trust_downloads").where("seq", "=", spent.downloadSeq).where("request_id", "=", spent.requestId));
  const { changes } = yield* query(
    db
      .insertInto("trust_links")
      .columns(["token_hash", "request_id", "purpose", "document", "approver", "expires_at"])
      .expression(
        db
          .selectFrom("trust_requests")
          .select((request) => [
            request.val(spent.tokenHash).as("token_hash"),
            "id",
            raw<"download">`'download'`.as("purpose"),
            request.val(spent.document).as("document"),
            raw<string>`''`.as("approver"),
            request.val(new Date(spent.expiresAt)).as("expires_at"),
          ])
          .where("id", "=", spent.requestId)
          .where("status", "=", "approved"),
      )
      .onConflict((conflict) => conflict.doNothing()),
  );
  return changes > 0;
}

function* getTrustRequest(sql: Sql, id: string): Operation<StoredTrustRequest | undefined> {
  if (!isUuid(id)) return undefined;
  return yield* requestById(sql, id);
}

/** The requests made from `since` on (every one without it), oldest first, with their downloads. */
function* listTrustRequests(sql: Sql, { since }: { since?: Date } = {}): Operation<StoredTrustRequest[]> {
  const { rows } = yield* query(requestsOf(sql, { since }).selectAll().orderBy("created_at").orderBy("id"));
  return yield* withDownloads(sql, rows, { since });
}

export const trustOperations = {
  saveTrustRequest: writeOperation(saveTrustRequest),
  trustDecisionTarget: readOperation(trustDecisionTarget),
  decideTrustRequest: writeOperation(decideTrustRequest),
  // SQLite empties its WAL of the deleted links' earlier versions. PostgreSQL's pages keep only their hashes, as before the revocation.
  revokeTrustAccess: writeOperation(revokeTrustAccess, { compactAfter: (revoked) => (revoked ? { sqlite: "checkpoint" } : {}) }),
  trustDownload: readOperation(trustDownload),
  claimTrustDownload: writeOperation(claimTrustDownload),
  releaseTrustDownload: writeOperation(releaseTrustDownload),
  getTrustRequest: readOperation(getTrustRequest),
  listTrustRequests: readOperation(listTrustRequests),
};
