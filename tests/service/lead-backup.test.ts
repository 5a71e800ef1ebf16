/**
 * `npm run leads -- backup` against the real server and the real CLI
 * (requirement OPS-11): a copy made while leads arrive, restored as
 * docs/operations.md says, and every refusal.
 */
import { execFile, spawn } from "node:child_process";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { chmodSync, closeSync, copyFileSync, existsSync, openSync, readdirSync, renameSync, rmSync, statSync, watch, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { promisify } from "node:util";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { LeadBody } from "../../common/lead-fields.ts";
import { DATABASE_FILE, SqliteLeadStore } from "../../server/db/sqlite/store.ts";
import { standInSite } from "../support/lead-server.ts";
import { ownPostgresDatabase } from "../support/postgres-database.ts";
import { startServerProcess, type RunningServer } from "../support/server-process.ts";

// Every test starts the server or the CLI as processes of their own: seconds each on a busy machine.
vi.setConfig({ testTimeout: 90_000 });

const LEADS = "/id/website/leads";
const execute = promisify(execFile);
/** A database of this file's own when TEST_DATABASE_URL names a PostgreSQL server (.ci/run starts one). */
const postgresUrl = await ownPostgresDatabase();

const lead: LeadBody = {
  firstName: "Odalys",
  lastName: "Brennan-Achterberg",
  email: "odalys.achterberg@example.org",
  companyName: "Saltmarsh Diagnostics",
  contactNumber: "447700900789",
  description: "Back up our intake before the audit.",
  termsAccepted: true,
};

/** What a lead holds that no output of the command may show. */
const PERSONAL = [lead.firstName, lead.lastName, "achterberg", lead.companyName, lead.contactNumber, lead.description];

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function folder(prefix: string): Promise<string> {
  const path = await mkdtemp(join(tmpdir(), prefix));
  cleanups.push(() => rm(path, { recursive: true, force: true }));
  return path;
}

async function site() {
  const made = await standInSite();
  cleanups.push(() => rm(made.root, { recursive: true, force: true }));
  return made;
}

async function stop(server: RunningServer): Promise<number | null> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill("SIGTERM");
  return server.exited;
}

async function serve(made: Awaited<ReturnType<typeof standInSite>>, env: Record<string, string> = {}): Promise<RunningServer> {
  const server = await startServerProcess(made, env);
  cleanups.unshift(async () => {
    await stop(server);
  });
  return server;
}

