/**
 * The first schema: leads, and the newsletter's sign-ups (requirement LEAD-1).
 */
import type { Migration } from "./migration.ts";

export default {
  sqlite: `CREATE TABLE leads (
     id TEXT PRIMARY KEY,
     created_at TEXT NOT NULL,
     first_name TEXT NOT NULL,
     last_name TEXT NOT NULL,
     email TEXT NOT NULL,
     company_name TEXT NOT NULL,
     contact_number TEXT NOT NULL,
     description TEXT NOT NULL,
     terms_accepted INTEGER NOT NULL CHECK (terms_accepted = 1),
     spam INTEGER NOT NULL DEFAULT 0 CHECK (spam IN (0, 1)),
     spam_reason TEXT NOT NULL DEFAULT '',
     idempotency_key TEXT UNIQUE,
     body_hash TEXT NOT NULL
   );
   CREATE INDEX leads_created_at ON leads (created_at);
   CREATE INDEX leads_email ON leads (email COLLATE NOCASE);
   CREATE TABLE subscribers (
     id TEXT PRIMARY KEY,
     email TEXT NOT NULL UNIQUE COLLATE NOCASE,
     consent_version TEXT NOT NULL,
     created_at TEXT NOT NULL
   );`,
  postgres: `CREATE TABLE leads (
     id UUID PRIMARY KEY,
     created_at TIMESTAMPTZ NOT NULL,
     first_name TEXT NOT NULL,
     last_name TEXT NOT NULL,
     email TEXT NOT NULL,
     company_name TEXT NOT NULL,
     contact_number TEXT NOT NULL,
     description TEXT NOT NULL,
     terms_accepted BOOLEAN NOT NULL CHECK (terms_accepted),
     spam BOOLEAN NOT NULL DEFAULT FALSE,
     spam_reason TEXT NOT NULL DEFAULT '',
     idempotency_key TEXT UNIQUE,
     body_hash TEXT NOT NULL
   );
   CREATE INDEX leads_created_at ON leads (created_at);
   CREATE INDEX leads_email ON leads (lower(email));
   CREATE TABLE subscribers (
     id UUID PRIMARY KEY,
     email TEXT NOT NULL,
     consent_version TEXT NOT NULL,
     created_at TIMESTAMPTZ NOT NULL
   );
   CREATE UNIQUE INDEX subscribers_email ON subscribers (lower(email));`,
} satisfies Migration;
