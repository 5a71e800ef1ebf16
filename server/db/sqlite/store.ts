import type { StoreCall } from "./protocol.ts";
import { WorkerLink } from "./worker-link.ts";
import type { LeadStore } from "../lead-store.ts";
import { OPERATIONS, operationMethods, type OperationArgs, type OperationMethods, type OperationName, type OperationResult } from "../operations.ts";
import type { StoreOperation } from "../repositories/operation.ts";

export { DATABASE_FILE } from "./database.ts";

/**
 * The embedded store: one SQLite file under `dataDir` (sqlite-database.ts),
 * written by a worker thread so that commits and their fsyncs never hold up
 * the event loop that serves pages. Each method posts its call to the worker
 * and resolves when the worker answers, which it does only after the
 * transaction holding the call has committed. If the worker dies, its
 * unanswered calls reject and the next call starts a fresh one.
 */
/** The operations written with the query builder, as methods (server/db/operations.ts). */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type -- the methods are made from the operations' names in the constructor
export interface SqliteLeadStore extends OperationMethods {}

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see the interface above
export class SqliteLeadStore implements LeadStore {
  private readonly dataDir: string;
  private readonly callDeadlineMs: number | undefined;
  private link: WorkerLink | undefined;
  private closing: Promise<void> | undefined;
  private commits = 0;

  private constructor(dataDir: string, callDeadlineMs: number | undefined) {
    Object.assign(this, operationMethods(this));
    this.dataDir = dataDir;
    this.callDeadlineMs = callDeadlineMs;
  }

  /**
   * Rejects if the database cannot be opened or migrated, so a bad DATA_DIR
   * stops the server at start. `callDeadlineMs`: STORE_CALL_DEADLINE_MS unless
   * a test needs a shorter one.
   */
  static async open(dataDir: string, options: { callDeadlineMs?: number } = {}): Promise<SqliteLeadStore> {
    const store = new SqliteLeadStore(dataDir, options.callDeadlineMs);
    await store.connect().ready;
    return store;
  }

  run<Name extends OperationName>(name: Name, ...args: OperationArgs<Name>): Promise<OperationResult<Name>> {
    const answer = this.call<OperationResult<Name>>({ method: "operation", name, args });
    const operation = OPERATIONS[name] as StoreOperation<unknown[], OperationResult<Name>>;
    if (!operation.compactAfter) return answer;
    // Compacting rewrites the file outside any transaction: a call of its own, after the operation's batch committed.
    return answer.then(async (result) => {
      const mode = operation.compactAfter?.(result).sqlite;
      if (mode) await this.call({ method: "compact", mode });
      return result;
    });
  }

  /** How many transactions with writes have committed since open: one per group of calls, not one per call. */
  get transactionsCommitted(): number {
    return this.commits;
  }

  private connect(): WorkerLink {
    this.link ??= new WorkerLink(
      { dataDir: this.dataDir },
      {
        gone: (link) => {
          if (this.link === link) this.link = undefined;
        },
        committed: () => {
          this.commits += 1;
        },
      },
      this.callDeadlineMs,
    );
    return this.link;
  }

  // The worker answers each method with the value its LeadDatabase method returned.
  private async call<T>(call: StoreCall): Promise<T> {
    if (this.closing) throw new Error("the lead store is closed");
    return (await this.connect().call(call)) as T;
  }

  /** Lets every call already made finish, closes the database and ends the worker; later calls reject. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      const link = this.link;
      this.link = undefined;
      await link?.close();
    })();
    return this.closing;
  }

  /** For tests: ends the worker abruptly, as a crash would. */
  async crashWorkerForTesting(): Promise<void> {
    await this.link?.terminate();
  }

  /** For tests: how many calls wait on the worker now. */
  callsInFlightForTesting(): number {
    return this.link?.callsInFlight() ?? 0;
  }
}
