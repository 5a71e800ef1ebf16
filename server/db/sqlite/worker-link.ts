import type { Worker } from "node:worker_threads";
import { sourceWorker } from "../../lib/source-worker.ts";
import { deserializeError, type FromWorker, type StoreCall, type ToWorker, type WorkerSettings } from "./protocol.ts";

// Loaded by Node itself (type stripping), also when the store runs under Vitest.
const WORKER_ENTRY = new URL("./worker.ts", import.meta.url);

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  deadline: NodeJS.Timeout;
}

/**
 * A call the worker has not answered by then is rejected (the client gets 503
 * and retries with its Idempotency-Key), so a disk that stops answering cannot
 * hold requests open for ever. Far beyond a commit's usual milliseconds and
 * SQLite's 5 s busy timeout; within the server's 30 s request deadline.
 */
export const STORE_CALL_DEADLINE_MS = 15_000;

export interface WorkerLinkEvents {
  /** The worker is gone (crashed, failed to open, or closed); the owner starts a fresh link for the next call. */
  gone: (link: WorkerLink) => void;
  /** A batch with writes was committed. */
  committed: () => void;
}

/**
 * One worker thread and the calls it has not answered yet. If the thread dies,
 * every unanswered call is rejected: none of them may be taken as committed.
 */
export class WorkerLink {
  /** Settles once the worker has opened and migrated the database, or failed to. */
  readonly ready: Promise<void>;
  private readonly worker: Worker;
  private readonly events: WorkerLinkEvents;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  /** Set once the worker can answer no more calls; later calls reject with it. */
  private failure: Error | undefined;
  private closing = false;
  private settleReady: { resolve: () => void; reject: (error: Error) => void } | undefined;

  private readonly callDeadlineMs: number;

  constructor(settings: WorkerSettings, events: WorkerLinkEvents, callDeadlineMs = STORE_CALL_DEADLINE_MS) {
    this.events = events;
    this.callDeadlineMs = callDeadlineMs;
    this.ready = new Promise<void>((resolve, reject) => (this.settleReady = { resolve, reject }));
    // Calls sent after a restart do not wait for `ready`; their own promises carry a failure.
    this.ready.catch(() => undefined);
    this.worker = sourceWorker(WORKER_ENTRY, { workerData: settings, name: "sqlite-lead-store" });
    this.worker.on("message", (message: FromWorker) => this.receive(message));
    // Without a listener an error in the worker would take the whole process down.
    this.worker.on("error", (error: unknown) => {
      this.fail(new Error(`the SQLite worker failed: ${error instanceof Error ? error.message : String(error)}`));
    });
    this.worker.on("messageerror", (error: Error) => this.fail(new Error(`the SQLite worker sent an unreadable message: ${error.message}`)));
    this.worker.on("exit", (code) => {
      this.fail(new Error(this.closing ? "the lead store is closed" : `the SQLite worker stopped unexpectedly (exit code ${code})`));
    });
  }

  call(call: StoreCall): Promise<unknown> {
    return this.send((id) => ({ kind: "call", id, call }));
  }

  /** Answers every call sent before it, closes the database, then ends the thread. */
  async close(): Promise<void> {
    if (this.isGone()) return;
    try {
      await this.send((id) => ({ kind: "close", id }));
    } catch (error) {
      // A worker that died on the way has released the database with its thread.
      if (!this.isGone()) throw error;
    } finally {
      this.closing = true;
      await this.worker.terminate();
    }
  }

  /** Ends the thread at once, as a crash would: for tests of what the store does then. */
  async terminate(): Promise<void> {
    await this.worker.terminate();
  }

  /** Calls sent and not yet answered: for tests that crash the worker with calls in flight. */
  callsInFlight(): number {
    return this.pending.size;
  }

  // A method, not a getter, so that TypeScript does not assume it unchanged across an await.
  private isGone(): boolean {
    return this.failure !== undefined;
  }

  private send(message: (id: number) => ToWorker): Promise<unknown> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const deadline = setTimeout(() => {
        this.settle(id);
        reject(new Error(`the SQLite worker did not answer within ${this.callDeadlineMs} ms`));
      }, this.callDeadlineMs);
      this.pending.set(id, { resolve, reject, deadline });
      // A worker with nothing to answer must not keep the process alive, as the synchronous store never did.
      if (this.pending.size === 1) this.worker.ref();
      try {
        this.worker.postMessage(message(id));
      } catch (error) {
        this.settle(id);
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  }

  private settle(id: number): Pending | undefined {
    const pending = this.pending.get(id);
    if (pending) clearTimeout(pending.deadline);
    this.pending.delete(id);
    if (this.pending.size === 0) this.worker.unref();
    return pending;
  }

  private receive(message: FromWorker): void {
    if (message.kind === "ready") {
      this.settleReady?.resolve();
      if (this.pending.size === 0) this.worker.unref();
      return;
    }
    if (message.kind === "open-failed") {
      this.fail(deserializeError(message.error));
      void this.worker.terminate();
      return;
    }
    if (message.committed) this.events.committed();
    for (const answer of message.answers) {
      const pending = this.settle(answer.id);
      if (answer.ok) pending?.resolve(answer.value);
      else pending?.reject(deserializeError(answer.error));
    }
  }

  private fail(error: Error): void {
    if (this.failure) return;
    this.failure = error;
    this.settleReady?.reject(error);
    const pending = [...this.pending.values()];
    this.pending.clear();
    for (const { reject, deadline } of pending) {
      clearTimeout(deadline);
      reject(error);
    }
    this.events.gone(this);
  }
}
