/**
 * The production server as its own process, for the benchmarks (bench-leads.ts,
 * bench-hostile.ts): started from the checkout's server/main.ts on 127.0.0.1
 * and a free port, stopped with SIGTERM as a deploy would.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { createServer, type AddressInfo } from "node:net";

export const ROOT = new URL("../../..", import.meta.url).pathname;

export async function freePort(): Promise<number> {
  const probe = createServer().listen(0, "127.0.0.1");
  await once(probe, "listening");
  const { port } = probe.address() as AddressInfo;
  probe.close();
  return port;
}

export async function waitFor(url: string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${url} did not answer`);
}

export interface BenchSite {
  origin: string;
  port: number;
  child: ChildProcess;
}

/**
 * Rate limits are lifted: the benchmarks measure the server, not the limiter.
 * `root` is the checkout whose server (and build) runs: this one, or another
 * to compare against (bench-leads.ts `--against`).
 */
export async function startSite(env: Record<string, string>, root = ROOT): Promise<BenchSite> {
  const port = await freePort();
  const child = spawn(process.execPath, ["server/main.ts"], {
    cwd: root,
    env: { ...process.env, HOST: "127.0.0.1", PORT: String(port), LOG_LEVEL: "warn", LEAD_RATE_LIMIT_PER_MINUTE: "100000000", ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const origin = `http://127.0.0.1:${port}`;
  await waitFor(`${origin}/healthz`);
  return { origin, port, child };
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, "exit");
  child.kill("SIGTERM");
  await exited;
}
