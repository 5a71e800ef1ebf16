/**
 * The Trust Center (requirements TRUST-4 to TRUST-7): requests, their links
 * as hashes only, every download, and the approvers' channel, which the
 * outbox's CHECK must name (SQLite changes a CHECK only by copying the table).
 */
import { outboxWithChannels } from "../sqlite/outbox-table.ts";
import type { Migration } from "./migration.ts";

export default {
  sqlite: `CREATE TABLE trust_requests (
     id TEXT PRIMARY KEY,
     created_at TEXT NOT NULL,
     name TEXT NOT NULL,
     email TEXT NOT NULL,
     mailbox TEXT NOT NULL,
     domain TEXT NOT NULL,
     company TEXT NOT NULL,
     role TEXT NOT NULL,
     documents TEXT NOT NULL,
     reason TEXT NOT NULL,
     nda_version TEXT NOT NULL,
     nda_hash TEXT NOT NULL,
     status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'denied', 'revoked')),
     decided_at TEXT,
     decided_by TEXT NOT NULL DEFAULT ''
   );
   CREATE INDEX trust_requests_created_at ON trust_requests (created_at);
   CREATE INDEX trust_requests_mailbox ON trust_requests (mailbox, created_at);
   CREATE INDEX trust_requests_domain ON trust_requests (domain, created_at);
   CREATE TABLE trust_links (
     token_hash TEXT PRIMARY KEY,
     request_id TEXT NOT NULL,
     purpose TEXT NOT NULL CHECK (purpose IN ('approve', 'deny', 'download')),
     document TEXT NOT NULL DEFAULT '',
     expires_at TEXT NOT NULL
   );
   CREATE INDEX trust_links_request ON trust_links (request_id);
   CREATE TABLE trust_downloads (
     seq INTEGER PRIMARY KEY AUTOINCREMENT,
     request_id TEXT NOT NULL,
     document TEXT NOT NULL,
     at TEXT NOT NULL
   );
   CREATE INDEX trust_downloads_request ON trust_downloads (request_id, seq);
   ${outboxWithChannels(["sales-email", "webhook", "confirmation-email", "approver-email"])}`,
  // The Trust Center (requirements TRUST-4 to TRUST-7), as in the SQLite
  // store: requests, their links as hashes only, every download, the
  // approvers' channel; personal columns are never sampled by ANALYZE.
  postgres: `CREATE TABLE trust_requests (
     id UUID PRIMARY KEY,
     created_at TIMESTAMPTZ NOT NULL,
     name TEXT NOT NULL,
     email TEXT NOT NULL,
     mailbox TEXT NOT NULL,
     domain TEXT NOT NULL,
     company TEXT NOT NULL,
     role TEXT NOT NULL,
     documents JSONB NOT NULL,
     reason TEXT NOT NULL,
     nda_version TEXT NOT NULL,
     nda_hash TEXT NOT NULL,
     status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'denied', 'revoked')),
     decided_at TIMESTAMPTZ,
     decided_by TEXT NOT NULL DEFAULT ''
   );
   CREATE INDEX trust_requests_created_at ON trust_requests (created_at);
   CREATE INDEX trust_requests_mailbox ON trust_requests (mailbox, created_at);
   CREATE INDEX trust_requests_domain ON trust_requests (domain, created_at);
   ALTER TABLE trust_requests ALTER COLUMN name SET STATISTICS 0, ALTER COLUMN email SET STATISTICS 0, ALTER COLUMN mailbox SET STATISTICS 0,
     ALTER COLUMN domain SET STATISTICS 0, ALTER COLUMN company SET STATISTICS 0, ALTER COLUMN role SET STATISTICS 0, ALTER COLUMN reason SET STATISTICS 0;
   CREATE TABLE trust_links (
     token_hash TEXT PRIMARY KEY,
     request_id UUID NOT NULL,
     purpose TEXT NOT NULL CHECK (purpose IN ('approve', 'deny', 'download')),
     document TEXT NOT NULL DEFAULT '',
     expires_at TIMESTAMPTZ NOT NULL
   );
   CREATE INDEX trust_links_request ON trust_links (request_id);
   CREATE TABLE trust_downloads (
     seq BIGSERIAL PRIMARY KEY,
     request_id UUID NOT NULL,
     document TEXT NOT NULL,
     at TIMESTAMPTZ NOT NULL
   );
   CREATE INDEX trust_downloads_request ON trust_downloads (request_id, seq);
   ALTER TABLE outbox DROP CONSTRAINT outbox_channel_check,
     ADD CONSTRAINT outbox_channel_check CHECK (channel IN ('sales-email', 'webhook', 'confirmation-email', 'approver-email'));`,
} satisfies Migration;
