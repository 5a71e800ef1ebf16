import type { Worker } from "node:worker_threads";
import { sourceWorker } from "../lib/source-worker.ts";
import type { StampDetails } from "./stamp.ts";

/**
 * Stamping off the event loop, with bounded concurrency (requirement
 * TRUST-9). A stamp is a few hundred milliseconds of CPU; on the event loop
 * ten of them held every page for seconds. Here a few worker threads stamp
 * one copy each at a time, a short queue waits for them, and a download
 * that would find the queue full is told to come back (503) before its
 * link is spent.
 */

// Loaded by Node itself (type stripping), also when the server runs under Vitest.
const WORKER_ENTRY = new URL("./stamp-worker.ts", import.meta.url);

export interface StampWorkerSettings {
  /** build/private/trust. */
  dir: string;
}

export interface StampJob {
  /** A gated document's id. */
  document: string;
  details: StampDetails;
}

export type ToStampWorker = { id: number; document: string; details: Omit<StampDetails, "date"> & { date: string } };
export type FromStampWorker = { id: number; ok: true; bytes: Uint8Array } | { id: number; ok: false; error: string };

export interface StampPoolOptions {
  dir: string;
  /** Threads stamping at once. One leaves the other core of a two-core host to the pages. */
  workers?: number;
  /** Stamps that may wait for a thread; a download beyond them gets 503 with Retry-After, its link unspent. */
  queue?: number;
  /** From the moment a stamp is queued until its copy is ready; past it the thread is stopped and the stamp fails. */
  deadlineMs?: number;
}

export const STAMP_POOL_DEFAULTS = { workers: 1, queue: 16, deadlineMs: 20_000 } as const;

/** A place held in the pool for one stamp: use it once, or give it back. */
export interface StampSlot {
  stamp(job: StampJob): Promise<Uint8Array>;
  release(): void;
}

interface Task {
  id: number;
  job: StampJob;
  resolve: (bytes: Uint8Array) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

interface Thread {
  worker: Worker;
  task: Task | undefined;
}

export class StampPool {
  private readonly dir: string;
  private readonly workers: number;
  private readonly capacity: number;
  private readonly deadlineMs: number;
  private readonly threads: Thread[] = [];
  private readonly waiting: Task[] = [];
  private held = 0;
  private nextId = 1;
  private closed = false;

  constructor(options: StampPoolOptions) {
    this.dir = options.dir;
    this.workers = Math.max(1, options.workers ?? STAMP_POOL_DEFAULTS.workers);
    this.capacity = this.workers + Math.max(0, options.queue ?? STAMP_POOL_DEFAULTS.queue);
    this.deadlineMs = options.deadlineMs ?? STAMP_POOL_DEFAULTS.deadlineMs;
  }

  /** Holds a place for one stamp, or undefined when every thread is busy and the queue is full. */
  reserve(): StampSlot | undefined {
    if (this.closed || this.held >= this.capacity) return undefined;
    this.held += 1;
    let used = false;
    const give = () => {
      if (used) return false;
      used = true;
      this.held -= 1;
      return true;
    };
    return {
      stamp: (job) => {
        if (used) return Promise.reject(new Error("a stamp slot is used once"));
        return this.enqueue(job).finally(give);
      },
      release: () => void give(),
    };
  }

  /** Stops the threads; stamps not finished fail. */
  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.waiting.splice(0)) this.fail(task, new Error("the stamp pool is closed"));
    await Promise.all(this.threads.splice(0).map(async (thread) => {
      if (thread.task) this.fail(thread.task, new Error("the stamp pool is closed"));
      await thread.worker.terminate();
    }));
  }

  private enqueue(job: StampJob): Promise<Uint8Array> {
    return new Promise<Uint8Array>((resolve, reject) => {
      const task: Task = {
        id: this.nextId++,
        job,
        resolve,
        reject,
        timer: setTimeout(() => this.expire(task), this.deadlineMs),
      };
      this.waiting.push(task);
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (!this.closed && this.waiting.length > 0) {
      const thread = this.threads.find((candidate) => !candidate.task) ?? (this.threads.length < this.workers ? this.start() : undefined);
      const task = thread && this.waiting.shift();
      if (!thread || !task) return;
      thread.task = task;
      const { details } = task.job;
      thread.worker.postMessage({ id: task.id, document: task.job.document, details: { ...details, date: details.date.toISOString() } } satisfies ToStampWorker);
    }
  }

  private start(): Thread {
    // A stamp's memory is a document and a few fonts; a runaway one stops here rather than growing the server.
    const worker = sourceWorker(WORKER_ENTRY, { workerData: { dir: this.dir } satisfies StampWorkerSettings, name: "trust-stamp", resourceLimits: { maxOldGenerationSizeMb: 256 } });
    const thread: Thread = { worker, task: undefined };
    this.threads.push(thread);
    worker.unref();
    worker.on("message", (message: FromStampWorker) => {
      const task = thread.task;
      if (!task || task.id !== message.id) return;
      thread.task = undefined;
      clearTimeout(task.timer);
      if (message.ok) task.resolve(message.bytes);
      else task.reject(new Error(`stamping failed: ${message.error}`));
      this.dispatch();
    });
    // Without a listener an error in the thread would take the server down.
    worker.on("error", (error: Error) => this.lose(thread, new Error(`the stamping thread failed: ${error.message}`)));
    worker.on("exit", (code) => this.lose(thread, new Error(`the stamping thread stopped (exit code ${code})`)));
    return thread;
  }

  /** A thread is gone: its stamp fails, and the next stamp starts a fresh one. */
  private lose(thread: Thread, error: Error): void {
    const index = this.threads.indexOf(thread);
    if (index < 0) return;
    this.threads.splice(index, 1);
    if (thread.task) this.fail(thread.task, error);
    thread.task = undefined;
    void thread.worker.terminate();
    this.dispatch();
  }

  private expire(task: Task): void {
    const queued = this.waiting.indexOf(task);
    if (queued >= 0) {
      this.waiting.splice(queued, 1);
      task.reject(new Error("stamping timed out in the queue"));
      return;
    }
    const thread = this.threads.find((candidate) => candidate.task === task);
    if (thread) this.lose(thread, new Error(`stamping took longer than ${this.deadlineMs} ms`));
  }

  private fail(task: Task, error: Error): void {
    clearTimeout(task.timer);
    task.reject(error);
  }
}
