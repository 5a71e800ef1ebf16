/**
 * The day's visitor salt is derived from a key outside the database (ANA-2); the stored ones go.
 */
import { DROP_TRAFFIC_SALTS_SQL as POSTGRES_DROP_TRAFFIC_SALTS_SQL } from "../postgres/traffic.ts";
import { DROP_TRAFFIC_SALTS_SQL as SQLITE_DROP_TRAFFIC_SALTS_SQL } from "../sqlite/traffic.ts";
import type { Migration } from "./migration.ts";

export default {
  sqlite: SQLITE_DROP_TRAFFIC_SALTS_SQL,
  // The day's visitor salt is derived from a key outside the database (ANA-2); the stored ones go, and dropping the table removes its files.
  postgres: POSTGRES_DROP_TRAFFIC_SALTS_SQL,
} satisfies Migration;
