/**
 * Double opt-in and the outbox (requirements LEAD-16, LEAD-17). Sign-ups from
 * before it never confirmed their address, so they start out pending.
 */
import type { Migration } from "./migration.ts";

export default {
  sqlite: `ALTER TABLE subscribers ADD COLUMN status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'confirmed', 'unsubscribed'));
   ALTER TABLE subscribers ADD COLUMN signed_up_at TEXT;
   ALTER TABLE subscribers ADD COLUMN confirmed_at TEXT;
   ALTER TABLE subscribers ADD COLUMN unsubscribed_at TEXT;
   ALTER TABLE subscribers ADD COLUMN confirm_token_hash TEXT;
   ALTER TABLE subscribers ADD COLUMN confirm_expires_at TEXT;
   ALTER TABLE subscribers ADD COLUMN unsubscribe_token_hash TEXT;
   UPDATE subscribers SET signed_up_at = created_at;
   CREATE UNIQUE INDEX subscribers_confirm_token ON subscribers (confirm_token_hash);
   CREATE UNIQUE INDEX subscribers_unsubscribe_token ON subscribers (unsubscribe_token_hash);
   CREATE TABLE outbox (
     id TEXT PRIMARY KEY,
     channel TEXT NOT NULL CHECK (channel IN ('sales-email', 'webhook', 'confirmation-email')),
     event TEXT NOT NULL,
     subject_id TEXT NOT NULL,
     secrets TEXT NOT NULL DEFAULT '{}',
     status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'dead')),
     attempts INTEGER NOT NULL DEFAULT 0,
     created_at TEXT NOT NULL,
     next_attempt_at TEXT NOT NULL,
     locked_until TEXT,
     last_error TEXT NOT NULL DEFAULT '',
     delivered_at TEXT
   );
   CREATE INDEX outbox_due ON outbox (status, next_attempt_at);
   CREATE INDEX outbox_subject ON outbox (subject_id);`,
  postgres: `ALTER TABLE subscribers
     ADD COLUMN status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'confirmed', 'unsubscribed')),
     ADD COLUMN signed_up_at TIMESTAMPTZ,
     ADD COLUMN confirmed_at TIMESTAMPTZ,
     ADD COLUMN unsubscribed_at TIMESTAMPTZ,
     ADD COLUMN confirm_token_hash TEXT UNIQUE,
     ADD COLUMN confirm_expires_at TIMESTAMPTZ,
     ADD COLUMN unsubscribe_token_hash TEXT UNIQUE;
   UPDATE subscribers SET signed_up_at = created_at;
   CREATE TABLE outbox (
     id TEXT PRIMARY KEY,
     channel TEXT NOT NULL CHECK (channel IN ('sales-email', 'webhook', 'confirmation-email')),
     event TEXT NOT NULL,
     subject_id UUID NOT NULL,
     secrets JSONB NOT NULL DEFAULT '{}',
     status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'dead')),
     attempts INTEGER NOT NULL DEFAULT 0,
     created_at TIMESTAMPTZ NOT NULL,
     next_attempt_at TIMESTAMPTZ NOT NULL,
     locked_until TIMESTAMPTZ,
     last_error TEXT NOT NULL DEFAULT '',
     delivered_at TIMESTAMPTZ
   );
   CREATE INDEX outbox_due ON outbox (status, next_attempt_at);
   CREATE INDEX outbox_subject ON outbox (subject_id);`,
} satisfies Migration;
