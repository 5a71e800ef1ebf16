import type { OperationName } from "../operations.ts";

/**
 * The messages between the SQLite store (main thread) and its worker. An
 * operation's arguments and answer travel as the structured clone copies them
 * (it keeps a Date); errors as plain fields, so that nothing depends on what
 * it keeps of an Error.
 */
export type StoreCall =
  /** An operation written with the query builder (server/db/operations.ts), dispatched by its name. */
  | { method: "operation"; name: OperationName; args: unknown[] }
  /** Run by the worker after the batch before it has committed, outside any transaction. */
  | { method: "compact"; mode: "vacuum" | "checkpoint" };

/** What the worker's `workerData` holds. */
export interface WorkerSettings {
  dataDir: string;
}

export type ToWorker = { kind: "call"; id: number; call: StoreCall } | { kind: "close"; id: number };

export interface SerializedError {
  name: string;
  message: string;
  /** node:sqlite's "ERR_SQLITE_ERROR", or a Node error code such as "EACCES". */
  code?: string;
  /** SQLite's extended result code. */
  errcode?: number;
  errstr?: string;
}

export type Answer = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: SerializedError };

export type FromWorker =
  | { kind: "ready" }
  | { kind: "open-failed"; error: SerializedError }
  /** One message per batch; `committed` says whether the batch ended in a COMMIT that wrote. */
  | { kind: "answers"; answers: Answer[]; committed: boolean };

/** SQLite's primary result codes, so a message says which database problem it was even without its number. */
const SQLITE_CODES: Readonly<Record<number, string>> = {
  1: "SQLITE_ERROR",
  2: "SQLITE_INTERNAL",
  3: "SQLITE_PERM",
  4: "SQLITE_ABORT",
  5: "SQLITE_BUSY",
  6: "SQLITE_LOCKED",
  7: "SQLITE_NOMEM",
  8: "SQLITE_READONLY",
  9: "SQLITE_INTERRUPT",
  10: "SQLITE_IOERR",
  11: "SQLITE_CORRUPT",
  13: "SQLITE_FULL",
  14: "SQLITE_CANTOPEN",
  15: "SQLITE_PROTOCOL",
  17: "SQLITE_SCHEMA",
  18: "SQLITE_TOOBIG",
  19: "SQLITE_CONSTRAINT",
  20: "SQLITE_MISMATCH",
  21: "SQLITE_MISUSE",
  26: "SQLITE_NOTADB",
};

function property(error: Error, key: string): unknown {
  return (error as unknown as Record<string, unknown>)[key];
}

function stringProperty(error: Error, key: string): string | undefined {
  const value = property(error, key);
  return typeof value === "string" ? value : undefined;
}

function numberProperty(error: Error, key: string): number | undefined {
  const value = property(error, key);
  return typeof value === "number" ? value : undefined;
}

export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { name: "Error", message: String(error) };
  const errcode = numberProperty(error, "errcode");
  const codeName = errcode === undefined ? undefined : SQLITE_CODES[errcode & 0xff];
  const message = codeName && !error.message.includes(codeName) ? `${error.message} (${codeName})` : error.message;
  return {
    name: error.name,
    message,
    code: stringProperty(error, "code"),
    errcode,
    errstr: stringProperty(error, "errstr"),
  };
}

/** An Error on this side of the thread boundary with the fields the worker's error had. */
export function deserializeError(serialized: SerializedError): Error {
  const error = new Error(serialized.message);
  error.name = serialized.name;
  const extra: Partial<SerializedError> = {};
  if (serialized.code !== undefined) extra.code = serialized.code;
  if (serialized.errcode !== undefined) extra.errcode = serialized.errcode;
  if (serialized.errstr !== undefined) extra.errstr = serialized.errstr;
  return Object.assign(error, extra);
}
