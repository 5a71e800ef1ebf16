import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
  }
}

async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, "127.0.0.1");
  await once(probe, "listening");
  const address = probe.address();
  probe.close();
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
}

async function waitUntilServing(url: string, deadline: number): Promise<void> {
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`the server did not answer ${url} in time`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The production server over the production build (npm test builds first),
 * with a fresh lead database, as the Playwright suite runs it.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), "veilvault-browsers-leads-"));
  const server = spawn(process.execPath, ["server/main.ts"], {
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      PORT: String(port),
      LOG_LEVEL: "warn",
      DATA_DIR: dataDir,
      // Forms are filled at machine speed, many times over; the limits have their own tests.
      LEAD_RATE_LIMIT_PER_MINUTE: "10000",
      LEAD_MIN_FILL_MS: "0",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const baseURL = `http://127.0.0.1:${port}`;
  await waitUntilServing(`${baseURL}/robots.txt`, Date.now() + 30_000);
  project.provide("baseURL", baseURL);
  project.provide("dataDir", dataDir);
  return async () => {
    server.kill("SIGTERM");
    if (server.exitCode === null) await once(server, "exit");
    await rm(dataDir, { recursive: true, force: true });
  };
}
