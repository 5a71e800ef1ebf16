import type { DatabaseSync } from "node:sqlite";
import type pg from "pg";

/**
 * One change of the schema, for both backends side by side: SQL, or a
 * function run in the migration's transaction (SQLite with the database's
 * JavaScript helpers registered). A version is never edited after it ships;
 * its number is its place in MIGRATIONS (index.ts), stored in
 * schema_migrations by each backend's runner.
 */
export interface Migration {
  sqlite: string | ((db: DatabaseSync) => void);
  postgres: string | ((client: pg.PoolClient) => Promise<void>);
}
