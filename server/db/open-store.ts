import { PostgresLeadStore } from "./postgres/store.ts";
import { SqliteLeadStore } from "./sqlite/store.ts";
import type { LeadStore } from "./lead-store.ts";

/** PostgreSQL when DATABASE_URL is set (several instances, one database), else the SQLite file under DATA_DIR. */
export async function openLeadStore(env: { dataDir: string; databaseUrl?: string }): Promise<LeadStore> {
  return env.databaseUrl ? PostgresLeadStore.open(env.databaseUrl) : SqliteLeadStore.open(env.dataDir);
}
