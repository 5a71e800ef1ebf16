import { createHash } from "node:crypto";
import { LEAD_FIELD_SPECS, LEAD_FIELDS, LEAD_TEXT_FIELDS, type LeadBody } from "../../common/lead-fields.ts";
import type { NewJob, OutboxJob } from "./outbox-records.ts";
import { erasureKey } from "../lib/mailbox.ts";
import type { TrustRequestBody } from "../../common/trust-request.ts";

/** A lead as stored: the body, when it arrived, and whether it looks like spam. */
export interface StoredLead extends LeadBody {
  id: string;
  createdAt: string;
  spam: boolean;
  /** Why it was flagged: "honeypot" or "too-fast"; empty when not spam. */
  spamReason: string;
  /** When an operator marked it handled in the console, and who; null and "" until then. */
  handledAt: string | null;
  handledBy: string;
}

export type SubscriberStatus = "pending" | "confirmed" | "unsubscribed";

/** A newsletter sign-up and its consent record (requirement LEAD-16). */
export interface StoredSubscriber {
  id: string;
  email: string;
  /** The policy the latest sign-up agreed to. */
  consentVersion: string;
  /** The first sign-up. */
  createdAt: string;
  /** The latest sign-up (a new one after unsubscribing, or after a link expired). */
  signedUpAt: string;
  status: SubscriberStatus;
  /** The latest confirmation and unsubscribe; earlier ones stay in `history`. */
  confirmedAt: string | null;
  unsubscribedAt: string | null;
  /** Every sign-up, confirmation and unsubscribe, oldest first: append-only, so a new sign-up never hides a withdrawal (requirement LEAD-27). */
  history: ConsentEvent[];
}

export interface ConsentEvent {
  kind: "signed-up" | "confirmed" | "unsubscribed";
  at: string;
  /** The policy a sign-up agreed to; empty for the other kinds. */
  consentVersion: string;
}

export interface LeadMeta {
  /** The client's Idempotency-Key: a retry with the same key and body stores nothing new. */
  idempotencyKey?: string;
  spamReason?: "honeypot" | "too-fast";
  /** Delivery jobs written in the lead's own transaction; none for a replay. */
  jobs?: readonly NewJob[];
}

/** How many confirmation e-mails go out in an hour, to one domain and in all: later ones wait their turn (requirements LEAD-23, LEAD-31). */
export interface ConfirmationCaps {
  perDomainPerHour: number;
  perHour: number;
}

/** A sign-up's single-use confirmation link and its unsubscribe link, as hashes, and the jobs that send them. */
export interface SignUp {
  /** As typed: one plain mailbox (server/lib/mailbox.ts), which is where the e-mail goes. */
  email: string;
  /** The same mailbox in canonical form: one record per mailbox however it is spelt. */
  mailbox: string;
  consentVersion: string;
  now: Date;
  confirmTokenHash: string;
  confirmExpiresAt: Date;
  unsubscribeTokenHash: string;
  unsubscribeExpiresAt: Date;
  jobs: readonly NewJob[];
  caps: ConfirmationCaps;
}

/**
 * What a sign-up did: a new or renewed pending sign-up with its confirmation
 * queued (`pacedUntil` when the e-mail waits its turn, LEAD-31), or nothing
 * (already confirmed, or a confirmation was queued moments ago, so a flood of
 * sign-ups cannot flood the address's inbox).
 */
export type SignUpResult =
  | { id: string; outcome: "queued"; pacedUntil?: string }
  | { id: string; outcome: "already-confirmed" }
  /** No id when the inbox's recent confirmation went to another spelling (a plus-tag) than this one. */
  | { id?: string; outcome: "recently-queued" };

/**
 * What a limit did (requirement OPS-10), counted a day for the console:
 * an e-mail that waited its turn, a request whose approvers were told in a
 * digest, a request refused by a per-source limit, a form refused for its token.
 */
export type CapHitKind =
  | "newsletter-paced"
  | "trust-digest"
  | "source-limit-lead"
  | "source-limit-newsletter"
  | "source-limit-trust"
  | "source-limit-console"
  | "console-form-refused";

