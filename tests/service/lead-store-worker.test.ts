import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LEAD_FIELD_SPECS, LEAD_FIELDS, type LeadBody } from "../../common/lead-fields.ts";
import { commitBatch, type QueuedCall } from "../../server/db/sqlite/batch.ts";
import { DATABASE_FILE, LeadDatabase } from "../../server/db/sqlite/database.ts";
import { SqliteLeadStore } from "../../server/db/sqlite/store.ts";
import type { LeadMeta } from "../../server/db/store.ts";
import { startLeadServer } from "../support/lead-server.ts";

/**
 * The SQLite store writes through a worker thread with group commit: the
 * caller's event loop stays free, many calls share one commit, a failing call
 * fails alone, and a dead worker fails its calls and is replaced.
 */
const lead: LeadBody = {
  firstName: "Tomasz",
  lastName: "Wrona",
  email: "tomasz@example.org",
  companyName: "Vistula Payroll",
  contactNumber: "447700900789",
  description: "Salary slips in the help desk.",
  termsAccepted: true,
};

/** The longest the caller's event loop went without running a 1 ms timer, while `work` ran. */
async function worstEventLoopGap(work: () => Promise<unknown>): Promise<number> {
  let last = performance.now();
  let worst = 0;
  const heartbeat = setInterval(() => {
    const now = performance.now();
    worst = Math.max(worst, now - last);
    last = now;
  }, 1);
  try {
    // Give the heartbeat its first tick, so the gap measured is the work's and not the timer's start.
    await new Promise((resolve) => setTimeout(resolve, 5));
    last = performance.now();
    await work();
    worst = Math.max(worst, performance.now() - last);
  } finally {
    clearInterval(heartbeat);
  }
  return worst;
}

let dir: string;
let store: SqliteLeadStore;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "veilvault-store-worker-"));
  store = await SqliteLeadStore.open(dir);
});

