import { execFile } from "node:child_process";
import { statSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { promisify } from "node:util";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { LeadBody } from "../../common/lead-fields.ts";
import { LEAD_MESSAGES } from "../../common/lead-schema.ts";
import { NEWSLETTER_CONSENT_VERSION } from "../../common/newsletter-schema.ts";
import { DATABASE_FILE, SqliteLeadStore } from "../../server/db/sqlite/store.ts";
import { HEALTH_REUSE_MS } from "../../server/health.ts";
import { readDeliveryConfig } from "../../server/delivery/config.ts";
import { SITE_URL, startLeadServer, type LeadServer } from "../support/lead-server.ts";

const LEADS = "/id/website/leads";
const NEWSLETTER = "/id/website/newsletter";

const lead: LeadBody = {
  firstName: "Zanele",
  lastName: "Okonkwo-Fairweather",
  email: "zanele.fairweather@example.org",
  companyName: "Quillfeather Clinics",
  contactNumber: "447700900123",
  description: "Tokenize our appointment notes before they reach the summariser.",
  termsAccepted: true,
};

let server: LeadServer;

afterEach(async () => {
  await server.close();
});

describe("POST /id/website/leads", () => {
  beforeEach(async () => {
    server = await startLeadServer();
  });

  it("answers 201 with an id once the lead is in the database, field for field", async () => {
    const response = await server.post(LEADS, lead, { "idempotency-key": "key-created-0001" });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const stored = await server.store.listLeads();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ ...lead, id, spam: false, spamReason: "" });
  });

  it("refuses a body that is not JSON with 415, and stores nothing", async () => {
    const asText = await server.post(LEADS, JSON.stringify(lead), { "content-type": "text/plain" });
    expect(asText.status).toBe(415);
    const asForm = await server.post(LEADS, "firstName=a", { "content-type": "application/x-www-form-urlencoded" });
    expect(asForm.status).toBe(415);
    expect(await asForm.json()).toEqual({ error: "Send the body as application/json" });
    expect(await server.store.listLeads()).toEqual([]);
  });

  it("refuses a body over the limit with 413", async () => {
    const response = await server.post(LEADS, { ...lead, description: "x".repeat(40_000) });
    expect(response.status).toBe(413);
    expect(await server.store.listLeads()).toEqual([]);
  });

  it("refuses malformed JSON with 400, not 500", async () => {
    const response = await server.post(LEADS, '{"firstName": ');
    expect(response.status).toBe(400);
  });

  it("answers 400 with the field messages, and refuses unknown fields", async () => {
    const response = await server.post(LEADS, { ...lead, firstName: "", termsAccepted: false, role: "admin" });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: "Some fields need attention",
      fields: { role: "Unknown field", firstName: LEAD_MESSAGES.firstName, termsAccepted: LEAD_MESSAGES.termsAccepted },
    });
    expect(await server.store.listLeads()).toEqual([]);
  });

  it("refuses cross-site posts with 403, and accepts our own origin", async () => {
    const crossSite = await server.post(LEADS, lead, { origin: "https://attacker.example" });
    expect(crossSite.status).toBe(403);
    const fetchMetadataOnly = await server.post(LEADS, lead, { "sec-fetch-site": "cross-site" });
    expect(fetchMetadataOnly.status).toBe(403);
    const nullOrigin = await server.post(LEADS, lead, { origin: "null" });
    expect(nullOrigin.status).toBe(403);
    expect(await server.store.listLeads()).toEqual([]);
    const ours = await server.post(LEADS, lead, { origin: SITE_URL, "sec-fetch-site": "same-origin" });
    expect(ours.status).toBe(201);
    const sameHost = await server.post(LEADS, { ...lead, email: "b@example.org" }, { origin: server.origin });
    expect(sameHost.status).toBe(201);
  });

  it("flags the honeypot and a too-fast form as spam, and stores both", async () => {
    expect((await server.post(LEADS, lead, { "x-form-trap": "https://spam.example" })).status).toBe(201);
    expect((await server.post(LEADS, { ...lead, email: "fast@example.org" }, { "x-form-fill-ms": "900" })).status).toBe(201);
    expect((await server.post(LEADS, { ...lead, email: "none@example.org" }, { "x-form-fill-ms": "" })).status).toBe(201);
    const stored = await server.store.listLeads();
    expect(stored.map((row) => [row.email, row.spam, row.spamReason])).toEqual([
      [lead.email, true, "honeypot"],
      ["fast@example.org", true, "too-fast"],
      ["none@example.org", true, "too-fast"],
    ]);
  });

  it("stores a retried lead once: same key and body answer with the same id", async () => {
    const headers = { "idempotency-key": "retry-key-000001" };
    const first = await server.post(LEADS, lead, headers);
    const second = await server.post(LEADS, lead, headers);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(await second.json()).toEqual(await first.json());
    expect(await server.store.listLeads()).toHaveLength(1);
  });

  it("refuses a key reused for a different body (422) and a malformed key (400)", async () => {
    await server.post(LEADS, lead, { "idempotency-key": "reused-key-0001" });
    const reused = await server.post(LEADS, { ...lead, description: "Something else" }, { "idempotency-key": "reused-key-0001" });
    expect(reused.status).toBe(422);
    const malformed = await server.post(LEADS, lead, { "idempotency-key": "no spaces allowed" });
    expect(malformed.status).toBe(400);
    expect(await server.store.listLeads()).toHaveLength(1);
  });

  it("answers 503 with Retry-After when storage fails, never 201", async () => {
    await server.store.close();
    const response = await server.post(LEADS, lead);
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("5");
  });

  it("logs no name, e-mail, phone number, company or message", async () => {
    await server.post(LEADS, lead, { "idempotency-key": "log-check-00001" });
    await server.post(LEADS, { ...lead, firstName: "" });
    await server.post(NEWSLETTER, { email: lead.email, consent: true });
    const log = server.logs.join("\n");
    expect(log).toContain("lead stored");
    for (const value of [lead.firstName, lead.lastName, lead.email, "zanele", lead.contactNumber, "7700900123", lead.companyName, "appointment notes"]) {
      expect(log.toLowerCase()).not.toContain(value.toLowerCase());
    }
  });
});