export interface CapHitCount {
  kind: CapHitKind;
  count: number;
}

export interface DayCapHits extends CapHitCount {
  /** YYYY-MM-DD, UTC. */
  day: string;
}

/** What retention deletes: leads (and spam-flagged leads sooner), never-confirmed sign-ups, Trust Center requests, delivered jobs. */
export interface RetentionCutoffs {
  leadsBefore: Date;
  spamLeadsBefore: Date;
  unconfirmedBefore: Date;
  trustRequestsBefore: Date;
  deliveredJobsBefore: Date;
  /** Console audit entries older than this are deleted (OPS-3): the log is otherwise append-only. */
  auditBefore: Date;
}

export interface RetentionResult {
  leads: number;
  spamLeads: number;
  unconfirmed: number;
  trustRequests: number;
  jobs: number;
  auditEntries: number;
}

/** What an erasure removed: records, and the delivery jobs about them. */
export interface ErasureResult {
  leads: number;
  subscribers: number;
  trustRequests: number;
  jobs: number;
}

export type TrustRequestStatus = "pending" | "approved" | "denied" | "revoked";

/** A Trust Center document request as stored (requirement TRUST-5): the form's fields, the terms accepted, the decision, every download. */
export interface StoredTrustRequest extends Omit<TrustRequestBody, "ndaAccepted"> {
  id: string;
  createdAt: string;
  /** SHA-256 of the non-disclosure terms' text in force when the request was made. */
  ndaHash: string;
  status: TrustRequestStatus;
  decidedAt: string | null;
  /** How the decision was made: "email link: <approver's address>" or "command line"; empty while pending. */
  decidedBy: string;
  downloads: { document: string; at: string }[];
}

/** How many requests from one mailbox a day, one domain an hour, and in all an hour are told to the approvers one by one; the rest in a digest (requirement TRUST-6). */
export interface TrustRequestCaps {
  perMailboxPerDay: number;
  perDomainPerHour: number;
  perHour: number;
}

/** A request to store, with the hashes of its approvers' links and the jobs that tell them. */
export interface NewTrustRequest {
  body: Omit<TrustRequestBody, "ndaAccepted">;
  /** The address in canonical form (mailbox.ts), for caps and erasure. */
  mailbox: string;
  ndaHash: string;
  now: Date;
  /** Each approver's two links; a decision by one records whose it was. */
  decisionLinks: { tokenHash: string; decision: "approve" | "deny"; approver: string }[];
  decisionExpiresAt: Date;
  jobs: readonly NewJob[];
  caps: TrustRequestCaps;
}

/** Which cap, if any, a new request is past, from the requests already stored of its mailbox today, its domain and in all this hour (TRUST-6). */
export function trustDigestScope(
  stored: { mailbox: number; domain: number; total: number },
  caps: TrustRequestCaps,
): "mailbox" | "domain" | "all" | undefined {
  if (stored.mailbox >= caps.perMailboxPerDay) return "mailbox";
  if (stored.domain >= caps.perDomainPerHour) return "domain";
  return stored.total >= caps.perHour ? "all" : undefined;
}

/** A request is always stored; past a cap its approvers learn of it in their next digest (`digest` names the cap). */
export type TrustRequestResult = { outcome: "queued"; id: string; digest?: "mailbox" | "domain" | "all" };

/** Which request a decision is about: the one an approver's link names, or one an operator names by id. */
export type TrustTarget = { tokenHash: string; decision: "approve" | "deny" } | { id: string };

/** A decision on a pending request: approving writes one download link per document; either writes its jobs. */
export interface TrustDecision {
  target: TrustTarget;
  outcome: "approved" | "denied";
  now: Date;
  decidedBy: string;
  grants: { tokenHash: string; document: string }[];
  grantExpiresAt: Date;
  jobs: readonly NewJob[];
}

/** A download link that works now: the request it belongs to and the document it gives. */
export interface TrustDownload {
  request: StoredTrustRequest;
  document: string;
}

/** A download link spent by a claim, as releasing the claim puts it back (requirement TRUST-9). */
export interface SpentTrustLink {
  tokenHash: string;
  requestId: string;
  document: string;
  /** The link's own expiry, which a released link keeps. */
  expiresAt: string;
  /** The download's record, withdrawn on release. */
  downloadSeq: number;
}

