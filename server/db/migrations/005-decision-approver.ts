/**
 * Whose approver link decided a request (TRUST-5): kept beside each decision link's hash.
 */
import type { Migration } from "./migration.ts";

export default {
  sqlite: "ALTER TABLE trust_links ADD COLUMN approver TEXT NOT NULL DEFAULT ''",
  postgres: "ALTER TABLE trust_links ADD COLUMN approver TEXT NOT NULL DEFAULT ''",
} satisfies Migration;
