/**
 * Worker threads on our TypeScript files (server/lib/source-worker.ts): Node
 * strips their types with a WebAssembly module every thread shares, and V8's
 * collection of that module's dead code across threads has crashed the
 * process with SIGSEGV while workers started and ended. A process that starts
 * its workers through sourceWorker() collects no wasm code, so that path is
 * never taken; the same churn through `new Worker` does collect it, which
 * shows the check can fail.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const SOURCE_WORKER = new URL("../../server/lib/source-worker.ts", import.meta.url).href;
// The SQLite store's worker: a real entry, with the dozens of our files it imports.
const ENTRY = new URL("../../server/db/sqlite/worker.ts", import.meta.url).href;
const dataDir = mkdtempSync(join(tmpdir(), "veilvault-source-worker-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Starts and ends 60 workers, three at a time, in a process that traces V8's wasm code collection; returns its trace lines. */
function churn(start: "sourceWorker" | "new Worker"): string[] {
  const program = `
    import { Worker } from "node:worker_threads";
    import { sourceWorker } from ${JSON.stringify(SOURCE_WORKER)};
    const open = (settings) => ${start === "sourceWorker" ? "sourceWorker" : "((entry, options) => new Worker(entry, options))"}(new URL(${JSON.stringify(ENTRY)}), settings);
    async function lane(lane) {
      for (let round = 0; round < 20; round++) {
        const worker = open({ workerData: { dataDir: ${JSON.stringify(dataDir)} + "/" + lane + "-" + round } });
        await new Promise((resolve) => worker.once("message", resolve));
        await worker.terminate();
      }
    }
    await Promise.all([lane(0), lane(1), lane(2)]);
    console.log("churned");
  `;
  const file = join(dataDir, `churn-${start === "sourceWorker" ? "source" : "plain"}.mjs`);
  writeFileSync(file, program);
  const run = spawnSync(process.execPath, ["--trace-wasm-code-gc", file], { encoding: "utf8", timeout: 110_000 });
  expect(run.stderr).toBe("");
  expect(run.stdout).toContain("churned");
  return run.stdout.split("\n").filter((line) => line.startsWith("[wasm-gc]"));
}

describe("worker threads on our TypeScript files", () => {
  it("start in a process that never collects wasm code, where the same churn through new Worker does", () => {
    expect(churn("new Worker").length).toBeGreaterThan(0);
    expect(churn("sourceWorker")).toEqual([]);
  });
});