describe("GET /healthz", () => {
  const health = async () => {
    const response = await fetch(`${server.origin}/healthz`);
    return { status: response.status, cacheControl: response.headers.get("cache-control"), retryAfter: response.headers.get("retry-after"), body: await response.text() };
  };
  // Past the time one storage check answers for, so the next request asks again.
  const pastReuse = () => new Promise((resolve) => setTimeout(resolve, HEALTH_REUSE_MS + 100));

  it("says only that the service is up, the same before and after newsletter sign-ups (requirement LEAD-14)", async () => {
    // A mail server that never answers, so every confirmation e-mail stays queued in the outbox.
    server = await startLeadServer({ delivery: readDeliveryConfig({ SMTP_URL: "smtp://127.0.0.1:9", MAIL_FROM: "web@veilvault.example" }) });
    const before = await health();
    expect(before).toEqual({ status: 200, cacheControl: "no-store", retryAfter: null, body: '{"status":"ok"}' });
    for (const email of ["first@example.org", "second@example.org"]) {
      expect((await server.post(NEWSLETTER, { email, consent: true })).status).toBe(201);
    }
    // The sign-ups did queue confirmations: a figure about the outbox would have told.
    expect((await server.store.outboxStats(new Date())).pending).toBeGreaterThan(0);
    await pastReuse();
    expect(await health()).toEqual(before);
  });

  it("answers 503 with Retry-After once storage is closed (requirement LEAD-14)", async () => {
    server = await startLeadServer();
    expect((await health()).status).toBe(200);
    await server.store.close();
    await pastReuse();
    expect(await health()).toEqual({ status: 503, cacheControl: "no-store", retryAfter: "5", body: '{"status":"unavailable"}' });
  });

  it("asks storage once for a burst of requests (requirement LEAD-14)", async () => {
    server = await startLeadServer();
    const ping = vi.spyOn(server.store, "ping");
    const answers = await Promise.all(Array.from({ length: 50 }, () => health()));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(ping).toHaveBeenCalledTimes(1);
    await pastReuse();
    await health();
    expect(ping).toHaveBeenCalledTimes(2);
  });
});

describe("rate limit", () => {
  beforeEach(async () => {
    server = await startLeadServer({ ratePerMinute: 3 });
  });

  it("answers 429 with Retry-After past the per-IP limit", async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      statuses.push((await server.post(LEADS, { ...lead, email: `n${attempt}@example.org` })).status);
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
    const limited = await server.post(LEADS, lead);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await server.store.listLeads()).toHaveLength(3);
  });
});

describe("configured origins", () => {
  beforeEach(async () => {
    server = await startLeadServer({ allowedOrigins: ["https://www.veilvault.example"] });
  });

  it("accepts a post from an origin named in LEADS_ALLOWED_ORIGINS", async () => {
    const response = await server.post(LEADS, lead, { origin: "https://www.veilvault.example" });
    expect(response.status).toBe(201);
  });
});

