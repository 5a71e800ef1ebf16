import type { LeadBody } from "../../common/lead-fields.ts";
import type { StoreCall } from "./sqlite-protocol.ts";
import { WorkerLink } from "./sqlite-worker-link.ts";
import type { LeadMeta, LeadStore, SaveLeadResult, StoredLead, StoredSubscriber } from "./store.ts";

export { DATABASE_FILE } from "./sqlite-database.ts";

/**
 * The embedded store: one SQLite file under `dataDir` (sqlite-database.ts),
 * written by a worker thread so that commits and their fsyncs never hold up
 * the event loop that serves pages. Each method posts its call to the worker
 * and resolves when the worker answers, which it does only after the
 * transaction holding the call has committed. If the worker dies, its
 * unanswered calls reject and the next call starts a fresh one.
 */
export class SqliteLeadStore implements LeadStore {
  private readonly dataDir: string;
  private readonly callDeadlineMs: number | undefined;
  private link: WorkerLink | undefined;
  private closing: Promise<void> | undefined;
  private commits = 0;

  private constructor(dataDir: string, callDeadlineMs: number | undefined) {
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

  saveLead(lead: LeadBody, meta: LeadMeta): Promise<SaveLeadResult> {
    return this.call({ method: "saveLead", lead, meta });
  }

  saveSubscriber(email: string, consentVersion: string): Promise<{ id: string; created: boolean }> {
    return this.call({ method: "saveSubscriber", email, consentVersion });
  }

  listLeads({ since }: { since?: Date } = {}): Promise<StoredLead[]> {
    return this.call({ method: "listLeads", since: since ? since.toISOString() : "" });
  }

  listSubscribers({ since }: { since?: Date } = {}): Promise<StoredSubscriber[]> {
    return this.call({ method: "listSubscribers", since: since ? since.toISOString() : "" });
  }

  pruneLeads(cutoff: Date): Promise<number> {
    return this.call({ method: "pruneLeads", cutoff: cutoff.toISOString() });
  }

  ping(): Promise<void> {
    return this.call({ method: "ping" });
  }

  deleteByEmail(email: string): Promise<{ leads: number; subscribers: number }> {
    return this.call({ method: "deleteByEmail", email });
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
}