afterEach(async () => {
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

describe("the SQLite lead store off the event loop", () => {
  it("keeps the caller's event loop free while 2,000 leads wait on a held database, and stores each exactly once", async () => {
    const count = 2000;
    const holdMs = 500;
    // Another connection holds the write lock, standing in for a slow disk: a
    // store that committed on the caller's thread would freeze its event loop
    // for the whole hold; through the worker the loop keeps running.
    const blocker = new DatabaseSync(join(dir, DATABASE_FILE));
    blocker.exec("BEGIN IMMEDIATE");
    const saving = Promise.all(
      Array.from({ length: count }, (_, index) =>
        store.saveLead({ ...lead, email: `lead-${index}@example.org` }, { idempotencyKey: `loop-key-${index}` }),
      ),
    );
    let gap: number;
    try {
      gap = await worstEventLoopGap(() => new Promise((resolve) => setTimeout(resolve, holdMs)));
    } finally {
      blocker.exec("ROLLBACK");
      blocker.close();
    }
    const results = await saving;
    console.log(`2,000 saves waiting ${holdMs} ms on a held database: worst event-loop gap ${gap.toFixed(1)} ms`);
    expect(gap).toBeLessThan(holdMs / 5);
    expect(results.every((result) => result.status === "created")).toBe(true);
    const stored = await store.listLeads();
    expect(stored).toHaveLength(count);
    expect(new Set(stored.map((row) => row.email)).size).toBe(count);
  });
});

describe("group commit", () => {
  it("commits 500 concurrent saves in far fewer transactions than calls", async () => {
    const before = store.transactionsCommitted;
    await Promise.all(
      Array.from({ length: 500 }, (_, index) => store.saveLead({ ...lead, email: `group-${index}@example.org` }, { idempotencyKey: `group-key-${index}` })),
    );
    const transactions = store.transactionsCommitted - before;
    console.log(`500 concurrent saves: ${transactions} transaction(s)`);
    expect(transactions).toBeGreaterThanOrEqual(1);
    expect(transactions).toBeLessThanOrEqual(50);
    expect(await store.listLeads()).toHaveLength(500);
  });

  it("fails only the call that breaks a constraint, and answers a reused key only to its own call", async () => {
    const broken = { ...lead, firstName: null } as unknown as LeadBody;
    const settled = await Promise.allSettled([
      ...Array.from({ length: 20 }, (_, index) => store.saveLead({ ...lead, email: `ok-${index}@example.org` }, { idempotencyKey: `mixed-${index}` })),
      store.saveLead(broken, { idempotencyKey: "mixed-broken" }),
      store.saveLead({ ...lead, email: "ok-0@example.org", description: "Another body" }, { idempotencyKey: "mixed-0" }),
    ]);
    expect(settled.slice(0, 20).every((result) => result.status === "fulfilled" && result.value.status === "created")).toBe(true);
    const [brokenResult, reusedResult] = settled.slice(20);
    expect(brokenResult?.status).toBe("rejected");
    expect(String((brokenResult as PromiseRejectedResult).reason)).toMatch(/NOT NULL constraint failed: leads\.first_name.*SQLITE_CONSTRAINT/);
    expect(reusedResult).toEqual({ status: "fulfilled", value: { status: "key-reused" } });
    const stored = await store.listLeads();
    expect(stored).toHaveLength(20);
    expect(stored.map((row) => row.email).sort()).toEqual(Array.from({ length: 20 }, (_, index) => `ok-${index}@example.org`).sort());
  });
});

describe("one batch, inside the worker", () => {
  // The batch logic runs here directly, on the test's own thread, so that
  // which calls share a transaction is certain rather than a matter of timing.
  let db: LeadDatabase;
  beforeEach(() => {
    db = new LeadDatabase(join(dir, "direct"));
  });
  afterEach(() => {
    db.close();
  });

  const save = (id: number, overrides: Partial<LeadBody> = {}, key = `batch-${id}`): QueuedCall => ({
    id,
    call: { method: "operation", name: "saveLead", args: [{ ...lead, email: `batch-${id}@example.org`, ...overrides }, { idempotencyKey: key }] },
  });

  it("rolls back only the failing call's savepoint; the calls before and after it commit", () => {
    const outcome = commitBatch(db, [
      save(1),
      save(2, { firstName: null } as unknown as Partial<LeadBody>),
      save(3),
      save(4, { description: "Another body" }, "batch-1"),
      save(5, { email: "batch-3@example.org" }, "batch-3"),
      { id: 6, call: { method: "operation", name: "listLeads", args: [] } },
    ]);
    expect(outcome.committed).toBe(true);
    expect(outcome.answers.map((answer) => answer.ok)).toEqual([true, false, true, true, true, true]);
    expect(outcome.answers[3]).toMatchObject({ value: { status: "key-reused" } });
    // A retry within the same batch sees the earlier call's row and replays it.
    expect(outcome.answers[4]).toMatchObject({ value: { status: "replayed" } });
    // Rows of the same millisecond come back in id order, which is random: compare as sets.
    const emails = (rows: unknown) => (rows as { email: string }[]).map((row) => row.email).sort();
    expect(outcome.answers[5]?.ok && emails(outcome.answers[5].value)).toEqual(["batch-1@example.org", "batch-3@example.org"]);
    expect(emails(db.operate("listLeads", []))).toEqual(["batch-1@example.org", "batch-3@example.org"]);
  });

  it("fails every call when COMMIT fails, and stores none of them", () => {
    db.commit = () => {
      throw Object.assign(new Error("disk I/O error"), { code: "ERR_SQLITE_ERROR", errcode: 10, errstr: "disk I/O error" });
    };
    const outcome = commitBatch(db, [save(1), save(2), save(3)]);
    expect(outcome.committed).toBe(false);
    expect(outcome.answers).toHaveLength(3);
    for (const answer of outcome.answers) expect(answer).toMatchObject({ ok: false, error: { message: "disk I/O error (SQLITE_IOERR)", errcode: 10 } });
    expect(db.inTransaction).toBe(false);
    expect(db.operate("listLeads", [])).toEqual([]);
  });

  it("fails the whole batch when SQLite has rolled the transaction back by itself", () => {
    const operate = db.operate.bind(db);
    db.operate = (name, args) => {
      if (name !== "saveLead" || (args[1] as LeadMeta).idempotencyKey !== "batch-2") return operate(name, args);
      // What SQLite does on some full-disk and I/O errors: the transaction is gone, not just the statement.
      db.rollback();
      throw Object.assign(new Error("database or disk is full"), { errcode: 13 });
    };
    const outcome = commitBatch(db, [save(1), save(2), save(3)]);
    expect(outcome.answers.map((answer) => answer.ok)).toEqual([false, false, false]);
    expect(outcome.answers[0]).toMatchObject({ error: { message: "database or disk is full (SQLITE_FULL)" } });
    // Call 3 never ran outside a transaction, where it would have committed on its own.
    expect(db.operate("listLeads", [])).toEqual([]);
  });
});

describe("the worker's life", () => {
  it("rejects every pending call when the worker dies, and works again with a fresh worker", async () => {
    const count = 1000;
    const save = (index: number) => store.saveLead({ ...lead, email: `crash-${index}@example.org` }, { idempotencyKey: `crash-key-${index}` });
    const answeredFirst = Array.from({ length: count / 2 }, (_, index) => save(index));
    await Promise.all(answeredFirst);
    // Another connection takes the write lock, so the second half is still in flight when the worker dies, however
    // fast the machine: the worker waits on the lock (SQLite's 5 s busy timeout), and the crash ends it there.
    const blocker = new DatabaseSync(join(dir, DATABASE_FILE));
    blocker.exec("BEGIN IMMEDIATE");
    const inFlight = Array.from({ length: count / 2 }, (_, index) => save(count / 2 + index));
    try {
      expect(store.callsInFlightForTesting()).toBe(count / 2);
      await store.crashWorkerForTesting();
    } finally {
      blocker.exec("ROLLBACK");
      blocker.close();
    }
    const calls = [...answeredFirst, ...inFlight];
    const settled = await Promise.allSettled(calls);
    const rejected = settled.filter((result) => result.status === "rejected");
    expect(rejected).toHaveLength(count / 2);
    for (const result of rejected) expect(String(result.reason)).toMatch(/SQLite worker stopped unexpectedly/);

    // The next call starts a fresh worker, which sees every lead that was answered.
    await expect(store.ping()).resolves.toBeUndefined();
    const stored = new Set((await store.listLeads()).map((row) => row.id));
    const answered = settled.flatMap((result) => (result.status === "fulfilled" && result.value.status === "created" ? [result.value.id] : []));
    expect(answered.filter((id) => !stored.has(id))).toEqual([]);
    // Retrying the rejected calls with their keys stores each lead once.
    const retried = await Promise.all(
      Array.from({ length: count }, (_, index) =>
        store.saveLead({ ...lead, email: `crash-${index}@example.org` }, { idempotencyKey: `crash-key-${index}` }),
      ),
    );
    expect(retried.every((result) => result.status !== "key-reused")).toBe(true);
    expect(await store.listLeads()).toHaveLength(count);
  });

  it("over HTTP, a worker crash answers the leads in flight 503 with Retry-After, never 201, and the next lead is stored", async () => {
    const server = await startLeadServer({ dataDir: join(dir, "http") });
    // Another connection holds the write lock, so the worker waits and every lead stays in flight until the crash.
    const blocker = new DatabaseSync(join(server.dataDir, DATABASE_FILE));
    blocker.exec("BEGIN IMMEDIATE");
    try {
      const requests = Array.from({ length: 200 }, async (_, index) => {
        const response = await server.post("/id/website/leads", { ...lead, email: `http-${index}@example.org` }, { "idempotency-key": `http-crash-${index}` });
        const body = (await response.json()) as { id?: string };
        return { status: response.status, retryAfter: response.headers.get("retry-after"), id: body.id };
      });
      // Crash once the leads are in flight: a fixed pause would measure how busy the machine is.
      const deadline = Date.now() + 20_000;
      while (server.store.callsInFlightForTesting() < 150 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      const crashed = server.store.crashWorkerForTesting();
      blocker.exec("ROLLBACK");
      const responses = await Promise.all(requests);
      await crashed;
      const statuses = responses.map((response) => response.status);
      console.log(`HTTP burst with a worker crash: ${statuses.filter((status) => status === 201).length} x 201, ${statuses.filter((status) => status === 503).length} x 503`);
      expect(statuses.filter((status) => status !== 201 && status !== 503)).toEqual([]);
      expect(statuses.filter((status) => status === 503).length).toBeGreaterThan(100);
      for (const response of responses.filter(({ status }) => status === 503)) expect(response.retryAfter).toBe("5");
      const stored = new Set((await server.store.listLeads()).map((row) => row.id));
      expect(responses.filter(({ status, id }) => status === 201 && !stored.has(id ?? "")).map(({ id }) => id)).toEqual([]);
      expect((await server.post("/id/website/leads", { ...lead, email: "after-crash@example.org" })).status).toBe(201);
      expect(server.logs.some((line) => line.includes("http-1@example.org"))).toBe(false);
    } finally {
      blocker.close();
      await server.close();
    }
  });

  it("rejects a call the worker cannot answer in time, and answers again once the database is free", async () => {
    const slow = await SqliteLeadStore.open(join(dir, "deadline"), { callDeadlineMs: 1_000 });
    // Another connection holds the write lock: the worker waits on it (SQLite's 5 s busy timeout), as on a disk that hangs.
    const blocker = new DatabaseSync(join(dir, "deadline", DATABASE_FILE));
    blocker.exec("BEGIN IMMEDIATE");
    const started = performance.now();
    try {
      await expect(slow.saveLead(lead, { idempotencyKey: "deadline-0001" })).rejects.toThrow(/did not answer within 1000 ms/);
      expect(performance.now() - started).toBeLessThan(3_000);
    } finally {
      blocker.exec("ROLLBACK");
      blocker.close();
    }
    // The late call may still have committed; a retry with its key is stored once either way.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    expect((await slow.saveLead(lead, { idempotencyKey: "deadline-0001" })).status).toMatch(/created|replayed/);
    expect(await slow.listLeads()).toHaveLength(1);
    await slow.close();
  });

  it("lets queued calls finish on close, then rejects every later call", async () => {
    const queued = Array.from({ length: 100 }, (_, index) => store.saveLead({ ...lead, email: `close-${index}@example.org` }, {}));
    await store.close();
    expect((await Promise.allSettled(queued)).every((result) => result.status === "fulfilled")).toBe(true);
    await expect(store.saveLead(lead, {})).rejects.toThrow(/closed/);
    await expect(store.ping()).rejects.toThrow(/closed/);
    store = await SqliteLeadStore.open(dir);
    expect(await store.listLeads()).toHaveLength(100);
  });

  it("refuses to open a file that is not a database, naming the problem", async () => {
    const other = await mkdtemp(join(tmpdir(), "veilvault-store-worker-bad-"));
    await writeFile(join(other, DATABASE_FILE), "not a database, only text that is long enough to have a header ".repeat(20));
    try {
      await expect(SqliteLeadStore.open(other)).rejects.toThrow(/file is not a database \(SQLITE_NOTADB\)/);
    } finally {
      await rm(other, { recursive: true, force: true });
    }
  });
});

describe("the field declarations and the schema", () => {
  it("give every declared lead field a column the SQLite table has", async () => {
    await store.saveLead(lead, {});
    const db = new DatabaseSync(join(dir, DATABASE_FILE), { readOnly: true });
    try {
      const columns = (db.prepare("PRAGMA table_info(leads)").all() as { name: string }[]).map((column) => column.name);
      for (const field of LEAD_FIELDS) expect(columns, field).toContain(LEAD_FIELD_SPECS[field].column);
    } finally {
      db.close();
    }
  });
});
