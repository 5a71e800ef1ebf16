/**
 * The SQLite store's worker thread (started by sqlite-store.ts): it owns the
 * only connection to the database, so commits and their fsyncs never run on
 * the server's event loop. Calls that arrive while a batch is committing wait
 * in `queue` and go together into the next transaction (group commit).
 */
import { parentPort, workerData } from "node:worker_threads";
import { commitBatch, type QueuedCall } from "./batch.ts";
import { LeadDatabase } from "./database.ts";
import { serializeError, type FromWorker, type SerializedError, type ToWorker, type WorkerSettings } from "./protocol.ts";

/** Bounds one transaction, so a flood of calls cannot grow a batch (and its answer's delay) without end. */
const MAX_BATCH = 256;

if (!parentPort) throw new Error("sqlite-worker.ts runs only as a worker thread");
const port = parentPort;
const post = (message: FromWorker): void => {
  port.postMessage(message);
};

const { dataDir } = workerData as WorkerSettings;
let db: LeadDatabase | undefined;
let openError: SerializedError | undefined;
try {
  db = new LeadDatabase(dataDir);
  post({ kind: "ready" });
} catch (error) {
  openError = serializeError(error);
  post({ kind: "open-failed", error: openError });
}

const queue: QueuedCall[] = [];
let flushScheduled = false;

/** Compacting rewrites the file outside any transaction, so it ends a batch and runs alone, after the calls before it have committed. */
function nextBatch(): QueuedCall[] {
  const compactAt = queue.findIndex(({ call }) => call.method === "compact");
  return queue.splice(0, compactAt === 0 ? 1 : Math.min(MAX_BATCH, compactAt === -1 ? MAX_BATCH : compactAt));
}

function compact(database: LeadDatabase, { id, call }: QueuedCall): void {
  try {
    if (call.method === "compact") database.compact(call.mode);
    post({ kind: "answers", answers: [{ id, ok: true, value: undefined }], committed: false });
  } catch (error) {
    post({ kind: "answers", answers: [{ id, ok: false, error: serializeError(error) }], committed: false });
  }
}

function flush(): void {
  flushScheduled = false;
  const batch = nextBatch();
  const [first] = batch;
  if (!first) return;
  if (!db) {
    const error = openError ?? serializeError(new Error("the lead database is closed"));
    post({ kind: "answers", answers: batch.map(({ id }) => ({ id, ok: false, error })), committed: false });
  } else if (first.call.method === "compact") {
    compact(db, first);
  } else {
    post({ kind: "answers", ...commitBatch(db, batch) });
  }
  if (queue.length > 0) scheduleFlush();
}

// setImmediate runs after the event loop has taken in every message that
// arrived during the last batch, so they all join the next one.
function scheduleFlush(): void {
  if (flushScheduled) return;
  flushScheduled = true;
  setImmediate(flush);
}

port.on("message", (message: ToWorker) => {
  if (message.kind === "call") {
    queue.push({ id: message.id, call: message.call });
    scheduleFlush();
    return;
  }
  // Close: every call sent before it is answered first.
  while (queue.length > 0) flush();
  try {
    db?.close();
    db = undefined;
    post({ kind: "answers", answers: [{ id: message.id, ok: true, value: undefined }], committed: false });
  } catch (error) {
    post({ kind: "answers", answers: [{ id: message.id, ok: false, error: serializeError(error) }], committed: false });
  }
});
