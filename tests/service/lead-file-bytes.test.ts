import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { promisify } from "node:util";
import pg from "pg";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { LeadBody } from "../../common/lead-fields.ts";
import { readDeliveryConfig } from "../../server/delivery/config.ts";
import { DATABASE_FILE, SqliteLeadStore } from "../../server/db/sqlite/store.ts";
import { MIGRATIONS } from "../../server/db/sqlite/database.ts";
import { canonicalMailbox } from "../../server/lib/mailbox.ts";
import { PostgresLeadStore } from "../../server/db/postgres/store.ts";
import { startLeadServer, type LeadServer } from "../support/lead-server.ts";
import { startMailSink, startWebhookSink, type MailSink, type WebhookSink } from "../support/delivery-sinks.ts";
import { LEAD_STORE_TABLES, ownPostgresDatabase } from "../support/postgres-database.ts";
import { tokenHash } from "../../server/lib/link-tokens.ts";

/**
 * What a copy of the database holds (requirements LEAD-24, LEAD-25): the real
 * server with its real SQLite file, then the file's bytes (and its WAL and
 * shared-memory files) read as an attacker with a backup would read them.
 */

vi.setConfig({ testTimeout: 90_000 });

const SECRET = "whsec_" + Buffer.from("a test key of thirty-two bytes!!").toString("base64");
const TOKEN_RUN = /[A-Za-z0-9_-]{43,}/g;

let server: LeadServer | undefined;
let mail: MailSink | undefined;
let hooks: WebhookSink | undefined;
let dataDir = "";

