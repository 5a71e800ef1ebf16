import type { StoreCall } from "./protocol.ts";
import { WorkerLink } from "./worker-link.ts";
import type { NewJob } from "../outbox-records.ts";
import type { ErasureResult, LeadStore, RetentionCutoffs, RetentionResult } from "../store.ts";

import { operationMethods, type OperationArgs, type OperationMethods, type OperationName, type OperationResult } from "../operations.ts";

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
    return this.call({ method: "operation", name, args });
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

  async applyRetention(cutoffs: RetentionCutoffs): Promise<RetentionResult> {
    const result = await this.run("sweepRetention", cutoffs);
    // secure_delete zeroed the rows in their pages; the WAL still holds their earlier versions until this.
    if (result.leads + result.spamLeads + result.unconfirmed + result.trustRequests + result.jobs > 0) await this.call({ method: "compact", mode: "checkpoint" });
    return result;
  }

  /** Resolves once the file holds no byte of the erased rows: deleted, then the file vacuumed and its WAL emptied. */
  async deleteByEmail(email: string, jobs: readonly NewJob[]): Promise<ErasureResult> {
    const result = await this.run("eraseMailbox", email, jobs, new Date());
    await this.call({ method: "compact", mode: "vacuum" });
    return result;
  }

  /** Resolves once the revoked links are gone from the file's pages and its WAL. */
  async revokeTrustRequest(id: string, now: Date): Promise<boolean> {
    const revoked = await this.run("revokeTrustAccess", id, now);
    if (revoked) await this.call({ method: "compact", mode: "checkpoint" });
    return revoked;
  }

  /** Resolves once the closed days' slots are gone from the file's pages and its WAL. */
  async closeTrafficDays(today: string, keepFrom: string): Promise<number> {
    const { closed, dropped } = await this.run("endTrafficDays", today, keepFrom);
    if (closed + dropped > 0) await this.call({ method: "compact", mode: "checkpoint" });
    return closed + dropped;
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
