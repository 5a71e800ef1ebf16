import { closeSync, existsSync, fsyncSync, linkSync, openSync, rmSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { backup, DatabaseSync } from "node:sqlite";
import { DATABASE_FILE } from "./database.ts";

/** What a backup wrote: enough to log and to check, and nothing of anyone's data. */
export interface BackupReport {
  path: string;
  bytes: number;
  pages: number;
}

/** A backup not begun: the operator's to fix (a path, a setting), and nothing was written. */
export class BackupRefused extends Error {}

/** A backup made but not trusted: its copy failed `PRAGMA integrity_check`, and was removed. */
export class BackupUntrusted extends Error {
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(`the copy failed PRAGMA integrity_check: ${problems.join("; ")}`);
    this.problems = problems;
  }
}

// One step copies every page under one read transaction, so the copy is one
// snapshot. In smaller steps, each write the server commits between two steps
// restarts the copy from the first page, and a busy server could keep a large
// database's backup from ever finishing. WAL lets the server go on writing
// meanwhile. (Node takes a positive int32 only, not SQLite's -1 for "all".)
const ALL_PAGES = 2 ** 31 - 1;

/** How long the copy waits for a lock the server holds (a checkpoint, a migration) before it fails. */
const BUSY_TIMEOUT_MS = 5_000;

/** The files SQLite may make beside a database while it writes or reads it. */
const SIDE_FILES = ["-journal", "-wal", "-shm"];

/**
 * Writes a consistent copy of the lead database in `dataDir` to `out` while
 * the server runs (requirement OPS-11), with SQLite's online backup API.
 *
 * The copy is written beside `out` as `out.partial`, created owner-only before
 * SQLite opens it (so no umask ever makes it readable by others, and every file
 * SQLite adds beside it takes its mode), checked with `PRAGMA integrity_check`,
 * and only then linked to `out`, which fails rather than replace a file that
 * appeared meanwhile. So `out` exists only as a whole, checked copy. The copy
 * is turned to rollback-journal mode, one file with nothing beside it; the
 * server turns it back to WAL when it opens a restored copy.
 */
export async function backupDatabase(dataDir: string, out: string): Promise<BackupReport> {
  const source = join(dataDir, DATABASE_FILE);
  if (!existsSync(source)) throw new BackupRefused(`There is no lead database at ${source}: is DATA_DIR right?`);
  if (existsSync(out)) throw new BackupRefused(`${out} already exists, and a backup never replaces a file: name a new one.`);
  const partial = `${out}.partial`;
  try {
    closeSync(openSync(partial, "wx", 0o600));
  } catch (error) {
    throw new BackupRefused(refusalOf(error, partial));
  }
  try {
    await copyPages(source, partial);
    const pages = checkCopy(partial);
    try {
      linkSync(partial, out);
    } catch (error) {
      throw new BackupRefused(refusalOf(error, out));
    }
    syncFolder(dirname(out));
    return { path: out, bytes: statSync(out).size, pages };
  } finally {
    for (const suffix of ["", ...SIDE_FILES]) rmSync(partial + suffix, { force: true });
  }
}

async function copyPages(source: string, partial: string): Promise<void> {
  // Opened for writing, though it writes nothing: a read-only connection that
  // is the last one on a WAL database leaves its -wal and -shm files behind.
  const db = new DatabaseSync(source, { timeout: BUSY_TIMEOUT_MS });
  try {
    await backup(db, partial, { rate: ALL_PAGES });
  } finally {
    db.close();
  }
}

/** The copy's page count, once it has passed the check. */
function checkCopy(partial: string): number {
  const copy = new DatabaseSync(partial, { timeout: BUSY_TIMEOUT_MS });
  try {
    copy.exec("PRAGMA journal_mode = DELETE");
    let problems: string[];
    try {
      problems = (copy.prepare("PRAGMA integrity_check").all() as { integrity_check: string }[]).map((row) => row.integrity_check);
    } catch (error) {
      // Some damage stops the check itself ("database disk image is malformed") instead of being listed by it.
      problems = [error instanceof Error ? error.message : String(error)];
    }
    if (problems.length !== 1 || problems[0] !== "ok") throw new BackupUntrusted(problems);
    return (copy.prepare("PRAGMA page_count").get() as { page_count: number }).page_count;
  } finally {
    copy.close();
  }
}

/** The link is durable only once its folder's entry is. */
function syncFolder(folder: string): void {
  const fd = openSync(folder, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

function refusalOf(error: unknown, path: string): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "EEXIST") return `${path} already exists, and a backup never replaces a file: name a new one, or remove a ${path} that an interrupted backup left.`;
  if (code === "ENOENT") return `The folder ${dirname(path)} does not exist.`;
  if (code === "EACCES" || code === "EPERM" || code === "EROFS") return `Cannot write ${path}: ${code}.`;
  throw error;
}