afterEach(async () => {
  await server?.close();
  await mail?.close();
  await hooks?.close();
  server = mail = hooks = undefined;
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** Every byte the database keeps on disk: the file, its WAL and its shared-memory index. */
async function databaseBytes(dir: string): Promise<string> {
  const files = (await readdir(dir)).filter((name) => name.startsWith(DATABASE_FILE));
  expect(files).toContain(DATABASE_FILE);
  const parts = await Promise.all(files.map((name) => readFile(join(dir, name))));
  return Buffer.concat(parts).toString("latin1");
}

/** Every 43-character window of every run of URL-safe characters: each could be a link token. */
function tokenCandidates(bytes: string): Set<string> {
  const candidates = new Set<string>();
  for (const [run] of bytes.matchAll(TOKEN_RUN)) for (let start = 0; start + 43 <= run.length; start += 1) candidates.add(run.slice(start, start + 43));
  return candidates;
}

async function startWithMail(linkKey: Buffer, extra: Record<string, string> = {}): Promise<LeadServer> {
  mail ??= await startMailSink();
  return startLeadServer({
    dataDir,
    linkKey,
    ratePerMinute: 100_000,
    delivery: readDeliveryConfig({ SMTP_URL: mail.url, MAIL_FROM: "web@veilvault.example", ...extra }),
  });
}

const form = { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "", redirect: "manual" } as const;

describe("no recoverable links (requirement LEAD-24)", () => {
  it("keeps no mailed token in the file, its WAL or its shared memory, and no 43-character string in them confirms or unsubscribes", async () => {
    dataDir = await mkdtemp(join(tmpdir(), "veilvault-bytes-"));
    const linkKey = randomBytes(32);
    server = await startWithMail(linkKey);
    const addresses = Array.from({ length: 8 }, (_, index) => `reader-${index}@example.org`);
    for (const email of addresses) expect((await server.post("/id/website/newsletter", { email, consent: true })).status).toBe(201);
    const messages = await mail!.waitFor(addresses.length);
    const mailed = messages.flatMap((message) => [...message.text.matchAll(/token=([\w-]{43})/g)].map((match) => match[1]!));
    expect(new Set(mailed).size).toBe(addresses.length * 2);
    await server.close();
    server = undefined;

    const bytes = await databaseBytes(dataDir);
    for (const token of mailed) expect(bytes.includes(token), `mailed token ${token.slice(0, 6)}… is in the file`).toBe(false);
    const candidates = tokenCandidates(bytes);
    expect(candidates.size).toBeGreaterThan(0);

    server = await startWithMail(linkKey);
    for (const candidate of candidates) {
      for (const page of ["/newsletter/confirm", "/newsletter/unsubscribe"]) {
        const answer = await fetch(`${server.origin}${page}?token=${candidate}`, form);
        expect(answer.headers.get("location")).toBe("/newsletter/link-expired");
      }
    }
    expect((await server.store.listSubscribers()).map((row) => row.status)).toEqual(addresses.map(() => "pending"));
    // The mailed links themselves still work: the search above could have found them.
    const [confirmToken] = mailed;
    expect((await fetch(`${server.origin}/newsletter/confirm?token=${confirmToken}`, form)).headers.get("location")).toBe("/newsletter/confirmed");
  });
});

describe("a database from before these rules (requirement LEAD-24)", () => {
  it("loses the raw tokens its outbox held, and every link made before, when it is upgraded", async () => {
    dataDir = await mkdtemp(join(tmpdir(), "veilvault-upgrade-"));
    // The file as the second version of the schema left it: raw tokens in a pending job's `secrets`.
    const old = new DatabaseSync(join(dataDir, DATABASE_FILE));
    old.exec("PRAGMA journal_mode = WAL; CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)");
    for (const [index, migration] of MIGRATIONS.slice(0, 2).entries()) {
      if (typeof migration === "string") old.exec(migration);
      old.prepare("INSERT INTO schema_migrations VALUES (?, ?)").run(index + 1, new Date().toISOString());
    }
    const now = new Date().toISOString();
    const later = new Date(Date.now() + 86_400_000).toISOString();
    const token = "OLDRAWTOKEN".padEnd(43, "k");
    old.prepare(
      `INSERT INTO subscribers (id, email, consent_version, created_at, signed_up_at, status, confirm_token_hash, confirm_expires_at, unsubscribe_token_hash)
       VALUES ('00000000-0000-4000-8000-000000000002', 'Maria <maria@example.org>', 'v1', ?, ?, 'pending', 'confirm-hash', ?, 'unsubscribe-hash')`,
    ).run(now, now, later);
    old.prepare("INSERT INTO outbox (id, channel, event, subject_id, secrets, created_at, next_attempt_at) VALUES ('msg_old', 'confirmation-email', 'newsletter.signup', '00000000-0000-4000-8000-000000000002', ?, ?, ?)").run(
      JSON.stringify({ confirmToken: token, unsubscribeToken: token }),
      now,
      now,
    );
    old.close();
    expect(await databaseBytes(dataDir)).toContain(token);

    const store = await SqliteLeadStore.open(dataDir);
    expect(await store.listSubscribers()).toMatchObject([{ email: "Maria <maria@example.org>", status: "pending", history: [{ kind: "signed-up" }] }]);
    expect(await store.listJobs({ dead: false })).toEqual([]);
    await store.close();
    expect(await databaseBytes(dataDir)).not.toContain("OLDRAWTOKEN");
  });
});

const marked: LeadBody = {
  firstName: "Mariagrazia",
  lastName: "Eraseworthy",
  email: "Maria.Erasure@Example.org",
  companyName: "Quokka Clinics Erasable",
  contactNumber: "14155550199",
  description: "Marker ZQX-ERASE-7F3A: patient intake forms arrive by e-mail.",
  termsAccepted: true,
};

const execute = promisify(execFile);

describe("erasure that erases (requirement LEAD-25)", () => {
  it("leaves no byte of the person in the file after `npm run leads -- delete`, whatever the address's spelling, and tells the webhook the erased ids", async () => {
    dataDir = await mkdtemp(join(tmpdir(), "veilvault-erasure-"));
    hooks = await startWebhookSink(SECRET);
    server = await startWithMail(randomBytes(32), { LEAD_WEBHOOK_URL: hooks.url, LEAD_WEBHOOK_SECRET: SECRET });
    const first = (await (await server.post("/id/website/leads", marked)).json()) as { id: string };
    await server.post("/id/website/leads", { ...marked, email: "MARIA.ERASURE@EXAMPLE.ORG", description: "Second message, marker ZQX-ERASE-7F3A." });
    await server.post("/id/website/leads", { ...marked, email: "JOSÉ.ÑÚÑEZ@EXÁMPLE.com", firstName: "José", lastName: "Ñúñez" });
    await server.post("/id/website/leads", {
      ...marked,
      firstName: "Keeper",
      lastName: "Person",
      email: "keep.me@example.org",
      companyName: "Wombat Labs",
      contactNumber: "14155550111",
      description: "Marker KEEP-1234.",
    });
    await server.post("/id/website/newsletter", { email: "maria.erasure@example.ORG", consent: true });
    await server.post("/id/website/newsletter", { email: "josé.ñúñez@exámple.com", consent: true });
    // A Trust Center request of the same person (TRUST-6), approved and downloaded: its links and download record go too.
    const asked = await server.store.saveTrustRequest({
      body: { name: "Mariagrazia Eraseworthy", email: "Maria.Erasure@example.org", company: "Quokka Clinics Erasable", role: "DPO", documents: ["dpa"], reason: "Marker ZQX-ERASE-7F3A: our DPA review.", ndaVersion: "2026-11" },
      mailbox: canonicalMailbox("Maria.Erasure@example.org"),
      ndaHash: "0".repeat(64),
      now: new Date(),
      decisionLinks: [{ tokenHash: tokenHash("erasure-approve"), decision: "approve", approver: "security@veilvault.example" }],
      decisionExpiresAt: new Date(Date.now() + 86_400_000),
      jobs: [],
      caps: { perMailboxPerDay: 5, perDomainPerHour: 5, perHour: 5 },
    });
    const grant = { tokenHash: tokenHash("erasure-download"), document: "dpa" };
    await server.store.decideTrustRequest({
      target: { tokenHash: tokenHash("erasure-approve"), decision: "approve" },
      outcome: "approved",
      now: new Date(),
      decidedBy: "email link",
      grants: [grant, { tokenHash: tokenHash("erasure-download-2"), document: "other" }],
      grantExpiresAt: new Date(Date.now() + 86_400_000),
      jobs: [],
    });
    expect(await server.store.claimTrustDownload(grant.tokenHash, new Date())).toBeDefined();
    await mail!.waitFor(2);
    await hooks.waitFor(4);
    await server.close();
    server = undefined;
    // A sign-up stored under a spelling the service takes no more (before LEAD-23): erased with the mailbox too.
    const db = new DatabaseSync(join(dataDir, DATABASE_FILE));
    db.prepare("INSERT INTO leads (id, created_at, first_name, last_name, email, company_name, contact_number, description, terms_accepted, body_hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1, 'x')").run(
      "00000000-0000-4000-8000-000000000001",
      new Date().toISOString(),
      "Mariagrazia",
      "Eraseworthy",
      "Maria <maria.erasure@example.org> (work)",
      "Quokka Clinics Erasable",
      "14155550199",
      "Legacy marker ZQX-ERASE-7F3A.",
    );
    db.close();

    server = await startWithMail(randomBytes(32), { LEAD_WEBHOOK_URL: hooks.url, LEAD_WEBHOOK_SECRET: SECRET });
    const cli = (email: string) =>
      execute(process.execPath, ["server/cli/leads.ts", "delete", "--email", email], {
        env: { PATH: process.env.PATH ?? "", DATA_DIR: dataDir, LEAD_WEBHOOK_URL: hooks!.url, LEAD_WEBHOOK_SECRET: SECRET },
      });
    expect((await cli("maria.erasure@example.org")).stdout).toMatch(/Erased 3 lead\(s\), 1 newsletter sign-up\(s\) and 1 Trust Center request\(s\)/);
    expect((await cli("josé.ñúñez@exámple.com")).stdout).toMatch(/Erased 1 lead\(s\), 1 newsletter sign-up\(s\) and 0 Trust Center request\(s\)/);

    const erased = (await hooks.waitFor(6)).slice(4);
    expect(erased.map((hook) => hook.verified)).toEqual([true, true]);
    expect(erased[0]!.body).toMatchObject({ type: "person.erased", leads: expect.arrayContaining([first.id]) as string[] });
    expect(erased[0]!.body).toMatchObject({ trustRequests: [asked.id] });
    expect(JSON.stringify(erased)).not.toMatch(/maria|erasure|josé|ñúñez|14155550199/i);
    await server.close();
    server = undefined;

    const bytes = (await databaseBytes(dataDir)).toLowerCase();
    const utf8 = (text: string) => Buffer.from(text.toLowerCase(), "utf8").toString("latin1");
    const hashes = ["erasure-approve", "erasure-download-2"].map((token) => tokenHash(token));
    for (const marker of ["zqx-erase-7f3a", "mariagrazia", "eraseworthy", "maria.erasure", "quokka clinics", "14155550199", "dpa review", ...hashes, utf8("josé"), utf8("ñúñez"), utf8("José"), utf8("ÑÚÑEZ")]) {
      expect(bytes.includes(marker), `"${marker}" is still in the file`).toBe(false);
    }
    // The search reads the same bytes that still hold everyone else.
    expect(bytes).toContain("keep-1234");
    expect(existsSync(join(dataDir, `${DATABASE_FILE}-wal`))).toBe(false);
  });
});

const postgresUrl = await ownPostgresDatabase();

/** Every file of the current database's own folder (tables, indexes, TOAST, and its catalogs with their statistics), by name, or undefined when this process may not read them. */
async function postgresFiles(admin: pg.Client): Promise<Map<string, string> | undefined> {
  await admin.query("CHECKPOINT");
  const { rows } = await admin.query<{ dir: string; oid: number }>(
    "SELECT current_setting('data_directory') AS dir, oid FROM pg_database WHERE datname = current_database()",
  );
  const folder = join(rows[0]!.dir, "base", String(rows[0]!.oid));
  try {
    const names = await readdir(folder);
    const contents = await Promise.all(names.map(async (name) => [name, (await readFile(join(folder, name)).catch(() => Buffer.alloc(0))).toString("latin1").toLowerCase()] as const));
    return new Map(contents);
  } catch {
    return undefined;
  }
}

/** Which relations the files holding `marker` belong to, for a failure that says where. */
async function filesHolding(admin: pg.Client, files: ReadonlyMap<string, string>, marker: string): Promise<string[]> {
  const names = [...files].filter(([, text]) => text.includes(marker)).map(([name]) => name);
  const { rows } = await admin.query<{ relname: string; node: string }>("SELECT relname, pg_relation_filenode(oid)::text AS node FROM pg_class WHERE pg_relation_filenode(oid) IS NOT NULL");
  return names.map((name) => `${name} (${rows.find((row) => name.split(/[._]/)[0] === row.node)?.relname ?? "no relation"})`);
}

describe("erasure on PostgreSQL (requirement LEAD-25)", () => {
  it.skipIf(!postgresUrl)("leaves no byte of the person in the database's files, its planner statistics included", async () => {
    const admin = new pg.Client(postgresUrl);
    await admin.connect();
    try {
      await admin.query(`DROP TABLE IF EXISTS ${LEAD_STORE_TABLES}`);
      const store = await PostgresLeadStore.open(postgresUrl ?? "");
      try {
        // Enough rows for ANALYZE to keep most-common values, were it allowed to sample these columns.
        for (let index = 0; index < 30; index += 1) await store.saveLead(marked, {});
        await store.saveLead({ ...marked, firstName: "Keeper", lastName: "Person", email: "keep.me@example.org", companyName: "Wombat Labs", contactNumber: "14155550111", description: "Marker KEEP-1234." }, {});
        await admin.query("ANALYZE leads");
        const beforeFiles = await postgresFiles(admin);
        if (beforeFiles === undefined) return; // not root: the cluster's files are its owner's alone
        expect([...beforeFiles.values()].join("")).toContain("zqx-erase-7f3a");
        expect(await store.eraseMailbox("maria.erasure@example.org", [], new Date())).toEqual({ leads: 30, subscribers: 0, trustRequests: 0, jobs: 0 });
        await admin.query("ANALYZE leads");
        const afterFiles = (await postgresFiles(admin)) ?? new Map<string, string>();
        for (const marker of ["zqx-erase-7f3a", "mariagrazia", "eraseworthy", "maria.erasure", "quokka clinics", "14155550199"]) {
          expect(await filesHolding(admin, afterFiles, marker), `"${marker}" is still in the database's files`).toEqual([]);
        }
        expect([...afterFiles.values()].join("")).toContain("keep-1234");
      } finally {
        await store.close();
      }
    } finally {
      await admin.end();
    }
  });

  it.skipIf(!postgresUrl)("waits, before it answers, for a transaction that still sees the person to end, then leaves no byte of them", async () => {
    const admin = new pg.Client(postgresUrl);
    const reader = new pg.Client(postgresUrl);
    await admin.connect();
    await reader.connect();
    try {
      await admin.query(`DROP TABLE IF EXISTS ${LEAD_STORE_TABLES}`);
      const store = await PostgresLeadStore.open(postgresUrl ?? "");
      try {
        for (let index = 0; index < 3; index += 1) await store.saveLead(marked, {});
        await store.saveLead({ ...marked, firstName: "Keeper", lastName: "Person", email: "keep.me@example.org", companyName: "Wombat Labs", contactNumber: "14155550111", description: "Marker KEEP-1234." }, {});
        if ((await postgresFiles(admin)) === undefined) return; // not root: the cluster's files are its owner's alone
        // A report in the same database, mid-transaction: its snapshot still sees the person's rows.
        await reader.query("BEGIN ISOLATION LEVEL REPEATABLE READ");
        await reader.query("SELECT count(*) FROM leads");
        let erased = false;
        const erasure = store.eraseMailbox("maria.erasure@example.org", [], new Date()).then((result) => {
          erased = true;
          return result;
        });
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        expect(erased, "answered while a snapshot still saw the rows").toBe(false);
        await reader.query("COMMIT");
        expect(await erasure).toEqual({ leads: 3, subscribers: 0, trustRequests: 0, jobs: 0 });
        const files = (await postgresFiles(admin)) ?? new Map<string, string>();
        expect(await filesHolding(admin, files, "zqx-erase-7f3a")).toEqual([]);
        expect([...files.values()].join("")).toContain("keep-1234");
      } finally {
        await store.close();
      }
    } finally {
      await reader.end();
      await admin.end();
    }
  });
});
