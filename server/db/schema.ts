/**
 * The tables as the query builder sees them (Kysely), for both backends. A
 * time is an ISO string in SQLite and a Date from PostgreSQL, a flag 0/1 or a
 * boolean; the records' mappers (store.ts) read either. A column with a
 * default is Generated: an insert may leave it out. Tables join here as their
 * repositories move to the builder.
 */

import type { Generated } from "kysely";

type Time = string | Date;
type Flag = number | boolean;

export interface LeadsTable {
  id: string;
  created_at: Time;
  first_name: string;
  last_name: string;
  email: string;
  company_name: string;
  contact_number: string;
  description: string;
  terms_accepted: Flag;
  spam: Generated<Flag>;
  spam_reason: Generated<string>;
  idempotency_key: string | null;
  body_hash: string;
  handled_at: Time | null;
  handled_by: string | null;
}

export interface OutboxTable {
  id: string;
  channel: string;
  event: string;
  subject_id: string;
  status: Generated<string>;
  attempts: Generated<number>;
  created_at: Time;
  next_attempt_at: Time;
  locked_until: Time | null;
  last_error: Generated<string>;
  delivered_at: Time | null;
  recipient: string | null;
  /** JSON: text in SQLite, jsonb in PostgreSQL (a JSON text is taken for either). */
  payload: string | Record<string, unknown>;
  priority: number;
}

/** The tables that hold personal data: what an erasure or retention must leave no byte of (PostgreSQL rewrites them after). */
export const PERSONAL_TABLES = ["leads", "subscribers", "subscriber_events", "outbox", "trust_requests", "trust_links", "trust_downloads"] as const;

export interface Database {
  leads: LeadsTable;
  outbox: OutboxTable;
  cap_hits: CapHitsTable;
  subscribers: SubscribersTable;
  subscriber_events: SubscriberEventsTable;
  mail_pace: MailPaceTable;
  console_links: ConsoleLinksTable;
  console_sessions: ConsoleSessionsTable;
  console_audit: ConsoleAuditTable;
  traffic_visitors: TrafficVisitorsTable;
  traffic_daily: TrafficDailyTable;
  traffic_conversions: TrafficConversionsTable;
  trust_requests: TrustRequestsTable;
  trust_links: TrustLinksTable;
  trust_downloads: TrustDownloadsTable;
}

/** How often a limit acted, a day (YYYY-MM-DD, UTC) and a kind (OPS-10). */
export interface CapHitsTable {
  day: string;
  kind: string;
  count: number;
}

/** A newsletter sign-up (LEAD-16, LEAD-23): legacy rows may lack the columns added since, hence the nulls. */
export interface SubscribersTable {
  id: string;
  email: string;
  consent_version: string;
  created_at: Time;
  status: Generated<string>;
  signed_up_at: Time | null;
  confirmed_at: Time | null;
  unsubscribed_at: Time | null;
  confirm_token_hash: string | null;
  confirm_expires_at: Time | null;
  unsubscribe_token_hash: string | null;
  unsubscribe_expires_at: Time | null;
  mailbox: string | null;
  inbox_key: string | null;
  domain: string | null;
}

/** A sign-up's consent, append-only (LEAD-27). */
export interface SubscriberEventsTable {
  /** INTEGER in SQLite; BIGSERIAL in PostgreSQL, which pg reads as a string. */
  seq: Generated<number | string>;
  subscriber_id: string;
  kind: "signed-up" | "confirmed" | "unsubscribed";
  at: Time;
  consent_version: Generated<string>;
  mailed: Generated<Flag>;
}

/** A busy mail channel's time (LEAD-31): server/db/mail-pace.ts. */
export interface MailPaceTable {
  key: string;
  tat: Time;
}

/** An operator's sign-in link, as its hash (OPS-2). */
export interface ConsoleLinksTable {
  id: string;
  token_hash: string;
  operator: string;
  created_at: Time;
  expires_at: Time;
  used_at: Time | null;
}

/** An operator's session, as the hash of its id (OPS-2). */
export interface ConsoleSessionsTable {
  id_hash: string;
  operator: string;
  created_at: Time;
  idle_expires_at: Time;
  expires_at: Time;
}

/** The console's audit log (OPS-3): a trigger refuses updates. */
export interface ConsoleAuditTable {
  /** A BIGSERIAL in PostgreSQL, which pg reads as a string. */
  seq: Generated<number | string>;
  at: Time;
  operator: string;
  action: string;
  subject: string;
}

/** A day's visitor slot and where its visit began (ANA-2): deleted when the day ends. */
export interface TrafficVisitorsTable {
  day: string;
  slot: number;
  landing: string;
  referrer: string;
  source: string;
  medium: string;
  campaign: string;
}

/** A day's views and first-view visitors of one page, source, device and browser (ANA-2). */
export interface TrafficDailyTable {
  day: string;
  path: string;
  referrer: string;
  source: string;
  medium: string;
  campaign: string;
  device: string;
  browser: string;
  /** BIGINTs in PostgreSQL, which pg reads as strings. */
  views: number | string;
  visitors: number | string;
}

/** A day's conversions by the converting visitor's landing page and source (ANA-2). */
export interface TrafficConversionsTable {
  day: string;
  landing: string;
  referrer: string;
  source: string;
  medium: string;
  campaign: string;
  kind: string;
  /** A BIGINT in PostgreSQL, which pg reads as a string. */
  count: number | string;
}

/** A Trust Center document request (TRUST-5): the form's fields, the terms accepted, the decision. */
export interface TrustRequestsTable {
  /** TEXT in SQLite, UUID in PostgreSQL. */
  id: string;
  created_at: Time;
  name: string;
  email: string;
  mailbox: string;
  domain: string;
  company: string;
  role: string;
  /** JSON: text in SQLite, jsonb in PostgreSQL (a JSON text is taken for either). */
  documents: string | string[];
  reason: string;
  nda_version: string;
  nda_hash: string;
  status: Generated<"pending" | "approved" | "denied" | "revoked">;
  decided_at: Time | null;
  decided_by: Generated<string>;
}

/** A request's link, as its hash (TRUST-5, TRUST-7): an approver's decision, or a document's download. */
export interface TrustLinksTable {
  token_hash: string;
  request_id: string;
  purpose: "approve" | "deny" | "download";
  document: Generated<string>;
  /** Whose decision link it is (empty for a download). */
  approver: Generated<string>;
  expires_at: Time;
}

/** Every download of a request's documents (TRUST-5). */
export interface TrustDownloadsTable {
  /** INTEGER in SQLite; BIGSERIAL in PostgreSQL, which pg reads as a string. */
  seq: Generated<number | string>;
  request_id: string;
  document: string;
  at: Time;
}
