import { createHash } from "node:crypto";
import { LEAD_FIELD_SPECS, LEAD_FIELDS, LEAD_TEXT_FIELDS, type LeadBody } from "../../common/lead-fields.ts";

/** A lead as stored: the body, when it arrived, and whether it looks like spam. */
export interface StoredLead extends LeadBody {
  id: string;
  createdAt: string;
  spam: boolean;
  /** Why it was flagged: "honeypot" or "too-fast"; empty when not spam. */
  spamReason: string;
}

export interface StoredSubscriber {
  id: string;
  email: string;
  consentVersion: string;
  createdAt: string;
}

export interface LeadMeta {
  /** The client's Idempotency-Key: a retry with the same key and body stores nothing new. */
  idempotencyKey?: string;
  spamReason?: "honeypot" | "too-fast";
}

/** Identical bodies hash alike whatever their key order, so a retry is recognised by either store. */
export function leadBodyHash(lead: LeadBody): string {
  return createHash("sha256")
    .update(JSON.stringify(LEAD_FIELDS.map((field) => lead[field])))
    .digest("hex");
}

export type SaveLeadResult = { status: "created" | "replayed"; id: string } | { status: "key-reused" };

/**
 * Where leads and newsletter sign-ups live. Every method resolves only after
 * the change is durably committed. SQLite (sqlite-store.ts) implements it for
 * one machine; a PostgreSQL store implements the same contract for several.
 */
export interface LeadStore {
  saveLead(lead: LeadBody, meta: LeadMeta): Promise<SaveLeadResult>;
  /** Signs an address up once; signing up again keeps the first record. */
  saveSubscriber(email: string, consentVersion: string): Promise<{ id: string; created: boolean }>;
  listLeads(options?: { since?: Date }): Promise<StoredLead[]>;
  listSubscribers(options?: { since?: Date }): Promise<StoredSubscriber[]>;
  /** Retention: deletes leads that arrived before `cutoff`; newsletter sign-ups stay until erased. */
  pruneLeads(cutoff: Date): Promise<number>;
  /** Resolves when the storage answers a trivial query (for /healthz); rejects otherwise. */
  ping(): Promise<void>;
  /** An erasure request: removes every lead and sign-up with this address (case-insensitive). */
  deleteByEmail(email: string): Promise<{ leads: number; subscribers: number }>;
  close(): Promise<void>;
}

/** The text fields' columns, in body order: both stores insert and read them by these names. */
export const LEAD_TEXT_COLUMNS: readonly string[] = LEAD_TEXT_FIELDS.map((field) => LEAD_FIELD_SPECS[field].column);

/**
 * The INSERT of a lead. SQLite takes every value as `?`; PostgreSQL numbers
 * its parameters and stamps the time itself, as its store always has.
 */
export function insertLeadSql(dialect: "sqlite" | "postgres"): string {
  const columns = ["id", "created_at", ...LEAD_TEXT_COLUMNS, "terms_accepted", "spam", "spam_reason", "idempotency_key", "body_hash"];
  let count = 0;
  const param = () => (dialect === "sqlite" ? "?" : `$${String(++count)}`);
  const sqlite = dialect === "sqlite";
  // Left to right, so PostgreSQL's numbers follow the values' order.
  const values = [param(), sqlite ? param() : "now()", ...LEAD_TEXT_COLUMNS.map(param), sqlite ? "1" : "TRUE", param(), param(), param(), param()];
  return `INSERT INTO leads (${columns.join(", ")}) VALUES (${values.join(", ")})`;
}

/** The text values of a lead, in LEAD_TEXT_COLUMNS order. */
export function leadTextValues(lead: LeadBody): string[] {
  return LEAD_TEXT_FIELDS.map((field) => lead[field]);
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
  };
}
