/**
 * The second review (requirements LEAD-23 to LEAD-28): one canonical mailbox
 * per sign-up, its consent as append-only events, per-recipient and
 * prioritised jobs, and no raw link token anywhere. The tokens stored in
 * `secrets` until now are dropped, and every link made before is void: they
 * were readable in the file. The file is vacuumed afterwards (`compact`).
 */
import { deliveredMailbox, inboxKey, mailboxDomain } from "../../lib/mailbox.ts";
import type { Migration } from "./migration.ts";

export default {
  sqlite: (db) => {
    db.exec(`ALTER TABLE subscribers ADD COLUMN mailbox TEXT;
      ALTER TABLE subscribers ADD COLUMN inbox_key TEXT;
      ALTER TABLE subscribers ADD COLUMN domain TEXT;
      ALTER TABLE subscribers ADD COLUMN unsubscribe_expires_at TEXT;
      UPDATE subscribers SET mailbox = delivered_mailbox(email);
      UPDATE subscribers SET inbox_key = inbox_key(mailbox), domain = mailbox_domain(mailbox),
        confirm_token_hash = NULL, confirm_expires_at = NULL, unsubscribe_token_hash = NULL;
      CREATE INDEX subscribers_mailbox ON subscribers (mailbox);
      CREATE INDEX subscribers_inbox_key ON subscribers (inbox_key);
      CREATE INDEX subscribers_domain ON subscribers (domain);
      CREATE TABLE subscriber_events (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        subscriber_id TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('signed-up', 'confirmed', 'unsubscribed')),
        at TEXT NOT NULL,
        consent_version TEXT NOT NULL DEFAULT '',
        mailed INTEGER NOT NULL DEFAULT 0 CHECK (mailed IN (0, 1))
      );
      CREATE INDEX subscriber_events_subscriber ON subscriber_events (subscriber_id, seq);
      CREATE INDEX subscriber_events_kind_at ON subscriber_events (kind, at);
      CREATE TRIGGER subscriber_events_append_only BEFORE UPDATE ON subscriber_events
        BEGIN SELECT RAISE(ABORT, 'consent events are append-only'); END;
      INSERT INTO subscriber_events (subscriber_id, kind, at, consent_version)
        SELECT id, 'signed-up', COALESCE(signed_up_at, created_at), consent_version FROM subscribers;
      INSERT INTO subscriber_events (subscriber_id, kind, at) SELECT id, 'confirmed', confirmed_at FROM subscribers WHERE confirmed_at IS NOT NULL;
      INSERT INTO subscriber_events (subscriber_id, kind, at) SELECT id, 'unsubscribed', unsubscribed_at FROM subscribers WHERE unsubscribed_at IS NOT NULL;
      DELETE FROM outbox WHERE channel = 'confirmation-email' AND status <> 'delivered';
      ALTER TABLE outbox DROP COLUMN secrets;
      ALTER TABLE outbox ADD COLUMN recipient TEXT;
      ALTER TABLE outbox ADD COLUMN payload TEXT NOT NULL DEFAULT '{}';
      ALTER TABLE outbox ADD COLUMN priority INTEGER NOT NULL DEFAULT 1;
      UPDATE outbox SET priority = 0 WHERE channel = 'confirmation-email';
      DROP INDEX outbox_due;
      CREATE INDEX outbox_due ON outbox (status, priority, next_attempt_at);`);
  },
  // The second review (requirements LEAD-23 to LEAD-28), as in the SQLite
  // store: canonical mailboxes, append-only consent events, per-recipient and
  // prioritised jobs, and no raw link token (every earlier link is void).
  postgres: async (client) => {
    await client.query(`ALTER TABLE subscribers ADD COLUMN mailbox TEXT, ADD COLUMN inbox_key TEXT, ADD COLUMN domain TEXT,
      ADD COLUMN unsubscribe_expires_at TIMESTAMPTZ`);
    const { rows } = await client.query<{ id: string; email: string }>("SELECT id, email FROM subscribers");
    for (const row of rows) {
      const mailbox = deliveredMailbox(row.email);
      await client.query("UPDATE subscribers SET mailbox = $2, inbox_key = $3, domain = $4 WHERE id = $1", [
        row.id,
        mailbox,
        inboxKey(mailbox),
        mailboxDomain(mailbox),
      ]);
    }
    await client.query(`UPDATE subscribers SET confirm_token_hash = NULL, confirm_expires_at = NULL, unsubscribe_token_hash = NULL;
      DROP INDEX subscribers_email;
      CREATE INDEX subscribers_email ON subscribers (lower(email));
      CREATE INDEX subscribers_mailbox ON subscribers (mailbox);
      CREATE INDEX subscribers_inbox_key ON subscribers (inbox_key);
      CREATE INDEX subscribers_domain ON subscribers (domain);
      CREATE TABLE subscriber_events (
        seq BIGSERIAL PRIMARY KEY,
        subscriber_id UUID NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('signed-up', 'confirmed', 'unsubscribed')),
        at TIMESTAMPTZ NOT NULL,
        consent_version TEXT NOT NULL DEFAULT '',
        mailed BOOLEAN NOT NULL DEFAULT FALSE
      );
      CREATE INDEX subscriber_events_subscriber ON subscriber_events (subscriber_id, seq);
      CREATE INDEX subscriber_events_kind_at ON subscriber_events (kind, at);
      CREATE OR REPLACE FUNCTION subscriber_events_append_only() RETURNS trigger LANGUAGE plpgsql AS
        $$ BEGIN RAISE EXCEPTION 'consent events are append-only'; END $$;
      CREATE TRIGGER subscriber_events_append_only BEFORE UPDATE ON subscriber_events
        FOR EACH ROW EXECUTE FUNCTION subscriber_events_append_only();
      INSERT INTO subscriber_events (subscriber_id, kind, at, consent_version)
        SELECT id, 'signed-up', COALESCE(signed_up_at, created_at), consent_version FROM subscribers;
      INSERT INTO subscriber_events (subscriber_id, kind, at) SELECT id, 'confirmed', confirmed_at FROM subscribers WHERE confirmed_at IS NOT NULL;
      INSERT INTO subscriber_events (subscriber_id, kind, at) SELECT id, 'unsubscribed', unsubscribed_at FROM subscribers WHERE unsubscribed_at IS NOT NULL;
      DELETE FROM outbox WHERE channel = 'confirmation-email' AND status <> 'delivered';
      ALTER TABLE outbox DROP COLUMN secrets, ADD COLUMN recipient TEXT, ADD COLUMN payload JSONB NOT NULL DEFAULT '{}',
        ADD COLUMN priority SMALLINT NOT NULL DEFAULT 1;
      UPDATE outbox SET priority = 0 WHERE channel = 'confirmation-email';
      DROP INDEX outbox_due;
      CREATE INDEX outbox_due ON outbox (status, priority, next_attempt_at);`);
    // ANALYZE keeps sample values of each column in pg_statistic, beyond the
    // reach of an erasure: personal columns are never sampled.
    const personal = {
      leads: ["first_name", "last_name", "email", "company_name", "contact_number", "description"],
      subscribers: ["email", "mailbox", "inbox_key"],
    };
    for (const [table, columns] of Object.entries(personal)) {
      await client.query(`ALTER TABLE ${table} ${columns.map((column) => `ALTER COLUMN ${column} SET STATISTICS 0`).join(", ")}`);
    }
    // Expression indexes are sampled too.
    for (const index of ["leads_email", "subscribers_email"]) await client.query(`ALTER INDEX ${index} ALTER COLUMN 1 SET STATISTICS 0`);
    // Samples taken before: gone where our role may delete them (a superuser's), else replaced at the next ANALYZE.
    await client.query("SAVEPOINT forget_samples");
    try {
      await client.query("DELETE FROM pg_statistic WHERE starelid IN ('leads'::regclass, 'subscribers'::regclass, 'leads_email'::regclass, 'subscribers_email'::regclass)");
      await client.query("RELEASE SAVEPOINT forget_samples");
    } catch {
      await client.query("ROLLBACK TO SAVEPOINT forget_samples");
    }
  },
} satisfies Migration;
