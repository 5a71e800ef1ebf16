import { existsSync } from "node:fs";
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { daySalt, slotOf } from "../../server/analytics/counter.ts";
import type { BrowserFamily } from "../../server/db/traffic-store.ts";
import { LINK_KEY_FILE } from "../../server/lib/link-tokens.ts";
import { MIGRATIONS as POSTGRES_MIGRATIONS, PostgresLeadStore } from "../../server/db/postgres/store.ts";
import { DROP_TRAFFIC_SALTS_SQL as POSTGRES_DROP_SALTS } from "../../server/db/postgres/traffic.ts";
import { MIGRATIONS as SQLITE_MIGRATIONS } from "../../server/db/sqlite/database.ts";
import { DATABASE_FILE, SqliteLeadStore } from "../../server/db/sqlite/store.ts";
import { DROP_TRAFFIC_SALTS_SQL as SQLITE_DROP_SALTS } from "../../server/db/sqlite/traffic.ts";
import { standInSite } from "../support/lead-server.ts";
import { requestFrom } from "../support/from-address.ts";
import { LEAD_STORE_TABLES, ownPostgresDatabase } from "../support/postgres-database.ts";
import { startServerProcess, type RunningServer } from "../support/server-process.ts";

/**
 * A copy of the database re-identifies no visitor (requirement ANA-11). The
 * attack of an outside review: the real server counts visits from known
 * loopback addresses, its SQLite file is copied while it runs, and the copy
 * alone is searched for a salt under which a known address and browser family
 * give a stored visitor slot, which names that visit's landing page, referrer
 * and campaign.
 */

const USER_AGENTS: readonly (readonly [BrowserFamily, string])[] = [
  ["Chrome", "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"],
  ["Firefox", "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0"],
];
/** Every family counting tells apart: what an attacker would try for each address. */
const FAMILIES = Object.keys({ Chrome: 1, Edge: 1, Firefox: 1, Safari: 1, Opera: 1, "Samsung Internet": 1, Other: 1 } satisfies Record<BrowserFamily, 1>);
/** The visitors: seven loopback addresses, each with two browsers, so 14 visitors. */
const ADDRESSES = [2, 3, 4, 5, 6, 7, 8].map((host) => `127.0.0.${host}`);
/** What the attacker tries: the loopback block's first 16 addresses, a superset of the visitors'. */
const CANDIDATE_ADDRESSES = Array.from({ length: 16 }, (_, host) => `127.0.0.${host + 1}`);
const PAGES = ["/", "/features", "/pricing", "/security"];

/** The campaign each visitor lands with: it tells, in a slot's row, whose visit the row is. */
function campaignOf(address: string, family: string): string {
  return `v${address.split(".").at(-1)}-${family.toLowerCase()}`;
}

async function visit(origin: string, path: string, from: string, userAgent: string): Promise<number> {
  return (await requestFrom(origin, from, path, { headers: { "user-agent": userAgent, referer: "https://news.example/issue-9" } })).status;
}

interface SlotRow {
  day: string;
  slot: number;
  landing: string;
  campaign: string;
}

/** Every salt the copy could hold: each value of each table (as text, and as hex decoded), and each run of 32 or more hex digits anywhere in its bytes, free pages and WAL included. */
function candidateSalts(copy: DatabaseSync, bytes: Buffer): Buffer[] {
  const texts = new Set<string>();
  const blobs: Buffer[] = [];
  const tables = copy.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[];
  for (const { name } of tables) {
    for (const row of copy.prepare(`SELECT * FROM "${name}"`).all()) {
      for (const value of Object.values(row)) {
        if (value instanceof Uint8Array) blobs.push(Buffer.from(value));
        else if (value !== null) texts.add(String(value));
      }
    }
  }
  for (const run of bytes.toString("latin1").match(/[0-9a-fA-F]{32,}/g) ?? []) texts.add(run);
  const salts = new Map<string, Buffer>();
  for (const text of texts) {
    const forms = [Buffer.from(text, "utf8")];
    if (/^([0-9a-fA-F]{2})+$/.test(text)) forms.push(Buffer.from(text, "hex"));
    for (const form of forms) salts.set(form.toString("hex"), form);
  }
  for (const blob of blobs) salts.set(blob.toString("hex"), blob);
  return [...salts.values()];
}

