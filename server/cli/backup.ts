import { resolve } from "node:path";
import { backupDatabase, BackupRefused, BackupUntrusted } from "../db/sqlite/backup.ts";

const PG_DUMP = `No backup written: DATABASE_URL is set, so the leads are in PostgreSQL, which this command does not copy.
Back them up with PostgreSQL's own tools (docs/operations.md, "Backups"):
  pg_dump --format=custom --file=veilvault.dump "$DATABASE_URL"`;

/**
 * `npm run leads -- backup --out FILE` (requirement OPS-11): a checked copy of
 * the SQLite lead database, made while the server runs. Answers the process's
 * exit code: 0 written and checked, 1 failed, 2 refused before anything was
 * written. It prints the copy's path, size and page count only: never a row.
 */
export async function backupCommand(env: { dataDir: string; databaseUrl?: string }, out: string): Promise<number> {
  if (env.databaseUrl) {
    console.error(PG_DUMP);
    return 2;
  }
  // npm runs a script in the project's folder; a relative path means the folder the operator typed it in.
  const path = resolve(process.env.INIT_CWD ?? process.cwd(), out);
  try {
    const { bytes, pages } = await backupDatabase(env.dataDir, path);
    console.log(`Wrote ${path}: ${bytes} bytes, ${pages} pages, owner-only (0600). PRAGMA integrity_check: ok.`);
    return 0;
  } catch (error) {
    if (error instanceof BackupRefused) {
      console.error(`No backup written. ${error.message}`);
      return 2;
    }
    if (error instanceof BackupUntrusted) {
      console.error(`No backup written: ${error.message}. The copy was removed; the live database may itself be damaged.`);
      return 1;
    }
    console.error(`No backup written: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}
