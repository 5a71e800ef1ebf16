import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parentPort, workerData } from "node:worker_threads";
import { readTrustManifest } from "./documents.ts";
import { StampFonts } from "./stamp-fonts.ts";
import { stampPdf } from "./stamp.ts";
import type { FromStampWorker, StampWorkerSettings, ToStampWorker } from "./stamp-pool.ts";

/**
 * A stamping worker (requirement TRUST-9): one thread that stamps one copy
 * at a time, so the server's event loop never waits on a stamp. It reads the
 * gated documents once and opens fonts as names need them.
 */

const port = parentPort;
if (!port) throw new Error("stamp-worker.ts runs as a worker thread");
const { dir } = workerData as StampWorkerSettings;
const manifest = readTrustManifest(dir);
const sources = new Map(manifest.documents.map((document) => [document.id, new Uint8Array(readFileSync(join(dir, document.file)))]));
const fonts = new StampFonts(dir, manifest.stampFonts);

port.on("message", (message: ToStampWorker) => {
  void stamp(message).then(
    (bytes) => port.postMessage({ id: message.id, ok: true, bytes } satisfies FromStampWorker, [bytes.buffer as ArrayBuffer]),
    // The message names what failed in the PDF or font code; the stamp's text is never part of it.
    (error: unknown) => port.postMessage({ id: message.id, ok: false, error: error instanceof Error ? error.message : String(error) } satisfies FromStampWorker),
  );
});

async function stamp({ document, details }: ToStampWorker): Promise<Uint8Array> {
  const source = sources.get(document);
  if (!source) throw new Error(`no gated document ${document}`);
  return stampPdf(source, { ...details, date: new Date(details.date) }, fonts);
}