/** The attack on the slots: under each salt, which candidate address and family give a stored slot, and whether the slot's row is that visitor's own visit. */
function link(rows: readonly SlotRow[], salts: readonly Buffer[]): { identified: Set<string>; chance: number } {
  const bySlot = new Map(rows.map((row) => [row.slot, row]));
  const identified = new Set<string>();
  let chance = 0;
  for (const salt of salts) {
    for (const address of CANDIDATE_ADDRESSES) {
      for (const family of FAMILIES) {
        const row = bySlot.get(slotOf(salt, `${address}\n${family}`));
        if (!row) continue;
        if (row.campaign === campaignOf(address, family)) identified.add(`${address} ${family} → ${row.landing}`);
        else chance += 1;
      }
    }
  }
  return { identified, chance };
}

const postgresUrl = await ownPostgresDatabase();
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe("a copy of the database file (ANA-11)", () => {
  it("links no visitor to their address, while the key kept outside DATA_DIR does", async () => {
    const site = await standInSite();
    const keyDir = await mkdtemp(join(tmpdir(), "veilvault-keys-"));
    const attackDir = await mkdtemp(join(tmpdir(), "veilvault-copy-"));
    cleanups.push(() => rm(site.root, { recursive: true, force: true }), () => rm(keyDir, { recursive: true, force: true }), () => rm(attackDir, { recursive: true, force: true }));
    for (const page of PAGES.slice(1)) {
      await mkdir(join(site.client, page), { recursive: true });
      await writeFile(join(site.client, page, "index.html"), `<!doctype html><title>${page}</title>`);
    }
    const keyFile = join(keyDir, LINK_KEY_FILE);
    const server: RunningServer = await startServerProcess(site, { LINK_SIGNING_KEY_FILE: keyFile });
    cleanups.push(async () => {
      server.child.kill("SIGTERM");
      await server.exited;
    });

    const visitors = ADDRESSES.flatMap((address) => USER_AGENTS.map(([family, userAgent]) => ({ address, family, userAgent })));
    for (const [index, { address, family, userAgent }] of visitors.entries()) {
      const landing = PAGES[index % PAGES.length] ?? "/";
      expect(await visit(server.origin, `${landing}?utm_source=newsletter&utm_campaign=${campaignOf(address, family)}`, address, userAgent)).toBe(200);
      expect(await visit(server.origin, PAGES[(index + 1) % PAGES.length] ?? "/", address, userAgent)).toBe(200);
    }

    // The copy, taken while the server runs, once its flush (every 2 s) has written every visitor's slot.
    const copy = join(attackDir, DATABASE_FILE);
    let rows: SlotRow[] = [];
    let salts: Buffer[] = [];
    const attack = async (): Promise<number> => {
      await rm(`${copy}-wal`, { force: true });
      for (const suffix of ["", "-wal"]) {
        const source = join(site.dataDir, DATABASE_FILE + suffix);
        if (existsSync(source)) await copyFile(source, copy + suffix);
      }
      const bytes = Buffer.concat(await Promise.all(["", "-wal"].map((suffix) => readFile(copy + suffix).catch(() => Buffer.alloc(0)))));
      // Read through a second copy: opening one may fold its WAL into it.
      const scratch = join(attackDir, `read-${Date.now()}.sqlite`);
      for (const suffix of ["", "-wal"]) if (existsSync(copy + suffix)) await copyFile(copy + suffix, scratch + suffix);
      const db = new DatabaseSync(scratch);
      try {
        rows = (db.prepare("SELECT day, slot, landing, campaign FROM traffic_visitors").all() as unknown as SlotRow[]).map((row) => ({ ...row }));
        salts = candidateSalts(db, bytes);
      } catch {
        rows = []; // a copy torn by a write in progress: take another
      } finally {
        db.close();
      }
      return rows.length;
    };
    await expect.poll(attack, { timeout: 30_000, interval: 250 }).toBe(visitors.length);
    const fromFile = link(rows, salts);
    console.log(`a copy of the database alone: ${fromFile.identified.size} of ${rows.length} visitors linked to their address, trying ${salts.length} salts the copy could hold (${fromFile.chance} slots matched by chance, to another visitor's row)`);
    expect([...fromFile.identified]).toEqual([]);

    // The key is not beside the database, and it is what links: the same search with the day's salt derived from it finds everyone.
    expect(await readdir(site.dataDir)).not.toContain(LINK_KEY_FILE);
    const key = Buffer.from((await readFile(keyFile, "utf8")).trim(), "hex");
    const days = [...new Set(rows.map((row) => row.day))];
    expect(link(rows, days.map((day) => daySalt(key, day))).identified.size).toBe(visitors.length);
  });
});

