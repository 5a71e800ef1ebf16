/**
 * Mailbox keys by LEAD-30's rule (NFC, ASCII letters lower-cased only): the
 * keys of the second review folded Unicode case, which joined lookalikes.
 */
import { deliveredMailbox, inboxKey, mailboxDomain } from "../../lib/mailbox.ts";
import type { Migration } from "./migration.ts";

export default {
  sqlite: `UPDATE subscribers SET mailbox = delivered_mailbox(email);
   UPDATE subscribers SET inbox_key = inbox_key(mailbox), domain = mailbox_domain(mailbox);
   UPDATE trust_requests SET mailbox = delivered_mailbox(email);
   UPDATE trust_requests SET domain = mailbox_domain(mailbox);`,
  // Mailbox keys by LEAD-30's rule (NFC, ASCII letters lower-cased only), as in the SQLite store.
  postgres: async (client) => {
    const subscribers = await client.query<{ id: string; email: string }>("SELECT id, email FROM subscribers");
    for (const row of subscribers.rows) {
      const mailbox = deliveredMailbox(row.email);
      await client.query("UPDATE subscribers SET mailbox = $2, inbox_key = $3, domain = $4 WHERE id = $1", [row.id, mailbox, inboxKey(mailbox), mailboxDomain(mailbox)]);
    }
    const requests = await client.query<{ id: string; email: string }>("SELECT id, email FROM trust_requests");
    for (const row of requests.rows) {
      const mailbox = deliveredMailbox(row.email);
      await client.query("UPDATE trust_requests SET mailbox = $2, domain = $3 WHERE id = $1", [row.id, mailbox, mailboxDomain(mailbox)]);
    }
  },
} satisfies Migration;
