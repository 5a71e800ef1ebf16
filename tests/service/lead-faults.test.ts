import { execFile, spawn } from "node:child_process";
import { once } from "node:events";
import { request } from "node:http";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import type { LeadBody } from "../../common/lead-fields.ts";
import { SqliteLeadStore } from "../../server/db/sqlite/store.ts";
import { standInSite, startLeadServer } from "../support/lead-server.ts";
import { freePort, startServerProcess } from "../support/server-process.ts";

const lead: LeadBody = {
  firstName: "Ines",
  lastName: "Duarte",
  email: "ines@example.org",
  companyName: "Harbour Freight Labs",
  contactNumber: "447700900456",
  description: "Crash test lead.",
  termsAccepted: true,
};

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function withSite() {
  const site = await standInSite();
  cleanups.push(() => rm(site.root, { recursive: true, force: true }));
  return site;
}

function post(origin: string, index: number): Promise<Response> {
  return fetch(`${origin}/id/website/leads`, {
    method: "POST",
    headers: { "content-type": "application/json", "idempotency-key": `crash-test-${index}`, "x-form-fill-ms": "5000" },
    body: JSON.stringify({ ...lead, email: `lead-${index}@example.org` }),
  });
}

describe("faults", () => {
  it("kill -9 in the middle of a burst loses no lead that was answered 201", async () => {
    const site = await withSite();
    const server = await startServerProcess(site);
    const acknowledged: string[] = [];
    let unanswered = 0;
    let sent = 0;
    // Sixteen clients post one lead after another until the process is gone, so
    // the kill always lands while leads are arriving, however fast the server
    // answers (group commit can answer a fixed burst whole before a kill lands).
    const client = async () => {
      for (let attempt = 0; attempt < 2_000; attempt += 1) {
        sent += 1;
        try {
          const response = await post(server.origin, sent);
          if (response.status !== 201) continue;
          acknowledged.push(((await response.json()) as { id: string }).id);
          if (acknowledged.length === 120) server.child.kill("SIGKILL");
        } catch {
          // The connection died with the process: no answer, so no promise was made.
          unanswered += 1;
          return;
        }
      }
    };
    await Promise.all(Array.from({ length: 16 }, client));
    await server.exited;
    expect(acknowledged.length).toBeGreaterThanOrEqual(120);
    expect(unanswered).toBe(16);

    // Restarted on the same data, every acknowledged id is there.
    const restarted = await startServerProcess(site);
    restarted.child.kill("SIGTERM");
    await restarted.exited;
    const store = await SqliteLeadStore.open(site.dataDir);
    const stored = new Set((await store.listLeads()).map((row) => row.id));
    await store.close();
    console.log(`kill -9 after 120 answers: ${acknowledged.length} leads acknowledged with 201, ${stored.size} stored, 0 missing, ${unanswered} requests cut off`);
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
  });

  it("SIGTERM lets a request in flight finish and be stored before the process exits", async () => {
    const site = await withSite();
    const server = await startServerProcess(site);
    const body = JSON.stringify(lead);
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(`${server.origin}/id/website/leads`, {
        method: "POST",
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body), "x-form-fill-ms": "5000" },
      });
      req.on("response", (response) => {
        let text = "";
        response.on("data", (chunk: Buffer) => (text += chunk.toString()));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
      });
      req.on("error", reject);
      // Half the body now, the signal, then the rest: the request is in flight when SIGTERM lands.
      req.write(body.slice(0, 40));
      setTimeout(() => {
        server.child.kill("SIGTERM");
        setTimeout(() => req.end(body.slice(40)), 300);
      }, 200);
    });
    const { status, text } = await answer;
    expect(status).toBe(201);
    expect(await server.exited).toBe(0);
    const store = await SqliteLeadStore.open(site.dataDir);
    const stored = await store.listLeads();
    await store.close();
    expect(stored.map((row) => row.id)).toEqual([(JSON.parse(text) as { id: string }).id]);
  });
});

