/**
 * Starts a worker thread on one of our TypeScript files. Node strips each
 * file's types with a WebAssembly module, compiled once and shared by every
 * thread of the process, and V8 (13.6, Node 24) collects that module's
 * replaced code across threads. That collection has crashed the whole process
 * (SIGSEGV in WasmEngine::FreeDeadCode, on a thread starting while others
 * ended: the SQLite store's workers under test). So before the first worker
 * starts, wasm code collection is turned off for the process: the type
 * stripper's code then stays compiled for the process's life, which bounds it
 * (each function is optimised once), instead of being freed and compiled
 * again.
 */
import { setFlagsFromString } from "node:v8";
import { Worker, type WorkerOptions } from "node:worker_threads";

let wasmCodeKept = false;

export function sourceWorker(entry: URL, options: WorkerOptions): Worker {
  if (!wasmCodeKept) {
    // A flag V8 reads each time code becomes dead, so it holds from here on (checked with --trace-wasm-code-gc).
    setFlagsFromString("--no-wasm-code-gc");
    wasmCodeKept = true;
  }
  return new Worker(entry, options);
}
