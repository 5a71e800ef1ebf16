import { createHash } from "node:crypto";
import { LEAD_FIELDS, type LeadBody } from "../../common/lead-schema.ts";

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

/** A lead row as either database returns it (SQLite: text time, 0/1 flag; PostgreSQL: Date, boolean). */
export interface LeadRow {
  id: string;
  created_at: string | Date;
  first_name: string;
  last_name: string;
  email: string;
  company_name: string;
  contact_number: string;
  description: string;
  spam: number | boolean;
  spam_reason: string;
}

export function toStoredLead(row: LeadRow): StoredLead {
  return {
    id: row.id,
    createdAt: row.created_at instanceof Date ? row.created_at.toISOString() : row.created_at,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    companyName: row.company_name,
    contactNumber: row.contact_number,
    description: row.description,
    termsAccepted: true,
    spam: row.spam === true || row.spam === 1,
    spamReason: row.spam_reason,
  };
}