describe("a full disk", () => {
  it("answers 503 with Retry-After and never 201 while the disk is full, and recovers when space returns", async (context) => {
    const mountPoint = await mkdtemp(join(tmpdir(), "veilvault-full-disk-"));
    cleanups.push(() => rm(mountPoint, { recursive: true, force: true }));
    try {
      // A tiny tmpfs: needs root, as in CI here. Elsewhere the test says why it cannot run.
      await promisify(execFile)("mount", ["-t", "tmpfs", "-o", "size=512k", "tmpfs", mountPoint]);
    } catch {
      context.skip("mounting a tmpfs needs root");
      return;
    }
    cleanups.unshift(async () => {
      await promisify(execFile)("umount", [mountPoint]).catch(() => undefined);
    });
    const server = await startLeadServer({ dataDir: mountPoint });
    cleanups.unshift(() => server.close());

    const statuses: number[] = [];
    for (let index = 0; index < 200 && !statuses.includes(503); index += 1) {
      const response = await server.post("/id/website/leads", { ...lead, email: `full-${index}@example.org`, description: "x".repeat(4000) });
      statuses.push(response.status);
      if (response.status === 503) expect(response.headers.get("retry-after")).toBe("5");
    }
    console.log(`full disk: ${statuses.filter((status) => status === 201).length} leads stored, then 503`);
    expect(statuses).toContain(503);
    expect(statuses.filter((status) => status !== 201 && status !== 503)).toEqual([]);
    // Still full: every further lead is refused, none acknowledged.
    for (let index = 0; index < 5; index += 1) {
      expect((await server.post("/id/website/leads", { ...lead, email: `still-full-${index}@example.org`, description: "x".repeat(4000) })).status).toBe(503);
    }

    await promisify(execFile)("mount", ["-o", "remount,size=4m", mountPoint]);
    const recovered = await server.post("/id/website/leads", { ...lead, email: "after@example.org" });
    expect(recovered.status).toBe(201);
    const stored = await server.store.listLeads();
    expect(stored.filter((row) => row.email.startsWith("still-full-"))).toEqual([]);
    expect(stored.some((row) => row.email === "after@example.org")).toBe(true);
    expect(stored).toHaveLength(statuses.filter((status) => status === 201).length + 1);
  });
});

describe("a PostgreSQL outage", () => {
  it("answers 503 (not a crash, never 201) while the database is down, and recovers when it is back", async (context) => {
    const script = "scripts/tools/test-postgres.sh";
    // Its own cluster, apart from the one the store tests share, since this test stops it.
    const env = { ...process.env, TEST_PG_DIR: await mkdtemp(join(tmpdir(), "veilvault-pg-outage-")), TEST_PG_PORT: "55433" };
    let url: string;
    try {
      const { stdout } = await promisify(execFile)(script, ["start"], { env });
      url = /TEST_DATABASE_URL=(\S+)/.exec(stdout)?.[1] ?? "";
    } catch {
      context.skip("no PostgreSQL to start here (needs Debian's postgresql, or root to install it)");
      return;
    }
    cleanups.push(async () => {
      await promisify(execFile)(script, ["stop"], { env }).catch(() => undefined);
    });
    const site = await standInSite();
    cleanups.push(() => rm(site.root, { recursive: true, force: true }));
    const port = await freePort();
    const child = spawn(process.execPath, ["server/main.ts"], {
      env: { ...process.env, HOST: "127.0.0.1", PORT: String(port), LOG_LEVEL: "silent", CLIENT_DIR: site.client, SECURITY_MANIFEST: site.manifest, DATABASE_URL: url, LINK_SIGNING_KEY: "k".repeat(32) },
      stdio: "ignore",
    });
    const exited = once(child, "exit");
    cleanups.unshift(async () => {
      child.kill("SIGKILL");
      await exited;
    });
    const origin = `http://127.0.0.1:${port}`;
    await expect.poll(async () => (await fetch(`${origin}/healthz`).catch(() => null))?.status, { timeout: 30_000 }).toBe(200);
    expect((await post(origin, 1)).status).toBe(201);

    await promisify(execFile)(script, ["halt"], { env });
    const during = await post(origin, 2);
    expect(during.status).toBe(503);
    expect(during.headers.get("retry-after")).toBe("5");
    // /healthz reuses one storage check for about a second (requirement LEAD-14).
    await expect.poll(async () => (await fetch(`${origin}/healthz`)).status, { timeout: 30_000 }).toBe(503);
    expect(child.exitCode).toBeNull();

    await promisify(execFile)(script, ["resume"], { env });
    await expect.poll(async () => (await post(origin, 3)).status, { timeout: 30_000 }).toBe(201);
  });
});
