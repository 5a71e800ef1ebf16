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
 * arrays inside each backend (tests/fixtures/db-version-N/, each a SQLite file
 * and a PostgreSQL dump): at version 10, just before they became files (two
 * leads, one a spam, a pending sign-up, their jobs, a day of limits reached),
 * and at version 7 (commit ca04bbe: two leads, one a spam, a pending sign-up
 * typed in mixed case, and their jobs), from where migrations 8 to 10 run as
 * files: 8 rekeys every stored address (LEAD-30), 9 adds mail pacing and the
 * limits' counts, 10 drops the days' salts. Opened by today's store, each
 * keeps every row, is at the last migration, and is not migrated again.
 */
const FIXTURES = join(import.meta.dirname, "..", "fixtures");

/** What each fixture holds beyond its two leads and their jobs: its sign-up's address as typed, and the limits' counts. */
const VERSIONS = [
  { version: 10, subscriber: "reader@example.org", otherSpelling: "READER@example.org", capHits: [{ day: "2026-11-20", kind: "newsletter-paced", count: 2 }] },
  { version: 7, subscriber: "Reader.Name@Example.org", otherSpelling: "READER.NAME@example.org", capHits: [] },
] as const;

async function holdsTheFixture(store: LeadStore, fixture: (typeof VERSIONS)[number]): Promise<void> {
  const leads = await store.listLeads();
  expect(leads.map((lead) => `${lead.firstName} ${lead.lastName} <${lead.email}> ${lead.spam ? "spam" : "lead"}`)).toEqual(["Amara Okafor <amara@example.org> lead", "Zoë Ångström <zoe@example.org> spam"]);
  expect(leads[0]).toMatchObject({ companyName: "Delta Logistics", description: "Rider phone numbers in support tickets." });
  expect((await store.pageLeads({ status: "all", search: "ångström", page: 1 })).total).toBe(1);
  const [subscriber] = await store.listSubscribers();
  expect(subscriber).toMatchObject({ email: fixture.subscriber, status: "pending" });
  expect((await store.listJobs({ dead: false })).map((job) => job.event).sort()).toEqual(["lead.created", "newsletter.signup"]);
  expect(await store.listCapHits("2026-01-01")).toEqual(fixture.capHits);
  // The stored sign-up is keyed as today's store keys it (migration 8 rekeyed version 7's): an erasure in another spelling of the mailbox reaches it, with its job.
  expect(await store.eraseMailbox(fixture.otherSpelling, [], new Date())).toEqual({ leads: 0, subscribers: 1, trustRequests: 0, jobs: 1 });
}

/** A database of its own for each version's dump. */
const postgresUrls = new Map<number, string | undefined>();
for (const { version } of VERSIONS) postgresUrls.set(version, await ownPostgresDatabase());

describe.each(VERSIONS)("a database at version $version, from before the migrations were files, upgrades without loss", (fixture) => {
  const { version } = fixture;
  const folder = join(FIXTURES, `db-version-${version}`);
  const postgresUrl = postgresUrls.get(version);

  it("SQLite: the file opens, keeps every row and every applied version, and is at the last migration", async () => {
    const dir = mkdtempSync(join(tmpdir(), "veilvault-upgrade-"));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    copyFileSync(join(folder, "leads.sqlite"), join(dir, "leads.sqlite"));
    chmodSync(join(dir, "leads.sqlite"), 0o600);
    const appliedBefore = new DatabaseSync(join(dir, "leads.sqlite"), { readOnly: true }).prepare("SELECT version, applied_at FROM schema_migrations ORDER BY version").all();
    expect(appliedBefore).toHaveLength(version);
    const store = await SqliteLeadStore.open(dir);
    try {
      await holdsTheFixture(store, fixture);
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
      await client.query(readFileSync(join(folder, "postgres.sql"), "utf8"));
      // The dump empties the session's search_path while it restores.
      await client.query("RESET search_path");
      const appliedBefore = (await client.query("SELECT version, applied_at FROM schema_migrations ORDER BY version")).rows;
      expect(appliedBefore).toHaveLength(version);
      const store = await PostgresLeadStore.open(postgresUrl ?? "");
      try {
        await holdsTheFixture(store, fixture);
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
