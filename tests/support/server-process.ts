import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { createServer, type AddressInfo } from "node:net";
import type { standInSite } from "./lead-server.ts";

export async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, "127.0.0.1");
  await once(probe, "listening");
  const { port } = probe.address() as AddressInfo;
  probe.close();
  return port;
}

export interface RunningServer {
  child: ChildProcess;
  origin: string;
  port: number;
  /** Settles when the process has exited, however early that happens. */
  exited: Promise<number | null>;
}

/** The production server (server/main.ts) as its own process, serving a stand-in site on its data directory. */
export async function startServerProcess(site: Awaited<ReturnType<typeof standInSite>>, env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ["server/main.ts"], {
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      PORT: String(port),
      LOG_LEVEL: "warn",
      CLIENT_DIR: site.client,
      SECURITY_MANIFEST: site.manifest,
      DATA_DIR: site.dataDir,
      LEAD_RATE_LIMIT_PER_MINUTE: "100000",
      // Bursts of leads come from this one address; the per-address cap has its own tests (tests/service/connection-limits.test.ts).
      MAX_CONNECTIONS_PER_ADDRESS: "0",
      ...env,
    },
    stdio: "ignore",
  });
  const exited = once(child, "exit").then(([code]) => code as number | null);
  const origin = `http://127.0.0.1:${port}`;
  // A deadline, not a count of tries: on a busy machine Node alone may take seconds to start.
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return { child, origin, port, exited };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("the server did not start");
}
