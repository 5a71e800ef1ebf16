import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync, type SQLInputValue, type StatementSync } from "node:sqlite";
import { deliveredMailbox, inboxKey, mailboxDomain } from "../../lib/mailbox.ts";
import { OPERATIONS, type OperationName } from "../operations.ts";
import { runSync, SQL } from "../query.ts";
import { MIGRATIONS as ALL_MIGRATIONS } from "../migrations/index.ts";
import type { StoreOperation } from "../repositories/operation.ts";

export const DATABASE_FILE = "leads.sqlite";

/** This backend's side of each schema change (server/db/migrations/), applied in order once each. */
export const MIGRATIONS: readonly (string | ((db: DatabaseSync) => void))[] = ALL_MIGRATIONS.map((migration) => migration.sqlite);

/**
 * From this version on, migrations leave raw secrets in free pages (link tokens,
 * then the days' visitor salts): the file is vacuumed once any of them has run.
 */
const VACUUM_AFTER_VERSION = 3;

/** The worker's own statements, prepared once when the database opens: each call of a batch runs inside a savepoint. */
function prepareStatements(db: DatabaseSync) {
  return {
    savepoint: db.prepare("SAVEPOINT store_call"),
    releaseSavepoint: db.prepare("RELEASE store_call"),
    rollbackToSavepoint: db.prepare("ROLLBACK TO store_call"),
  } satisfies Record<string, StatementSync>;
}

/** The JavaScript the migrations call from SQL. */
function registerFunctions(db: DatabaseSync): void {
  const text = (fn: (value: string) => string) => (value: unknown) => (typeof value === "string" ? fn(value) : null);
  db.function("delivered_mailbox", { deterministic: true }, text(deliveredMailbox));
  db.function("inbox_key", { deterministic: true }, text(inboxKey));
  db.function("mailbox_domain", { deterministic: true }, text(mailboxDomain));
  // SQLite's lower() folds ASCII only; searches fold case as JavaScript does, as PostgreSQL's lower() does (repositories/leads.ts).
  db.function("fold_case", { deterministic: true }, text((value) => value.toLowerCase()));
}

/** A query's parameters as node:sqlite binds them: it takes no booleans or dates. */
function bindable(parameters: readonly unknown[]): SQLInputValue[] {
  return parameters.map((value) => (typeof value === "boolean" ? (value ? 1 : 0) : value instanceof Date ? value.toISOString() : (value as SQLInputValue)));
}

/**
 * The embedded database: one SQLite file under `dataDir`, readable by its owner
 * only, in WAL mode with synchronous=FULL so a commit survives power loss.
 * Synchronous (node:sqlite), so it runs only inside the store's worker thread
 * (sqlite-worker.ts); the methods do not open transactions of their own, the
 * worker wraps them (sqlite-batch.ts).
 */
export class LeadDatabase {
  private readonly db: DatabaseSync;
  private readonly statements: ReturnType<typeof prepareStatements>;

  constructor(dataDir: string) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const file = join(dataDir, DATABASE_FILE);
    // Worker threads may not change the umask, so the file is created owner-only
    // before SQLite opens it; SQLite gives the -wal and -shm files the same mode.
    closeSync(openSync(file, "a", 0o600));
    this.db = new DatabaseSync(file);
    try {
      // secure_delete: a deleted row's bytes are overwritten, not left in free
      // space for anyone with a copy of the file (requirements LEAD-24, LEAD-25).
      this.db.exec(
        "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000; PRAGMA secure_delete = ON;",
      );
      registerFunctions(this.db);
      if (this.migrate() >= VACUUM_AFTER_VERSION) this.compact("vacuum");
      this.statements = prepareStatements(this.db);
    } catch (error) {
      this.db.close();
      throw error;
    }
    // Files from before this rule, or made under a looser mode, are tightened too.
    for (const suffix of ["", "-wal", "-shm"]) if (existsSync(file + suffix)) chmodSync(file + suffix, 0o600);
  }

  /** Runs an operation written with the query builder, in the worker's transaction. */
  operate(name: OperationName, args: unknown[]): unknown {
    const operation = OPERATIONS[name] as StoreOperation<unknown[], unknown>;
    return runSync(operation.run(SQL.sqlite, ...args), (compiled) => {
      const { statement, reads } = this.prepared(compiled.sql);
      const parameters = bindable(compiled.parameters);
      if (reads) return { rows: statement.all(...parameters), changes: 0 };
      return { rows: [], changes: Number(statement.run(...parameters).changes) };
    });
  }

  /** Statements by their SQL, prepared once: a burst of leads runs the same few queries thousands of times. */
  private readonly statementCache = new Map<string, { statement: StatementSync; reads: boolean }>();

  private prepared(sql: string): { statement: StatementSync; reads: boolean } {
    let found = this.statementCache.get(sql);
    if (!found) {
      // A query's text varies only with the shape of what it is given (how many rows, which filters), so the cache stays small; the bound keeps it so.
      if (this.statementCache.size >= 512) this.statementCache.clear();
      const statement = this.db.prepare(sql);
      found = { statement, reads: statement.columns().length > 0 };
      this.statementCache.set(sql, found);
    }
    return found;
  }

  /** Applies the migrations not yet applied; returns the first version it applied, or 0 when none was due. */
  private migrate(): number {
    this.db.exec("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)");
    const row = this.db.prepare("SELECT COALESCE(MAX(version), 0) AS version FROM schema_migrations").get() as { version: number };
    let first = 0;
    MIGRATIONS.forEach((migration, index) => {
      const version = index + 1;
      if (version <= row.version) return;
      first ||= version;
      this.begin("IMMEDIATE");
      try {
        if (typeof migration === "string") this.db.exec(migration);
        else migration(this.db);
        this.db.prepare("INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)").run(version, new Date().toISOString());
        this.commit();
      } catch (error) {
        this.rollback();
        throw error;
      }
    });
    return first;
  }

  /**
   * After a deletion, makes the deleted bytes unrecoverable from the files
   * too: "checkpoint" copies the WAL (which still holds the rows' earlier
   * versions) into the database and empties it; "vacuum" first rewrites the
   * whole file without free pages. Runs outside any transaction.
   */
  compact(mode: "vacuum" | "checkpoint"): void {
    if (mode === "vacuum") this.db.exec("VACUUM");
    this.db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  }

  /** IMMEDIATE takes the write lock up front, so a batch of writes never fails half-way on a lock upgrade. */
  begin(mode: "IMMEDIATE" | "DEFERRED"): void {
    this.db.exec(`BEGIN ${mode}`);
  }

  commit(): void {
    this.db.exec("COMMIT");
  }

  /** Undoes the open transaction, if SQLite has not already done so after an I/O or full-disk error. */
  rollback(): void {
    if (this.db.isTransaction) this.db.exec("ROLLBACK");
  }

  /** False once SQLite has rolled the transaction back by itself (it may, on SQLITE_FULL, SQLITE_IOERR, SQLITE_NOMEM). */
  get inTransaction(): boolean {
    return this.db.isTransaction;
  }

  /** Marks where one call of a batch starts, so that its changes alone can be undone. */
  savepoint(): void {
    this.statements.savepoint.run();
  }

  releaseSavepoint(): void {
    this.statements.releaseSavepoint.run();
  }

  /** Undoes the changes since `savepoint()` and keeps the transaction open for the calls after it. */
  rollbackToSavepoint(): void {
    this.statements.rollbackToSavepoint.run();
    this.statements.releaseSavepoint.run();
  }

  close(): void {
    if (this.db.isOpen) this.db.close();
  }
}
