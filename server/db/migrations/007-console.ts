/**
 * The operator console: sign-in links, sessions, audit log, handled leads, and its e-mail channel (OPS-2, OPS-3).
 */
import { CONSOLE_TABLES_SQL as POSTGRES_CONSOLE_TABLES_SQL } from "../postgres/console.ts";
import { CONSOLE_TABLES_SQL as SQLITE_CONSOLE_TABLES_SQL } from "../sqlite/console.ts";
import type { Migration } from "./migration.ts";

export default {
  sqlite: SQLITE_CONSOLE_TABLES_SQL,
  postgres: POSTGRES_CONSOLE_TABLES_SQL,
} satisfies Migration;