/** What a claimed download link gives, and what releasing the claim needs. */
export interface TrustDownloadClaim extends TrustDownload {
  spent: SpentTrustLink;
}

/** A link followed: it worked once, or it names nothing valid (unknown, used or expired), which the visitor is told alike. */
export type LinkResult = { status: "done"; id: string } | { status: "invalid" };

/** A new confirmation is not queued for an inbox (plus-tags folded) that had one this recently. */
export const SIGN_UP_RESEND_MS = 10 * 60 * 1000;

/** Identical bodies hash alike whatever their key order, so a retry is recognised by either store. */
export function leadBodyHash(lead: LeadBody): string {
  return createHash("sha256")
    .update(JSON.stringify(LEAD_FIELDS.map((field) => lead[field])))
    .digest("hex");
}

export type SaveLeadResult = { status: "created" | "replayed"; id: string } | { status: "key-reused" };


/**
 * Whom an erasure of `email` reaches (requirement LEAD-25): every lead and
 * sign-up whose stored address, however spelt, reaches the same mailbox, and
 * the erasure's own jobs, which carry those ids and no address. In
 * JavaScript, for both stores alike: SQLite folds ASCII case only.
 */
export function erasureTargets(
  email: string,
  leads: readonly { id: string; email: string }[],
  subscribers: readonly { id: string; email: string; mailbox: string | null }[],
  trustRequests: readonly { id: string; email: string; mailbox: string }[],
  jobs: readonly NewJob[],
): { leadIds: string[]; subscriberIds: string[]; trustRequestIds: string[]; jobs: NewJob[] } {
  const target = erasureKey(email);
  const reaches = (row: { email: string }) => erasureKey(row.email) === target;
  const leadIds = leads.filter(reaches).map((row) => row.id);
  const subscriberIds = subscribers.filter(reaches).map((row) => row.id);
  const trustRequestIds = trustRequests.filter(reaches).map((row) => row.id);
  const found = leadIds.length + subscriberIds.length + trustRequestIds.length > 0;
  const payload = { leads: leadIds, subscribers: subscriberIds, trustRequests: trustRequestIds };
  return { leadIds, subscriberIds, trustRequestIds, jobs: found ? jobs.map((job) => ({ ...job, payload })) : [] };
}

/** A Trust Center request row as either database returns it, with its downloads. */
export function toStoredTrustRequest(row: Record<string, unknown>, downloads: { document: string; at: string }[]): StoredTrustRequest {
  const documents = typeof row.documents === "string" ? (JSON.parse(row.documents) as unknown) : row.documents;
  return {
    id: String(row.id),
    createdAt: isoTime(row.created_at),
    name: String(row.name),
    email: String(row.email),
    company: String(row.company),
    role: String(row.role),
    documents: Array.isArray(documents) ? documents.map(String) : [],
    reason: String(row.reason),
    ndaVersion: String(row.nda_version),
    ndaHash: String(row.nda_hash),
    status: row.status as TrustRequestStatus,
    decidedAt: isoTimeOrNull(row.decided_at),
    decidedBy: typeof row.decided_by === "string" ? row.decided_by : "",
    downloads,
  };
}

/** Who decided, as stored: how, and by which approver's link when one was used. */
export function decidedBy(how: string, approver: string): string {
  return approver ? `${how}: ${approver}` : how;
}

/** A download row as either database returns it. */
export function toTrustDownloadRecord(row: Record<string, unknown>): { document: string; at: string } {
  return { document: String(row.document), at: isoTime(row.at) };
}

/** A lead row as either database returns it (SQLite: text time, 0/1 flag; PostgreSQL: Date, boolean). */
export type LeadRow = Record<string, unknown> & {
  id: string;
  created_at: string | Date;
  spam: number | boolean;
  spam_reason: string;
};

