import { chmodSync, copyFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { MIGRATIONS } from "../../server/db/migrations/index.ts";
import { PostgresLeadStore } from "../../server/db/postgres/store.ts";
import { SqliteLeadStore } from "../../server/db/sqlite/store.ts";
import type { LeadStore } from "../../server/db/lead-store.ts";
import { ownPostgresDatabase } from "../support/postgres-database.ts";

/**
 * Databases written by the store as it was when the migrations were still
 * arrays inside each backend, at version 10 (tests/fixtures/db-version-10/:
 * two leads, one a spam, a pending sign-up, their jobs, a day of limits
 * reached). Opened by today's store, each keeps every row and is not
 * migrated again.
 */
const FIXTURES = join(import.meta.dirname, "..", "fixtures", "db-version-10");

async function holdsTheFixture(store: LeadStore): Promise<void> {
  const leads = await store.listLeads();
  expect(leads.map((lead) => `${lead.firstName} ${lead.lastName} <${lead.email}> ${lead.spam ? "spam" : "lead"}`)).toEqual(["Amara Okafor <amara@example.org> lead", "Zoë Ångström <zoe@example.org> spam"]);
  expect(leads[0]).toMatchObject({ companyName: "Delta Logistics", description: "Rider phone numbers in support tickets." });
  const [subscriber] = await store.listSubscribers();
  expect(subscriber).toMatchObject({ email: "reader@example.org", status: "pending" });
  expect((await store.listJobs({ dead: false })).map((job) => job.event).sort()).toEqual(["lead.created", "newsletter.signup"]);
  expect(await store.listCapHits("2026-01-01")).toEqual([{ day: "2026-11-20", kind: "newsletter-paced", count: 2 }]);
  expect((await store.pageLeads({ status: "all", search: "ångström", page: 1 })).total).toBe(1);
}

const postgresUrl = await ownPostgresDatabase();

describe("a database at version 10, from before the migrations were files, upgrades without loss", () => {
  it("SQLite: the file opens, keeps every row and every applied version, and is at the last migration", async () => {
    const dir = mkdtempSync(join(tmpdir(), "veilvault-upgrade-"));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    copyFileSync(join(FIXTURES, "leads.sqlite"), join(dir, "leads.sqlite"));
    chmodSync(join(dir, "leads.sqlite"), 0o600);
    const appliedBefore = new DatabaseSync(join(FIXTURES, "leads.sqlite"), { readOnly: true }).prepare("SELECT version, applied_at FROM schema_migrations ORDER BY version").all();
    const store = await SqliteLeadStore.open(dir);
    try {
      await holdsTheFixture(store);
    } finally {
      await store.close();
    }
    const applied = new DatabaseSync(join(dir, "leads.sqlite"), { readOnly: true }).prepare("SELECT version, applied_at FROM schema_migrations ORDER BY version").all();
    expect(applied.slice(0, appliedBefore.length)).toEqual(appliedBefore);
    expect(applied.at(-1)).toMatchObject({ version: MIGRATIONS.length });
  });

  it.skipIf(!postgresUrl)("PostgreSQL: the dump restores, keeps every row and every applied version, and is at the last migration", async () => {
    const client = new pg.Client(postgresUrl);
    await client.connect();
    try {
      await client.query(readFileSync(join(FIXTURES, "postgres.sql"), "utf8"));
      // The dump empties the session's search_path while it restores.
      await client.query("RESET search_path");
      const appliedBefore = (await client.query("SELECT version, applied_at FROM schema_migrations ORDER BY version")).rows;
      const store = await PostgresLeadStore.open(postgresUrl ?? "");
      try {
        await holdsTheFixture(store);
      } finally {
        await store.close();
      }
      const applied = (await client.query<{ version: number }>("SELECT version, applied_at FROM schema_migrations ORDER BY version")).rows;
      expect(applied.slice(0, appliedBefore.length)).toEqual(appliedBefore);
      expect(applied.at(-1)).toMatchObject({ version: MIGRATIONS.length });
    } finally {
      await client.end();
    }
  });
});