describe("POST /id/website/newsletter", () => {
  beforeEach(async () => {
    server = await startLeadServer();
  });

  it("stores the address, the consent version and the time, once per address", async () => {
    expect((await server.post(NEWSLETTER, { email: "reader@example.org", consent: true })).status).toBe(201);
    expect((await server.post(NEWSLETTER, { email: "READER@example.org", consent: true })).status).toBe(201);
    const subscribers = await server.store.listSubscribers();
    expect(subscribers).toHaveLength(1);
    // Pending until the address is confirmed (requirement LEAD-16).
    expect(subscribers[0]).toMatchObject({ email: "reader@example.org", consentVersion: NEWSLETTER_CONSENT_VERSION, status: "pending", confirmedAt: null });
    expect(Date.parse(subscribers[0]!.createdAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("needs a valid address and the consent box", async () => {
    const noConsent = await server.post(NEWSLETTER, { email: "reader@example.org", consent: false });
    expect(noConsent.status).toBe(400);
    const badEmail = await server.post(NEWSLETTER, { email: "reader", consent: true });
    expect(badEmail.status).toBe(400);
    expect(await server.store.listSubscribers()).toEqual([]);
  });
});

describe("the SQLite file", () => {
  beforeEach(async () => {
    server = await startLeadServer();
  });

  it("is readable by its owner only, in WAL mode with synchronous FULL", async () => {
    await server.post(LEADS, lead);
    const file = join(server.dataDir, DATABASE_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(`${file}-wal`).mode & 0o777).toBe(0o600);
    const db = new DatabaseSync(file, { readOnly: true });
    expect(db.prepare("PRAGMA journal_mode").get()).toMatchObject({ journal_mode: "wal" });
    db.close();
    const probe = await SqliteLeadStore.open(server.dataDir);
    // Reopening runs no migration twice and sees the committed lead.
    expect(await probe.listLeads()).toHaveLength(1);
    await probe.close();
  });
});

describe("npm run leads", () => {
  // Each test starts the CLI as its own Node process: seconds on a busy machine.
  vi.setConfig({ testTimeout: 30_000 });
  beforeEach(async () => {
    server = await startLeadServer();
  });

  const run = (args: string[]) =>
    promisify(execFile)(process.execPath, ["server/cli/leads.ts", ...args], { env: { ...process.env, DATA_DIR: server.dataDir } });

  it("exports leads as CSV and JSON, with --since", async () => {
    await server.post(LEADS, lead);
    await server.post(LEADS, { ...lead, email: "second@example.org", description: '=HYPERLINK("x"), with "quotes"' });
    const csv = (await run(["export", "--format", "csv"])).stdout.split("\r\n");
    expect(csv[0]).toBe("id,createdAt,firstName,lastName,email,companyName,contactNumber,description,termsAccepted,spam,spamReason");
    expect(csv).toHaveLength(4);
    expect(csv[2]).toContain(`"'=HYPERLINK(""x""), with ""quotes"""`);
    const json = JSON.parse((await run(["export", "--format", "json"])).stdout) as LeadBody[];
    expect(json.map((row) => row.email)).toEqual([lead.email, "second@example.org"]);
    const future = JSON.parse((await run(["export", "--format", "json", "--since", "2999-01-01"])).stdout) as unknown[];
    expect(future).toEqual([]);
  });

  it("exports the newsletter's consent records: status, sign-up, confirmation and unsubscribe times, policy version", async () => {
    await server.post(NEWSLETTER, { email: "reader@example.org", consent: true });
    const csv = (await run(["export", "--format", "csv", "--newsletter"])).stdout.split("\r\n");
    expect(csv[0]).toBe("id,email,status,consentVersion,createdAt,signedUpAt,confirmedAt,unsubscribedAt,history");
    expect(csv[1]).toMatch(
      new RegExp(`^[0-9a-f-]{36},reader@example\\.org,pending,${NEWSLETTER_CONSENT_VERSION},[^,]+Z,([^,]+Z),,,signed-up \\1 ${NEWSLETTER_CONSENT_VERSION}$`),
    );
  });

  it("erases every lead and sign-up for an address", async () => {
    await server.post(LEADS, lead);
    await server.post(LEADS, { ...lead, description: "A second message" });
    await server.post(LEADS, { ...lead, email: "keep@example.org" });
    await server.post(NEWSLETTER, { email: lead.email, consent: true });
    const { stdout } = await run(["delete", "--email", lead.email.toUpperCase()]);
    expect(stdout).toContain("Erased 2 lead(s), 1 newsletter sign-up(s) and 0 Trust Center request(s)");
    expect((await server.store.listLeads()).map((row) => row.email)).toEqual(["keep@example.org"]);
    expect(await server.store.listSubscribers()).toEqual([]);
  });

  it("prune deletes leads past LEAD_RETENTION_DAYS and keeps newer leads and newsletter sign-ups", async () => {
    await server.post(LEADS, lead);
    await server.post(LEADS, { ...lead, email: "recent@example.org" });
    await server.post(NEWSLETTER, { email: lead.email, consent: true });
    // Age the first lead past the retention period, as time would.
    const db = new DatabaseSync(join(server.dataDir, DATABASE_FILE));
    db.prepare("UPDATE leads SET created_at = ? WHERE email = ?").run(new Date(Date.now() - 31 * 24 * 60 * 60 * 1000).toISOString(), lead.email);
    db.close();
    const { stdout } = await promisify(execFile)(process.execPath, ["server/cli/leads.ts", "prune"], {
      env: { ...process.env, DATA_DIR: server.dataDir, LEAD_RETENTION_DAYS: "30" },
    });
    expect(stdout).toContain(
      "Deleted 1 lead(s) older than 30 days, 0 spam-flagged lead(s) older than 30 days, 0 newsletter sign-up(s) never confirmed, 0 Trust Center request(s) older than 730 days, and 0 delivered job(s) older than 7 days.",
    );
    expect((await server.store.listLeads()).map((row) => row.email)).toEqual(["recent@example.org"]);
    expect(await server.store.listSubscribers()).toHaveLength(1);
  });

  it("refuses an unknown format", async () => {
    await expect(run(["export", "--format", "xml"])).rejects.toMatchObject({ code: 2 });
  });
});
