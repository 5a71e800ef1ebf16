/**
 * The console's leads list with 100,000 leads (OPS-5): the page and a search
 * as the database now answers them (`pageLeads`, counted and cut in SQL),
 * beside the old way (every lead read, then filtered and cut in memory), on
 * SQLite and, when TEST_DATABASE_URL names a server, PostgreSQL (in a
 * throwaway database of its own). Interleaved rounds, p50 and p95 in
 * milliseconds; each round checks the two ways give the same page.
 *
 *   npm run bench:console [-- --leads 100000 --rounds 15]
 */
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { DatabaseSync } from "node:sqlite";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { openLeadStore } from "../../server/db/open-store.ts";
import type { LeadPageQuery } from "../../server/db/repositories/leads.ts";
import type { StoredLead } from "../../server/db/store.ts";
import type { LeadStore } from "../../server/db/lead-store.ts";
import { throwawayDatabase } from "../../tests/support/postgres-database.ts";

const { values } = parseArgs({ options: { leads: { type: "string", default: "100000" }, rounds: { type: "string", default: "15" } } });
const LEADS = Number(values.leads);
const ROUNDS = Number(values.rounds);
const PER_PAGE = 50;

/** The console's former filter, kept here as the reference the database's answer is timed against. */
function inMemory(leads: readonly StoredLead[], query: LeadPageQuery): { total: number; leads: StoredLead[] } {
  const needle = query.search.trim().toLowerCase();
  const found = leads
    .filter((lead) => {
      if (query.status === "spam" ? !lead.spam : query.status !== "all" && lead.spam) return false;
      if (query.status === "new" && lead.handledAt) return false;
      if (query.status === "handled" && !lead.handledAt) return false;
      return !needle || [`${lead.firstName} ${lead.lastName}`, lead.email, lead.companyName].some((text) => text.toLowerCase().includes(needle));
    })
    .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
  return { total: found.length, leads: found.slice((query.page - 1) * PER_PAGE, query.page * PER_PAGE) };
}

/** Rows as a year of leads would leave them: one a few minutes apart, one in twenty spam, most handled. */
function* rows(): Generator<unknown[]> {
  const start = Date.parse("2025-11-01T00:00:00Z");
  for (let index = 0; index < LEADS; index++) {
    yield [randomUUID(), new Date(start + index * 300_000).toISOString(), `First${index}`, `Last${index % 997}`, `person${index}@example.org`, `Company ${index % 5003}`, "971501234567", "Tokenising support tickets.", index % 20 === 0 ? 1 : 0, index % 3 === 0 ? null : new Date(start + index * 300_000 + 3_600_000).toISOString()];
  }
}

async function fillSqlite(dir: string): Promise<void> {
  await (await openLeadStore({ dataDir: dir })).close();
  const db = new DatabaseSync(join(dir, "leads.sqlite"));
  const insert = db.prepare("INSERT INTO leads (id, created_at, first_name, last_name, email, company_name, contact_number, description, terms_accepted, spam, body_hash, handled_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1, ?, 'x', ?)");
  db.exec("BEGIN");
  for (const row of rows()) insert.run(...(row as (string | number | null)[]));
  db.exec("COMMIT");
  db.close();
}

async function fillPostgres(url: string): Promise<void> {
  const pool = new pg.Pool({ connectionString: url });
  let batch: unknown[][] = [];
  const flush = async () => {
    const params = batch.flat();
    const tuples = batch.map((_, row) => `(${Array.from({ length: 10 }, (_, column) => `$${row * 10 + column + 1}`).join(", ")}, TRUE, 'x')`).join(", ");
    await pool.query(`INSERT INTO leads (id, created_at, first_name, last_name, email, company_name, contact_number, description, spam, handled_at, terms_accepted, body_hash) VALUES ${tuples}`, params.map((value, index) => (index % 10 === 8 ? value === 1 : value)));
    batch = [];
  };
  for (const row of rows()) {
    batch.push(row);
    if (batch.length === 1000) await flush();
  }
  if (batch.length > 0) await flush();
  await pool.end();
}

const percentile = (times: number[], p: number) => [...times].sort((a, b) => a - b)[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? 0;

async function bench(name: string, store: LeadStore): Promise<void> {
  const queries: [string, LeadPageQuery][] = [
    ["first page, new", { status: "new", search: "", page: 1, perPage: PER_PAGE }],
    ["page 40, all", { status: "all", search: "", page: 40, perPage: PER_PAGE }],
    ["search 'company 42'", { status: "all", search: "company 42", page: 1, perPage: PER_PAGE }],
  ];
  for (const [label, query] of queries) {
    const before: number[] = [];
    const after: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // Interleaved, so the machine's swings fall on both columns alike.
      let start = performance.now();
      const old = inMemory(await store.listLeads(), query);
      before.push(performance.now() - start);
      start = performance.now();
      const fresh = await store.run("pageLeads", query);
      after.push(performance.now() - start);
      if (fresh.total !== old.total || fresh.leads.map((lead) => lead.id).join() !== old.leads.map((lead) => lead.id).join()) throw new Error(`${name} ${label}: the two ways disagree`);
    }
    const row = (times: number[]) => `p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms`;
    console.log(`${name.padEnd(10)} ${label.padEnd(22)} in memory: ${row(before)}   in SQL: ${row(after)}   (${LEADS} leads)`);
  }
}

const dir = await mkdtemp(join(tmpdir(), "veilvault-bench-console-"));
try {
  await fillSqlite(dir);
  const sqlite = await openLeadStore({ dataDir: dir });
  await bench("SQLite", sqlite);
  await sqlite.close();
  if (process.env.TEST_DATABASE_URL) {
    const { url, drop } = await throwawayDatabase(process.env.TEST_DATABASE_URL);
    try {
      await (await openLeadStore({ dataDir: dir, databaseUrl: url })).close();
      await fillPostgres(url);
      const postgres = await openLeadStore({ dataDir: dir, databaseUrl: url });
      await bench("PostgreSQL", postgres);
      await postgres.close();
    } finally {
      await drop();
    }
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
