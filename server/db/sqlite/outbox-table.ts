/**
 * The outbox table rebuilt with a new list of channels: SQLite changes a CHECK
 * only by copying the table. Migrations 4 and 7 each add a channel this way.
 */
export function outboxWithChannels(channels: readonly string[]): string {
  return `CREATE TABLE outbox_next (
     id TEXT PRIMARY KEY,
     channel TEXT NOT NULL CHECK (channel IN (${channels.map((channel) => `'${channel}'`).join(", ")})),
     event TEXT NOT NULL,
     subject_id TEXT NOT NULL,
     status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'dead')),
     attempts INTEGER NOT NULL DEFAULT 0,
     created_at TEXT NOT NULL,
     next_attempt_at TEXT NOT NULL,
     locked_until TEXT,
     last_error TEXT NOT NULL DEFAULT '',
     delivered_at TEXT,
     recipient TEXT,
     payload TEXT NOT NULL DEFAULT '{}',
     priority INTEGER NOT NULL DEFAULT 1
   );
   INSERT INTO outbox_next (id, channel, event, subject_id, status, attempts, created_at, next_attempt_at, locked_until, last_error, delivered_at, recipient, payload, priority)
     SELECT id, channel, event, subject_id, status, attempts, created_at, next_attempt_at, locked_until, last_error, delivered_at, recipient, payload, priority FROM outbox;
   DROP TABLE outbox;
   ALTER TABLE outbox_next RENAME TO outbox;
   CREATE INDEX outbox_due ON outbox (status, priority, next_attempt_at);
   CREATE INDEX outbox_subject ON outbox (subject_id);`;
}