export function toStoredLead(row: LeadRow): StoredLead {
  const text = Object.fromEntries(LEAD_TEXT_FIELDS.map((field) => [field, String(row[LEAD_FIELD_SPECS[field].column])])) as Omit<
    LeadBody,
    "termsAccepted"
  >;
  return {
    id: row.id,
    createdAt: row.created_at instanceof Date ? row.created_at.toISOString() : row.created_at,
    ...text,
    // The table refuses a lead without it (a CHECK constraint), so every stored lead accepted the terms.
    termsAccepted: true,
    spam: row.spam === true || row.spam === 1,
    spamReason: row.spam_reason,
    handledAt: isoTimeOrNull(row.handled_at),
    handledBy: typeof row.handled_by === "string" ? row.handled_by : "",
  };
}

function isoTime(value: unknown): string {
  return value instanceof Date ? value.toISOString() : String(value);
}

function isoTimeOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : isoTime(value);
}

/** A consent event row as either database returns it. */
export function toConsentEvent(row: Record<string, unknown>): ConsentEvent {
  return { kind: row.kind as ConsentEvent["kind"], at: isoTime(row.at), consentVersion: typeof row.consent_version === "string" ? row.consent_version : "" };
}

/** A subscriber row as either database returns it, with its history. */
export function toStoredSubscriber(row: Record<string, unknown>, history: ConsentEvent[]): StoredSubscriber {
  return {
    id: String(row.id),
    email: String(row.email),
    consentVersion: String(row.consent_version),
    createdAt: isoTime(row.created_at),
    signedUpAt: isoTime(row.signed_up_at ?? row.created_at),
    status: row.status as SubscriberStatus,
    confirmedAt: isoTimeOrNull(row.confirmed_at),
    unsubscribedAt: isoTimeOrNull(row.unsubscribed_at),
    history,
  };
}

/** An outbox row as either database returns it (SQLite: text times and JSON text; PostgreSQL: Dates and jsonb). */
export function toOutboxJob(row: Record<string, unknown>): OutboxJob {
  const payload = typeof row.payload === "string" ? (JSON.parse(row.payload) as Record<string, unknown>) : (row.payload as Record<string, unknown> | null);
  return {
    id: String(row.id),
    channel: row.channel as OutboxJob["channel"],
    event: row.event as OutboxJob["event"],
    subjectId: String(row.subject_id),
    status: row.status as OutboxJob["status"],
    attempts: Number(row.attempts),
    createdAt: isoTime(row.created_at),
    nextAttemptAt: isoTime(row.next_attempt_at),
    lastError: String(row.last_error),
    deliveredAt: isoTimeOrNull(row.delivered_at),
    recipient: typeof row.recipient === "string" ? row.recipient : null,
    payload: payload ?? {},
  };
}

/** What may stand beside an `@` in an address as a mail server quotes it: not space, brackets, quotes or separators. */
const NOT_ADDRESS = /[\s<>()[\],;:"'@]/;

/**
 * Error text with every address replaced by `[address]`, so it may be logged
 * and stored (requirement LEAD-29): a mail server's refusal names its
 * recipient (`550 5.1.1 <person@example.com>: Recipient address rejected`).
 * One pass from each `@` outwards, never past the previous address, so a
 * hostile server's long reply costs linear time (a regular expression would
 * retry from every character before an `@`).
 */
export function redactAddresses(text: string): string {
  const isPart = (index: number) => !NOT_ADDRESS.test(text.charAt(index));
  let result = "";
  let copied = 0;
  for (let at = text.indexOf("@"); at !== -1; ) {
    let start = at;
    while (start > copied && isPart(start - 1)) start -= 1;
    let end = at + 1;
    while (end < text.length && isPart(end)) end += 1;
    if (end === at + 1) {
      at = text.indexOf("@", at + 1);
      continue;
    }
    result += `${text.slice(copied, start)}[address]`;
    copied = end;
    at = text.indexOf("@", end);
  }
  return result + text.slice(copied);
}

/** A failed send's message, as stored: one line, bounded, no address, so a receiver's long error page cannot bloat the table. */
export function storedError(error: string): string {
  return redactAddresses(error.replace(/\s+/g, " ").slice(0, 500));
}

/** An id as the stores make them (randomUUID): the only shape a lead, sign-up or request id takes, checked before PostgreSQL would refuse it. */
export function isUuid(id: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id);
}