/** Posts a lead through the real endpoint; its id once answered 201. */
async function postLead(origin: string, tag: string): Promise<string | undefined> {
  const response = await fetch(`${origin}${LEADS}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-form-fill-ms": "5000", "idempotency-key": `backup-${tag}` },
    body: JSON.stringify({ ...lead, email: `odalys.achterberg+${tag}@example.org` }),
  });
  return response.status === 201 ? ((await response.json()) as { id: string }).id : undefined;
}

async function postLeads(origin: string, tag: string, count: number): Promise<string[]> {
  const ids = await Promise.all(Array.from({ length: count }, (_, index) => postLead(origin, `${tag}-${index}`)));
  expect(ids.every(Boolean)).toBe(true);
  return ids as string[];
}

interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * The real CLI as its own process, as an operator runs it. Under umask 000,
 * so any file it made without a mode of its own would be world-readable and
 * the mode checks below would see it.
 */
function leadsCli(args: string[], env: Record<string, string>): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn("/bin/sh", ["-c", 'umask 000 && exec "$0" "$@"', process.execPath, "server/cli/leads.ts", ...args], {
      env: { ...process.env, ...env },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

function exportedIds(run: CliRun): string[] {
  expect(run.code).toBe(0);
  return (JSON.parse(run.stdout) as { id: string }[]).map((row) => row.id);
}

function mode(path: string): number {
  return statSync(path).mode & 0o777;
}

describe("npm run leads -- backup (requirement OPS-11)", () => {
  it("copies the database while the server takes leads: owner-only, checked, holding every lead answered before it began", async () => {
    const made = await site();
    const server = await serve(made);
    const before = await postLeads(server.origin, "before", 40);

    // Leads keep arriving all through the backup, from eight clients.
    let writing = true;
    const during: string[] = [];
    const refused: number[] = [];
    const writers = Array.from({ length: 8 }, async (_, writer) => {
      for (let index = 0; writing; index += 1) {
        const response = await fetch(`${server.origin}${LEADS}`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-form-fill-ms": "5000" },
          body: JSON.stringify({ ...lead, email: `during-${writer}-${index}@example.org` }),
        });
        if (response.status === 201) during.push(((await response.json()) as { id: string }).id);
        else refused.push(response.status);
      }
    });
    // The backup begins once the writers are under way.
    await vi.waitFor(() => expect(during.length).toBeGreaterThan(20), { timeout: 30_000 });
    const answeredBeforeBackup = [...before, ...during];
    const outDir = await folder("veilvault-backup-");
    const out = join(outDir, "leads-backup.sqlite");
    // Every file that appears beside the copy while it is made, with its mode then.
    const seen = new Map<string, number>();
    const watcher = watch(outDir, (_event, name) => {
      if (!name) return;
      try {
        seen.set(name, seen.get(name) ?? mode(join(outDir, name)));
      } catch {
        // gone again before it could be looked at
      }
    });
    const run = await leadsCli(["backup", "--out", out], { DATA_DIR: made.dataDir });
    watcher.close();
    const duringAtEnd = during.length;
    writing = false;
    await Promise.all(writers);

    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(duringAtEnd).toBeGreaterThan(answeredBeforeBackup.length - before.length);
    // The server went on answering every lead while the copy was made.
    expect(refused).toEqual([]);

    const match = /^Wrote (.+): (\d+) bytes, (\d+) pages, owner-only \(0600\)\. PRAGMA integrity_check: ok\.\n$/.exec(run.stdout);
    expect(match?.[1]).toBe(out);
    expect(Number(match?.[2])).toBe(statSync(out).size);
    for (const text of PERSONAL) expect(run.stdout.toLowerCase()).not.toContain(text.toLowerCase());

    expect(mode(out)).toBe(0o600);
    expect(seen.has("leads-backup.sqlite")).toBe(true);
    expect([...seen].filter(([, seenMode]) => seenMode !== 0o600)).toEqual([]);
    // Nothing left beside it: no partial copy, no journal.
    expect(await readdir(outDir)).toEqual(["leads-backup.sqlite"]);

    const copy = new DatabaseSync(out, { readOnly: true });
    try {
      expect(copy.prepare("PRAGMA integrity_check").all()).toEqual([{ integrity_check: "ok" }]);
      expect((copy.prepare("PRAGMA page_count").get() as { page_count: number }).page_count).toBe(Number(match?.[3]));
      expect((copy.prepare("PRAGMA journal_mode").get() as { journal_mode: string }).journal_mode).toBe("delete");
      const copied = new Set((copy.prepare("SELECT id FROM leads").all() as { id: string }[]).map((row) => row.id));
      expect(answeredBeforeBackup.filter((id) => !copied.has(id))).toEqual([]);
      console.log(
        `backup: ${answeredBeforeBackup.length} leads answered before it began, all copied; ${duringAtEnd - answeredBeforeBackup.length + before.length} more answered while it ran; ${copied.size} in the copy; files seen beside it: ${[...seen.keys()].join(", ")}; ${run.stdout.trim()}`,
      );
    } finally {
      copy.close();
    }
  });

  it("restores: the server started on the copy serves exactly the leads it held, and takes new ones", async () => {
    const made = await site();
    const server = await serve(made);
    const before = await postLeads(server.origin, "kept", 12);
    const out = join(await folder("veilvault-backup-"), "leads-backup.sqlite");
    expect((await leadsCli(["backup", "--out", out], { DATA_DIR: made.dataDir })).code).toBe(0);
    const after = await postLeads(server.origin, "after-backup", 5);
    const cli = (args: string[]) => leadsCli(args, { DATA_DIR: made.dataDir });
    expect(exportedIds(await cli(["export", "--format", "json"]))).toHaveLength(before.length + after.length);

    // The steps docs/operations.md gives: stop the server, set the live file
    // aside, remove its -wal and -shm (which belong to it, not to the copy),
    // put the copy in its place owner-only, start the server.
    expect(await stop(server)).toBe(0);
    const live = join(made.dataDir, DATABASE_FILE);
    renameSync(live, `${live}.before-restore`);
    for (const suffix of ["-wal", "-shm"]) rmSync(live + suffix, { force: true });
    copyFileSync(out, live);
    chmodSync(live, 0o600);
    const restored = await serve(made);

    const ids = exportedIds(await cli(["export", "--format", "json"]));
    expect(ids.toSorted()).toEqual(before.toSorted());
    expect(ids.filter((id) => after.includes(id))).toEqual([]);
    expect(mode(live)).toBe(0o600);
    const newer = await postLeads(restored.origin, "after-restore", 1);
    expect(exportedIds(await cli(["export", "--format", "json"])).toSorted()).toEqual([...before, ...newer].toSorted());
    const db = new DatabaseSync(live, { readOnly: true });
    try {
      // The server turned the restored file back to WAL as it opened it.
      expect((db.prepare("PRAGMA journal_mode").get() as { journal_mode: string }).journal_mode).toBe("wal");
    } finally {
      db.close();
    }
  });

  describe("refuses, writing nothing", () => {
    it("to replace a file that exists", async () => {
      const dataDir = await database();
      const outDir = await folder("veilvault-backup-");
      const out = join(outDir, "leads-backup.sqlite");
      await writeFile(out, "an earlier backup");
      const run = await leadsCli(["backup", "--out", out], { DATA_DIR: dataDir });
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`No backup written. ${out} already exists, and a backup never replaces a file`);
      expect(await readFile(out, "utf8")).toBe("an earlier backup");
      expect(await readdir(outDir)).toEqual(["leads-backup.sqlite"]);
    });

    it("when DATABASE_URL names PostgreSQL, and says to use pg_dump", async () => {
      const dataDir = await database();
      const outDir = await folder("veilvault-backup-");
      const run = await leadsCli(["backup", "--out", join(outDir, "leads-backup.sqlite")], {
        DATA_DIR: dataDir,
        DATABASE_URL: "postgres://veilvault:not-a-real-secret@127.0.0.1:1/veilvault",
      });
      expect(run.code).toBe(2);
      expect(run.stderr).toContain("No backup written: DATABASE_URL is set");
      expect(run.stderr).toContain('pg_dump --format=custom --file=veilvault.dump "$DATABASE_URL"');
      // The address holds a password: never printed.
      expect(run.stderr).not.toContain("not-a-real-secret");
      expect(await readdir(outDir)).toEqual([]);
    });

    it("without --out", async () => {
      const dataDir = await database();
      const files = readdirSync(dataDir).toSorted();
      const run = await leadsCli(["backup"], { DATA_DIR: dataDir });
      expect(run.code).toBe(2);
      expect(run.stderr).toContain("backup needs --out FILE, a file that does not exist yet");
      expect(run.stdout).toBe("");
      expect(readdirSync(dataDir).toSorted()).toEqual(files);
    });

    it("with no database in DATA_DIR, and makes none", async () => {
      const dataDir = join(await folder("veilvault-backup-data-"), "data");
      const outDir = await folder("veilvault-backup-");
      const run = await leadsCli(["backup", "--out", join(outDir, "leads-backup.sqlite")], { DATA_DIR: dataDir });
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`There is no lead database at ${join(dataDir, DATABASE_FILE)}`);
      expect(existsSync(dataDir)).toBe(false);
      expect(await readdir(outDir)).toEqual([]);
    });
  });

  it("fails with exit 1 and leaves no file when the copy does not pass PRAGMA integrity_check", async () => {
    const dataDir = await database();
    damageAnIndex(dataDir);
    const outDir = await folder("veilvault-backup-");
    const run = await leadsCli(["backup", "--out", join(outDir, "leads-backup.sqlite")], { DATA_DIR: dataDir });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("No backup written: the copy failed PRAGMA integrity_check");
    expect(run.stdout).toBe("");
    expect(await readdir(outDir)).toEqual([]);
  });
});

describe("PostgreSQL: the pg_dump and pg_restore of docs/operations.md", () => {
  it.skipIf(!postgresUrl)("restores the leads a dump held, and drops those written after it", async () => {
    const url = postgresUrl ?? "";
    const made = await site();
    // With DATABASE_URL, the link key must be given (server/lib/link-tokens.ts).
    const env = { DATABASE_URL: url, LINK_SIGNING_KEY: "k".repeat(32) };
    const server = await serve(made, env);
    const before = await postLeads(server.origin, "pg-kept", 12);
    const dump = join(await folder("veilvault-pg-dump-"), "veilvault.dump");
    // As the guide has it: owner-only, in PostgreSQL's custom format, while the server runs.
    await execute("/bin/sh", ["-c", 'umask 077 && pg_dump --format=custom --file="$0" "$1"', dump, url]);
    expect(mode(dump)).toBe(0o600);
    const after = await postLeads(server.origin, "pg-after-dump", 5);

    expect(await stop(server)).toBe(0);
    await execute("pg_restore", ["--clean", "--if-exists", "--single-transaction", "--no-owner", `--dbname=${url}`, dump]);
    const restored = await serve(made, env);
    const cli = (args: string[]) => leadsCli(args, { ...env, DATA_DIR: made.dataDir });
    const ids = exportedIds(await cli(["export", "--format", "json"]));
    expect(ids.toSorted()).toEqual(before.toSorted());
    expect(ids.filter((id) => after.includes(id))).toEqual([]);
    const newer = await postLeads(restored.origin, "pg-after-restore", 1);
    expect(exportedIds(await cli(["export", "--format", "json"])).toSorted()).toEqual([...before, ...newer].toSorted());
  });
});

/** A database holding one lead, made by the real store and closed, as a stopped server leaves it. */
async function database(): Promise<string> {
  const dataDir = join(await folder("veilvault-backup-data-"), "data");
  const store = await SqliteLeadStore.open(dataDir);
  await store.saveLead(lead, {});
  await store.close();
  return dataDir;
}

/** Overwrites one page of an index on the leads, as a failing disk would: the file still opens and copies, but is not whole. */
function damageAnIndex(dataDir: string): void {
  const file = join(dataDir, DATABASE_FILE);
  const db = new DatabaseSync(file);
  const { rootpage } = db.prepare("SELECT rootpage FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'leads' AND rootpage > 0 LIMIT 1").get() as { rootpage: number };
  const { page_size: pageSize } = db.prepare("PRAGMA page_size").get() as { page_size: number };
  db.close();
  const fd = openSync(file, "r+");
  try {
    writeSync(fd, Buffer.alloc(pageSize, 0xff), 0, pageSize, (rootpage - 1) * pageSize);
  } finally {
    closeSync(fd);
  }
}
