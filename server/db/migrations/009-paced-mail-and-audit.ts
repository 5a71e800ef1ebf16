/**
 * Paced mail, the limits reached, and an append-only audit log (LEAD-31, OPS-3, OPS-10).
 */
import { PACE_TABLES_SQL as POSTGRES_PACE_TABLES_SQL } from "../postgres/pace.ts";
import { PACE_TABLES_SQL as SQLITE_PACE_TABLES_SQL } from "../sqlite/pace.ts";
import type { Migration } from "./migration.ts";

export default {
  sqlite: SQLITE_PACE_TABLES_SQL,
  postgres: POSTGRES_PACE_TABLES_SQL,
} satisfies Migration;
