/**
 * Cookieless traffic counts (ANA-2).
 */
import { TRAFFIC_TABLES_SQL as POSTGRES_TRAFFIC_TABLES_SQL } from "../postgres/traffic.ts";
import { TRAFFIC_TABLES_SQL as SQLITE_TRAFFIC_TABLES_SQL } from "../sqlite/traffic.ts";
import type { Migration } from "./migration.ts";

export default {
  sqlite: SQLITE_TRAFFIC_TABLES_SQL,
  postgres: POSTGRES_TRAFFIC_TABLES_SQL,
} satisfies Migration;
