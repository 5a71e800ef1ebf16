import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import pg from "pg";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { LeadBody } from "../../common/lead-fields.ts";
import { PostgresLeadStore } from "../../server/leads/postgres-store.ts";
import { DATABASE_FILE, SqliteLeadStore } from "../../server/leads/sqlite-store.ts";
import type { LeadStore } from "../../server/leads/store.ts";

/**
 * One contract, every backend: SQLite always; PostgreSQL when TEST_DATABASE_URL
 * names one (`.ci/run` starts it with scripts/test-postgres.sh).
 */
interface Backend {
  open: () => Promise<LeadStore>;
  /** Moves a lead's arrival back in time, as the days passing would. */
  age: (email: string, days: number) => Promise<void>;
  cleanup: () => Promise<void>;
}

async function sqliteBackend(): Promise<Backend> {
  const dir = await mkdtemp(join(tmpdir(), "veilvault-store-contract-"));
  return {
    open: () => SqliteLeadStore.open(dir),
    age: (email, days) => {
      const db = new DatabaseSync(join(dir, DATABASE_FILE));
      db.prepare("UPDATE leads SET created_at = ? WHERE email = ?").run(new Date(Date.now() - days * 86_400_000).toISOString(), email);
      db.close();
      return Promise.resolve();
    },
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
}

async function postgresBackend(url: string): Promise<Backend> {
  const admin = new pg.Client(url);
  await admin.connect();
  await admin.query("DROP TABLE IF EXISTS leads, subscribers, schema_migrations");
  return {
    open: () => PostgresLeadStore.open(url),
    age: async (email, days) => {
      await admin.query("UPDATE leads SET created_at = now() - make_interval(days => $1) WHERE email = $2", [days, email]);
    },
    cleanup: () => admin.end(),
  };
}

const backends: [string, () => Promise<Backend>][] = [["SQLite", sqliteBackend]];
const postgresUrl = process.env.TEST_DATABASE_URL;
if (postgresUrl) backends.push(["PostgreSQL", () => postgresBackend(postgresUrl)]);

const lead: LeadBody = {
  firstName: "Amara",
  lastName: "",
  email: "amara@example.org",
  companyName: "Delta Logistics",
  contactNumber: "971501234567",
  description: "Rider phone numbers in support tickets.",
  termsAccepted: true,
};

describe.each(backends)("the %s lead store", (_name, makeBackend) => {
  let backend: Backend;
  let store: LeadStore;

  beforeEach(async () => {
    backend = await makeBackend();
    store = await backend.open();
  });

  afterEach(async () => {
    await store.close();
    await backend.cleanup();
  });

  it("stores a lead field for field, with its time and no spam flag", async () => {
    const saved = await store.saveLead(lead, {});
    expect(saved.status).toBe("created");
    const [stored] = await store.listLeads();
    expect(stored).toMatchObject({ ...lead, spam: false, spamReason: "" });
    expect(stored?.id).toBe(saved.status === "created" ? saved.id : "");
    expect(Date.parse(stored!.createdAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("replays a key with the same body, refuses it with another, and stores once", async () => {
    const first = await store.saveLead(lead, { idempotencyKey: "contract-key-1" });
    const again = await store.saveLead({ ...lead }, { idempotencyKey: "contract-key-1" });
    const other = await store.saveLead({ ...lead, description: "Different" }, { idempotencyKey: "contract-key-1" });
    expect(again).toEqual({ status: "replayed", id: first.status === "created" ? first.id : "" });
    expect(other).toEqual({ status: "key-reused" });
    expect(await store.listLeads()).toHaveLength(1);
  });

  it("keeps a concurrent retry burst to one row", async () => {
    const results = await Promise.all(Array.from({ length: 8 }, () => store.saveLead(lead, { idempotencyKey: "contract-burst" })));
    expect(new Set(results.map((result) => (result.status === "key-reused" ? "" : result.id))).size).toBe(1);
    expect(await store.listLeads()).toHaveLength(1);
  });

  it("keeps spam, flagged with its reason", async () => {
    await store.saveLead(lead, { spamReason: "honeypot" });
    expect((await store.listLeads())[0]).toMatchObject({ spam: true, spamReason: "honeypot" });
  });

  it("signs an address up once, whatever its case", async () => {
    const first = await store.saveSubscriber("Reader@Example.org", "v1");
    const second = await store.saveSubscriber("reader@example.org", "v1");
    expect(first.created).toBe(true);
    expect(second).toEqual({ id: first.id, created: false });
    expect(await store.listSubscribers()).toMatchObject([{ email: "Reader@Example.org", consentVersion: "v1" }]);
  });

  it("erases every lead and sign-up of an address, and prunes only leads past retention", async () => {
    await store.saveLead(lead, {});
    await store.saveLead({ ...lead, email: "old@example.org" }, {});
    await store.saveLead({ ...lead, email: "keep@example.org" }, {});
    await store.saveSubscriber("old@example.org", "v1");
    await backend.age("old@example.org", 400);
    expect(await store.pruneLeads(new Date(Date.now() - 365 * 86_400_000))).toBe(1);
    expect(await store.deleteByEmail("AMARA@example.org")).toEqual({ leads: 1, subscribers: 0 });
    expect((await store.listLeads()).map((row) => row.email)).toEqual(["keep@example.org"]);
    expect(await store.listSubscribers()).toHaveLength(1);
    expect(await store.listLeads({ since: new Date(Date.now() + 60_000) })).toEqual([]);
  });

  it("answers a ping while open, fails it once closed, and keeps its data across a reopen", async () => {
    await store.saveLead(lead, {});
    await expect(store.ping()).resolves.toBeUndefined();
    await store.close();
    await expect(store.ping()).rejects.toThrow();
    store = await backend.open();
    expect(await store.listLeads()).toHaveLength(1);
  });
});