describe("the migration that drops the stored salts (ANA-11)", () => {
  const markers = ["5a175a17".repeat(8), "5a185a18".repeat(8)] as const;
  const marker = markers[0];

  it("leaves no byte of a salt in an upgraded SQLite file or its WAL", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "veilvault-salt-upgrade-"));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    // The file as the migrations before this one left it, with a day's salt and slot.
    const old = new DatabaseSync(join(dataDir, DATABASE_FILE));
    old.exec("PRAGMA journal_mode = WAL; CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)");
    // The mailbox helpers an earlier migration calls, on no rows here.
    for (const name of ["delivered_mailbox", "inbox_key", "mailbox_domain"]) old.function(name, (value: unknown) => value as string);
    for (const [index, migration] of SQLITE_MIGRATIONS.slice(0, SQLITE_MIGRATIONS.indexOf(SQLITE_DROP_SALTS)).entries()) {
      if (typeof migration === "string") old.exec(migration);
      else migration(old);
      old.prepare("INSERT INTO schema_migrations VALUES (?, ?)").run(index + 1, new Date().toISOString());
    }
    // One day's salt in the file's pages, the next day's only in the WAL.
    old.prepare("INSERT INTO traffic_salts (day, salt) VALUES ('2026-11-25', ?)").run(markers[0]);
    old.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    old.prepare("INSERT INTO traffic_salts (day, salt) VALUES ('2026-11-26', ?)").run(markers[1]);
    old.prepare("INSERT INTO traffic_visitors (day, slot, landing, referrer, source, medium, campaign) VALUES ('2026-11-26', 7, '/', '', '', '', '')").run();
    const file = (suffix: string) => readFile(join(dataDir, DATABASE_FILE + suffix)).then((content) => content.toString("latin1"), () => "");
    expect((await file("")).includes(markers[0])).toBe(true);
    expect((await file("-wal")).includes(markers[1])).toBe(true);
    old.close();

    const store = await SqliteLeadStore.open(dataDir);
    await store.close();
    const after = (await file("")) + (await file("-wal"));
    for (const marker of markers) expect(after.includes(marker), marker).toBe(false);
    const upgraded = new DatabaseSync(join(dataDir, DATABASE_FILE), { readOnly: true });
    try {
      expect(upgraded.prepare("SELECT name FROM sqlite_master WHERE name = 'traffic_salts'").all()).toEqual([]);
      // The day's slot stays until its day closes.
      expect(upgraded.prepare("SELECT count(*) AS slots FROM traffic_visitors").get()).toEqual({ slots: 1 });
    } finally {
      upgraded.close();
    }
  });

  it.skipIf(!postgresUrl)("drops them from PostgreSQL, whose files for the table are gone", async () => {
    const pool = new pg.Pool({ connectionString: postgresUrl });
    cleanups.push(() => pool.end());
    const client = await pool.connect();
    try {
      await client.query(`DROP TABLE IF EXISTS ${LEAD_STORE_TABLES}`);
      await client.query("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL)");
      for (const [index, migration] of POSTGRES_MIGRATIONS.slice(0, POSTGRES_MIGRATIONS.indexOf(POSTGRES_DROP_SALTS)).entries()) {
        await client.query("BEGIN");
        if (typeof migration === "string") await client.query(migration);
        else await migration(client);
        await client.query("INSERT INTO schema_migrations VALUES ($1, now())", [index + 1]);
        await client.query("COMMIT");
      }
      await client.query("INSERT INTO traffic_salts (day, salt) VALUES ('2026-11-26', $1)", [marker]);
      await client.query("CHECKPOINT");
      const { rows } = await client.query<{ file: string }>("SELECT current_setting('data_directory') || '/' || pg_relation_filepath('traffic_salts') AS file");
      const file = rows[0]?.file ?? "";
      const heldBefore = await readFile(file).then(
        (content) => content.toString("latin1").includes(marker),
        () => undefined, // not root: the cluster's files are its owner's alone
      );
      if (heldBefore !== undefined) expect(heldBefore).toBe(true);

      const store = await PostgresLeadStore.open(postgresUrl ?? "");
      await store.close();
      expect((await client.query("SELECT to_regclass('traffic_salts') AS salts")).rows).toEqual([{ salts: null }]);
      await client.query("CHECKPOINT");
      if (heldBefore !== undefined) expect(await readFile(file).then((content) => content.toString("latin1").includes(marker), () => false)).toBe(false);
    } finally {
      client.release();
    }
  });
});
