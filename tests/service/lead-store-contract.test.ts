import { randomBytes, randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import Fastify from "fastify";
import pg from "pg";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { LeadBody } from "../../common/lead-fields.ts";
import { PostgresLeadStore } from "../../server/db/postgres/store.ts";
import { DATABASE_FILE, SqliteLeadStore } from "../../server/db/sqlite/store.ts";
import type { ConfirmationCaps, NewTrustRequest, RetentionCutoffs, SignUp, TrustRequestCaps } from "../../server/db/store.ts";
import type { LeadStore } from "../../server/db/lead-store.ts";
import { type NewJob } from "../../server/db/outbox-records.ts";
import { canonicalMailbox } from "../../server/lib/mailbox.ts";
import type { TrafficView } from "../../server/db/traffic-store.ts";
import { TrafficCounter } from "../../server/analytics/counter.ts";
import { LEAD_STORE_TABLES, ownPostgresDatabase } from "../support/postgres-database.ts";
import { CONFIRMATION_VALID_MS, tokenHash, UNSUBSCRIBE_LINK_VALID_MS } from "../../server/lib/link-tokens.ts";
import type { LeadPageQuery } from "../../server/db/repositories/leads.ts";

/**
 * One contract, every backend: SQLite always; PostgreSQL when TEST_DATABASE_URL
 * names one (`.ci/run` starts it with scripts/tools/test-postgres.sh).
 */
interface Backend {
  open: () => Promise<LeadStore>;
  /** Moves a lead's arrival back in time, as the days passing would. */
  age: (email: string, days: number) => Promise<void>;
  /** Runs a statement on the database directly, as a person with the file or a login could. */
  raw: (sql: string) => Promise<void>;
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
    raw: (sql) => {
      const db = new DatabaseSync(join(dir, DATABASE_FILE));
      try {
        db.exec(sql);
        return Promise.resolve();
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      } finally {
        db.close();
      }
    },
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
}

async function postgresBackend(url: string): Promise<Backend> {
  const admin = new pg.Client(url);
  await admin.connect();
  await admin.query(`DROP TABLE IF EXISTS ${LEAD_STORE_TABLES}`);
  return {
    open: () => PostgresLeadStore.open(url),
    age: async (email, days) => {
      await admin.query("UPDATE leads SET created_at = now() - make_interval(days => $1) WHERE email = $2", [days, email]);
    },
    raw: async (sql) => {
      await admin.query(sql);
    },
    cleanup: () => admin.end(),
  };
}

const backends: [string, () => Promise<Backend>][] = [["SQLite", sqliteBackend]];
const postgresUrl = await ownPostgresDatabase();
if (postgresUrl) backends.push(["PostgreSQL", () => postgresBackend(postgresUrl)]);

const noCaps: ConfirmationCaps = { perDomainPerHour: 1000, perHour: 1000 };

/** A sign-up at `now` with links whose hashes are those of "confirm-<email>" and "unsubscribe-<email>". */
function signUp(
  email: string,
  now = new Date(),
  jobs: NewJob[] = [{ channel: "confirmation-email", event: "newsletter.signup" }],
  caps: ConfirmationCaps = noCaps,
): SignUp {
  return {
    email,
    mailbox: canonicalMailbox(email),
    consentVersion: "v1",
    now,
    confirmTokenHash: tokenHash(`confirm-${email}-${now.getTime()}`),
    confirmExpiresAt: new Date(now.getTime() + CONFIRMATION_VALID_MS),
    unsubscribeTokenHash: tokenHash(`unsubscribe-${email}-${now.getTime()}`),
    unsubscribeExpiresAt: new Date(now.getTime() + UNSUBSCRIBE_LINK_VALID_MS),
    jobs,
    caps,
  };
}

/** The id of a sign-up that was stored. */
function idOf(result: Awaited<ReturnType<LeadStore["signUp"]>>): string {
  if (!("id" in result) || !result.id) throw new Error(`no id: ${JSON.stringify(result)}`);
  return result.id;
}

/** Retention at `now` with these ages in days (the unconfirmed cutoff is 72 hours, delivered jobs a week). */
function cutoffs(now: Date, leadDays = 365, spamLeadDays = 30): RetentionCutoffs {
  const days = (count: number) => new Date(now.getTime() - count * 86_400_000);
  return { leadsBefore: days(leadDays), spamLeadsBefore: days(spamLeadDays), unconfirmedBefore: days(3), trustRequestsBefore: days(730), deliveredJobsBefore: days(7), auditBefore: days(400) };
}

const webhookJob: NewJob[] = [{ channel: "webhook", event: "lead.created" }];
const bothJobs: NewJob[] = [
  { channel: "sales-email", event: "lead.created" },
  { channel: "webhook", event: "lead.created" },
];
const schedule = (minutes: number) => new Date(Date.now() + minutes * 60_000);

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
    const first = await store.signUp(signUp("Reader@Example.org"));
    const second = await store.signUp(signUp("reader@example.org"));
    expect(first.outcome).toBe("queued");
    // Moments later, no second confirmation: a flood of sign-ups cannot flood the inbox.
    expect(second).toEqual({ id: idOf(first), outcome: "recently-queued" });
    expect(await store.listSubscribers()).toMatchObject([{ email: "Reader@Example.org", consentVersion: "v1", status: "pending" }]);
    expect((await store.outboxStats(new Date())).pending).toBe(1);
  });

  // LEAD-16: double opt-in, single-use links, the consent record.
  it("confirms a sign-up once by its link within 72 hours, and records when", async () => {
    const start = new Date();
    const id = idOf(await store.signUp(signUp("reader@example.org", start)));
    const hash = tokenHash(`confirm-reader@example.org-${start.getTime()}`);
    const at = new Date(start.getTime() + 60_000);
    const told: NewJob[] = [{ channel: "webhook", event: "newsletter.confirmed" }];
    expect(await store.confirmSubscriber(hash, at, told)).toEqual({ status: "done", id });
    expect(await store.confirmSubscriber(hash, at, told)).toEqual({ status: "invalid" });
    expect(await store.getSubscriber(id)).toMatchObject({ status: "confirmed", confirmedAt: at.toISOString(), signedUpAt: start.toISOString() });
    // Confirmed: signing up again changes nothing and sends nothing.
    expect(await store.signUp(signUp("reader@example.org", new Date(start.getTime() + 3_600_000)))).toEqual({ id, outcome: "already-confirmed" });
    expect((await store.listJobs({ dead: false })).map((job) => job.event).sort()).toEqual(["newsletter.confirmed", "newsletter.signup"]);
  });

  it("refuses an expired confirmation link, and a new sign-up after it sends fresh links", async () => {
    const start = new Date(Date.now() - CONFIRMATION_VALID_MS - 60_000);
    const id = idOf(await store.signUp(signUp("late@example.org", start)));
    expect(await store.confirmSubscriber(tokenHash(`confirm-late@example.org-${start.getTime()}`), new Date(), [])).toEqual({ status: "invalid" });
    const again = new Date();
    expect(await store.signUp(signUp("late@example.org", again))).toEqual({ id, outcome: "queued" });
    expect(await store.confirmSubscriber(tokenHash(`confirm-late@example.org-${again.getTime()}`), new Date(), [])).toEqual({ status: "done", id });
  });

  it("unsubscribes by the link once, records when, and takes a new sign-up afterwards", async () => {
    const start = new Date();
    const id = idOf(await store.signUp(signUp("leaver@example.org", start)));
    const hash = tokenHash(`unsubscribe-leaver@example.org-${start.getTime()}`);
    const at = new Date(start.getTime() + 5_000);
    const told: NewJob[] = [{ channel: "webhook", event: "newsletter.unsubscribed" }];
    expect(await store.unsubscribe(hash, at, told)).toEqual({ status: "done", id });
    // Pressed again: the same page, and nothing written twice.
    expect(await store.unsubscribe(hash, at, told)).toEqual({ status: "done", id });
    expect((await store.listJobs({ dead: false })).filter((job) => job.event === "newsletter.unsubscribed")).toHaveLength(1);
    expect(await store.unsubscribe(tokenHash("unknown"), at, [])).toEqual({ status: "invalid" });
    expect(await store.getSubscriber(id)).toMatchObject({ status: "unsubscribed", unsubscribedAt: at.toISOString() });
    // The used confirmation link no longer confirms an unsubscribed address.
    expect(await store.confirmSubscriber(tokenHash(`confirm-leaver@example.org-${start.getTime()}`), at, [])).toEqual({ status: "invalid" });
    // Past the inbox's 10 minutes, a new sign-up is taken.
    expect((await store.signUp(signUp("leaver@example.org", new Date(start.getTime() + 11 * 60_000)))).outcome).toBe("queued");
  });

  // LEAD-17: the outbox.
  it("writes a new lead's jobs with it, and none for a replay", async () => {
    const saved = await store.saveLead(lead, { idempotencyKey: "outbox-key-1", jobs: bothJobs });
    await store.saveLead(lead, { idempotencyKey: "outbox-key-1", jobs: bothJobs });
    const jobs = await store.listJobs({ dead: false });
    expect(jobs.map((job) => [job.channel, job.event, job.subjectId, job.attempts]).sort()).toEqual([
      ["sales-email", "lead.created", saved.status === "created" ? saved.id : "", 0],
      ["webhook", "lead.created", saved.status === "created" ? saved.id : "", 0],
    ]);
    expect(new Set(jobs.map((job) => job.id)).size).toBe(2);
    expect(jobs.every((job) => /^msg_[0-9a-f]{32}$/.test(job.id))).toBe(true);
  });

  it("claims each due job once until its lease ends, for the channels asked, counting attempts", async () => {
    await store.saveLead(lead, { jobs: bothJobs });
    const now = new Date();
    const [webhook, ...rest] = await store.claimJobs(["webhook"], 10, now, schedule(1));
    expect(rest).toEqual([]);
    expect(webhook).toMatchObject({ channel: "webhook", attempts: 1 });
    expect(await store.claimJobs(["webhook"], 10, now, schedule(1))).toEqual([]);
    // A deliverer that died: once the lease has ended, the job is claimed again.
    const later = await store.claimJobs(["webhook", "sales-email"], 10, schedule(2), schedule(3));
    expect(later.map((job) => [job.channel, job.attempts]).sort()).toEqual([
      ["sales-email", 1],
      ["webhook", 2],
    ]);
  });

  it("makes a lead's job due at the very millisecond the store says it was created", async () => {
    // PostgreSQL's now() has microseconds, a JavaScript Date milliseconds: a job
    // stamped .123456 was not yet due for a claim at .123 taken straight after the
    // commit, and waited a poll; CI once saw 19 of 20 jobs claimed for this.
    await store.saveLead(lead, { jobs: webhookJob });
    const [job] = await store.listJobs({ dead: false });
    expect(await store.claimJobs(["webhook"], 5, new Date(job!.createdAt), schedule(1))).toHaveLength(1);
  });

  it("never hands one job to two claims at the same moment", async () => {
    for (let index = 0; index < 20; index += 1) await store.saveLead({ ...lead, email: `many-${index}@example.org` }, { jobs: webhookJob });
    const now = new Date();
    const claims = await Promise.all(Array.from({ length: 6 }, () => store.claimJobs(["webhook"], 5, now, schedule(1))));
    const ids = claims.flat().map((job) => job.id);
    expect(ids).toHaveLength(20);
    expect(new Set(ids).size).toBe(20);
  });

  it("records a delivery, a retry at its time, and a dead letter; retry revives it", async () => {
    await store.signUp(signUp("jobs@example.org"));
    await store.saveLead(lead, { jobs: bothJobs });
    const now = new Date();
    const jobs = await store.claimJobs(["confirmation-email", "webhook", "sales-email"], 10, now, schedule(1));
    const byChannel = Object.fromEntries(jobs.map((job) => [job.channel, job]));
    await store.finishJob(byChannel["confirmation-email"]!.id, { status: "delivered" }, now);
    await store.finishJob(byChannel.webhook!.id, { status: "retry", retryAt: schedule(5).toISOString(), error: "the webhook answered 500" }, now);
    await store.finishJob(byChannel["sales-email"]!.id, { status: "dead", error: "550 mailbox unavailable" }, now);
    expect(await store.claimJobs(["webhook"], 10, schedule(1), schedule(2))).toEqual([]);
    expect((await store.claimJobs(["webhook"], 10, schedule(6), schedule(7))).map((job) => job.attempts)).toEqual([2]);
    const dead = await store.listJobs({ dead: true });
    expect(dead).toMatchObject([{ channel: "sales-email", status: "dead", lastError: "550 mailbox unavailable" }]);
    expect(await store.outboxStats(now)).toMatchObject({ pending: 1, dead: 1 });
    expect(await store.retryJobs("all-dead", now)).toBe(1);
    expect((await store.claimJobs(["sales-email"], 10, now, schedule(1))).map((job) => job.attempts)).toEqual([1]);
    // Delivered jobs are pruned after their time; pending ones never are.
    const weekLater = new Date(now.getTime() + 8 * 86_400_000);
    expect((await store.sweepRetention({ ...cutoffs(now), deliveredJobsBefore: schedule(1) })).jobs).toBe(1);
    expect((await store.sweepRetention({ ...cutoffs(weekLater), unconfirmedBefore: now })).jobs).toBe(0);
  });

  it("reports the outbox's depth and the age of its oldest pending job", async () => {
    expect(await store.outboxStats(new Date())).toEqual({ pending: 0, dead: 0, oldestPendingSeconds: 0 });
    await store.saveLead(lead, { jobs: webhookJob });
    const stats = await store.outboxStats(schedule(2));
    expect(stats.pending).toBe(1);
    expect(stats.oldestPendingSeconds).toBeGreaterThanOrEqual(119);
    expect(stats.oldestPendingSeconds).toBeLessThan(200);
  });

  it("revives one job by its id with a fresh count of attempts, never a delivered one; a late outcome changes no dead letter", async () => {
    await store.saveLead(lead, { jobs: bothJobs });
    const now = new Date();
    const [first, second] = await store.claimJobs(["sales-email", "webhook"], 10, now, schedule(1));
    await store.finishJob(first!.id, { status: "dead", error: "550 5.1.1 <amara@example.org>: Recipient address rejected" }, now);
    await store.finishJob(second!.id, { status: "delivered" }, now);
    await store.finishJob(first!.id, { status: "retry", retryAt: schedule(5).toISOString(), error: "late" }, now);
    const [dead, ...none] = await store.listJobs({ dead: true });
    expect(none).toEqual([]);
    // LEAD-29: the stored error names no address.
    expect(dead).toMatchObject({ id: first!.id, status: "dead", attempts: 1 });
    expect(dead!.lastError).toContain("Recipient address rejected");
    expect(dead!.lastError).not.toContain("amara");
    expect(await store.retryJobs({ id: second!.id }, now)).toBe(0);
    expect(await store.retryJobs({ id: "msg_unknown" }, now)).toBe(0);
    expect(await store.retryJobs({ id: first!.id }, now)).toBe(1);
    expect(await store.listJobs({ dead: true })).toEqual([]);
    expect(await store.listJobs({ dead: false })).toMatchObject([{ id: first!.id, status: "pending", attempts: 0, nextAttemptAt: now.toISOString() }]);
    expect(await store.outboxStats(now)).toMatchObject({ pending: 1, dead: 0 });
    expect(await store.claimJobs([], 10, now, schedule(1))).toEqual([]);
    expect(await store.claimJobs(["sales-email", "webhook"], 10, now, schedule(1))).toMatchObject([{ id: first!.id, attempts: 1 }]);
  });

  // OPS-10: how often a limit acted, for the console's delivery page.
  it("adds up the limits reached a day and a kind, newest day first, and forgets the days past keeping", async () => {
    await store.recordCapHits("2026-03-01", [{ kind: "trust-digest", count: 2 }, { kind: "newsletter-paced", count: 1 }], "2026-02-01");
    await store.recordCapHits("2026-03-01", [{ kind: "trust-digest", count: 3 }, { kind: "source-limit-lead", count: 0 }], "2026-02-01");
    await store.recordCapHits("2026-03-02", [{ kind: "console-form-refused", count: 4 }], "2026-02-01");
    expect(await store.listCapHits("2026-03-01")).toEqual([
      { day: "2026-03-02", kind: "console-form-refused", count: 4 },
      { day: "2026-03-01", kind: "newsletter-paced", count: 1 },
      { day: "2026-03-01", kind: "trust-digest", count: 5 },
    ]);
    expect(await store.listCapHits("2026-03-02")).toHaveLength(1);
    // Instances adding at once, their kinds in any order, lose no count.
    const kinds = ["source-limit-trust", "source-limit-newsletter", "trust-digest"] as const;
    await Promise.all(
      Array.from({ length: 8 }, (_, index) => store.recordCapHits("2026-03-02", (index % 2 ? [...kinds].reverse() : kinds).map((kind) => ({ kind, count: 1 })), "2026-02-01")),
    );
    expect((await store.listCapHits("2026-03-02")).map((hit) => [hit.kind, hit.count])).toEqual([
      ["console-form-refused", 4],
      ["source-limit-newsletter", 8],
      ["source-limit-trust", 8],
      ["trust-digest", 8],
    ]);
    await store.recordCapHits("2026-03-03", [], "2026-03-02");
    expect((await store.listCapHits("2026-01-01")).map((hit) => hit.day)).not.toContain("2026-03-01");
  });

  it("erases every lead and sign-up of an address, and prunes only leads past retention", async () => {
    await store.saveLead(lead, {});
    await store.saveLead({ ...lead, email: "old@example.org" }, {});
    await store.saveLead({ ...lead, email: "keep@example.org" }, {});
    await store.signUp(signUp("old@example.org"));
    await backend.age("old@example.org", 400);
    expect((await store.sweepRetention({ ...cutoffs(new Date()), unconfirmedBefore: new Date(0) })).leads).toBe(1);
    expect(await store.eraseMailbox("AMARA@example.org", [], new Date())).toEqual({ leads: 1, subscribers: 0, trustRequests: 0, jobs: 0 });
    expect((await store.listLeads()).map((row) => row.email)).toEqual(["keep@example.org"]);
    expect(await store.listSubscribers()).toHaveLength(1);
    expect(await store.listLeads({ since: new Date(Date.now() + 60_000) })).toEqual([]);
  });

  it("erases an address's pending jobs and sign-up links with it, and prunes a pruned lead's jobs", async () => {
    await store.saveLead({ ...lead, email: "Erase@Example.org" }, { jobs: bothJobs });
    await store.saveLead({ ...lead, email: "keep@example.org" }, { jobs: webhookJob });
    const start = new Date();
    await store.signUp(signUp("erase@example.org", start));
    expect(await store.eraseMailbox("erase@example.org", [], new Date())).toEqual({ leads: 1, subscribers: 1, trustRequests: 0, jobs: 3 });
    expect(await store.confirmSubscriber(tokenHash(`confirm-erase@example.org-${start.getTime()}`), new Date(), [])).toEqual({ status: "invalid" });
    expect((await store.listJobs({ dead: false })).length).toBe(1);
    await backend.age("keep@example.org", 400);
    expect((await store.sweepRetention(cutoffs(new Date()))).leads).toBe(1);
    expect(await store.listJobs({ dead: false })).toEqual([]);
  });

  // LEAD-25: an erasure names its rows in statements of at most 500 ids, so a flooded mailbox is erased whole on both backends.
  it("erases a mailbox with more leads and jobs than one statement names, and nothing of another", async () => {
    const count = 1_100;
    await Promise.all(
      Array.from({ length: count }, (_, index) => store.saveLead({ ...lead, email: index % 2 ? "Flood@Example.org" : "flood@example.org" }, { jobs: webhookJob })),
    );
    await store.saveLead({ ...lead, email: "keep@example.org" }, { jobs: webhookJob });
    const removed = await store.eraseMailbox("FLOOD@example.org", [{ channel: "webhook", event: "person.erased" }], new Date());
    expect(removed).toEqual({ leads: count, subscribers: 0, trustRequests: 0, jobs: count });
    expect((await store.listLeads()).map((row) => row.email)).toEqual(["keep@example.org"]);
    const jobs = await store.listJobs({ dead: false });
    expect(jobs.map((job) => job.event).sort()).toEqual(["lead.created", "person.erased"]);
    expect((jobs.find((job) => job.event === "person.erased")?.payload as { leads: string[] }).leads).toHaveLength(count);
  });

  // LEAD-23: one mailbox, one record and one confirmation per 10 minutes, whatever the spelling.
  it("keeps one record per mailbox and one confirmation per inbox, across case, IDN forms and plus-tags", async () => {
    const start = new Date();
    const first = idOf(await store.signUp(signUp("José.Núñez@EXÁMPLE.com", start)));
    expect(await store.signUp(signUp("josé.núñez@exámple.com", new Date(start.getTime() + 1_000)))).toEqual({ id: first, outcome: "recently-queued" });
    expect(await store.signUp(signUp("JOSé.NúñEZ@xn--exmple-qta.com", new Date(start.getTime() + 2_000)))).toEqual({ id: first, outcome: "recently-queued" });
    // Another mailbox of the same inbox: its own record, but no second e-mail within the 10 minutes.
    expect(await store.signUp(signUp("josé.núñez+news@exámple.com", new Date(start.getTime() + 3_000)))).toEqual({ outcome: "recently-queued" });
    expect(await store.listSubscribers()).toHaveLength(1);
    expect((await store.outboxStats(new Date())).pending).toBe(1);
  });

  // LEAD-30: the key lower-cases ASCII letters only, so a lookalike is its own mailbox and never takes another's place.
  it("keeps a lookalike address (long s, sharp s, dotless i, upper-case non-ASCII) a mailbox of its own", async () => {
    const start = new Date();
    const real = idOf(await store.signUp(signUp("ross.reader@example.org", start)));
    const lookalikes = ["ro\u017f\u017f.reader@example.org", "ro\u00df.reader@example.org", "r\u0131oss.reader@example.org", "ROSS.READER@EXAMPLE.ORG".replace("O", "\u00d3")];
    for (const email of lookalikes) {
      const outcome = await store.signUp(signUp(email, new Date(start.getTime() + 1_000)));
      expect(outcome.outcome, email).toBe("queued");
      expect("id" in outcome && outcome.id, email).not.toBe(real);
    }
    const stored = await store.listSubscribers();
    expect(stored.map((subscriber) => subscriber.email).sort()).toEqual(["ross.reader@example.org", ...lookalikes].sort());
    expect(stored.find((subscriber) => subscriber.id === real)?.status).toBe("pending");
  });

  // LEAD-31: past a cap a sign-up is stored all the same, and its e-mail waits its turn.
  it("stores every sign-up past the hourly caps and paces their confirmations, per recipient domain and in all", async () => {
    const caps = { perDomainPerHour: 2, perHour: 3 };
    const now = new Date();
    const hour = 3_600_000;
    const paced: (string | undefined)[] = [];
    for (const email of ["a@one.example", "b@one.example", "c@one.example", "d@two.example", "e@three.example", "f@four.example"]) {
      const outcome = await store.signUp(signUp(email, now, undefined, caps));
      expect(outcome.outcome, email).toBe("queued");
      paced.push("pacedUntil" in outcome ? outcome.pacedUntil : undefined);
    }
    // A pace lets its cap go at once, then one every hour / cap: one.example's third waits half an hour (two an hour);
    // with three gone in all, the others follow one every 20 minutes (three an hour), each after the one before.
    const after = (ms: number) => new Date(now.getTime() + ms).toISOString();
    expect(paced).toEqual([undefined, undefined, after(hour / 2), after(hour / 3), after((2 * hour) / 3), after(hour)]);
    expect(await store.listSubscribers()).toHaveLength(6);
    // Each e-mail is due at its turn, and its confirmation link lasts 72 hours from then.
    const jobs = await store.listJobs({ dead: false });
    expect(jobs.map((job) => job.nextAttemptAt).sort()).toEqual([now.toISOString(), now.toISOString(), ...paced.slice(2)].sort());
    expect(await store.claimJobs(["confirmation-email"], 10, new Date(now.getTime() + 1_000), new Date(now.getTime() + 60_000))).toHaveLength(2);
    // Without mail, nothing is sent, so nothing waits.
    const unmailed = await store.signUp(signUp("g@one.example", now, [], caps));
    expect(unmailed.outcome === "queued" && unmailed.pacedUntil).toBeFalsy();
    // After a quiet spell the pace is back: mailed at once.
    const later = await store.signUp(signUp("h@one.example", new Date(now.getTime() + 3 * hour), undefined, caps));
    expect(later.outcome === "queued" && later.pacedUntil).toBeFalsy();
  });

  // LEAD-23, LEAD-31 under load: sign-ups, link presses and paced e-mails racing on several connections.
  it("queues one confirmation for sign-ups of one inbox arriving at once", async () => {
    const now = new Date();
    const spellings = ["Racer@Example.org", "racer@example.org", "RACER@EXAMPLE.ORG", "racer@EXAMPLE.org", "rAcer@example.org", "racer+news@example.org"];
    const outcomes = await Promise.all(spellings.map((email) => store.signUp(signUp(email, now))));
    expect(outcomes.filter((outcome) => outcome.outcome === "queued")).toHaveLength(1);
    expect((await store.listJobs({ dead: false })).filter((job) => job.channel === "confirmation-email")).toHaveLength(1);
    expect(await store.listSubscribers()).toHaveLength(1);
  });

  it("gives each of many sign-ups at once its own paced turn", async () => {
    const caps = { perDomainPerHour: 100, perHour: 2 };
    const now = new Date();
    const outcomes = await Promise.all(Array.from({ length: 8 }, (_, index) => store.signUp(signUp(`paced-${index}@domain-${index}.example`, now, undefined, caps))));
    const turns = outcomes.map((outcome) => (outcome.outcome === "queued" ? (outcome.pacedUntil ?? now.toISOString()) : "not queued"));
    // Two at once, then one every half hour, each after the one before: no turn given twice.
    const after = (minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();
    expect(turns.sort()).toEqual([now.toISOString(), now.toISOString(), after(30), after(60), after(90), after(120), after(150), after(180)]);
  });

  it("confirms once and unsubscribes once however many presses of a link arrive at once", async () => {
    const start = new Date();
    const id = idOf(await store.signUp(signUp("presser@example.org", start)));
    const at = new Date(start.getTime() + 1_000);
    const confirm = tokenHash(`confirm-presser@example.org-${start.getTime()}`);
    const confirmed = await Promise.all(Array.from({ length: 6 }, () => store.confirmSubscriber(confirm, at, [{ channel: "webhook", event: "newsletter.confirmed" }])));
    expect(confirmed.filter((result) => result.status === "done")).toEqual([{ status: "done", id }]);
    const unsubscribe = tokenHash(`unsubscribe-presser@example.org-${start.getTime()}`);
    const left = await Promise.all(Array.from({ length: 6 }, () => store.unsubscribe(unsubscribe, at, [{ channel: "webhook", event: "newsletter.unsubscribed" }])));
    expect(left).toEqual(Array.from({ length: 6 }, () => ({ status: "done", id })));
    expect((await store.getSubscriber(id))?.history.map((event) => event.kind)).toEqual(["signed-up", "confirmed", "unsubscribed"]);
    expect((await store.listJobs({ dead: false })).map((job) => job.event).sort()).toEqual(["newsletter.confirmed", "newsletter.signup", "newsletter.unsubscribed"]);
  });

  // LEAD-27: consent as an append-only record.
  it("keeps the whole consent history: a new sign-up after unsubscribing hides neither the confirmation nor the withdrawal", async () => {
    const start = new Date(Date.now() - 3_600_000);
    const id = idOf(await store.signUp(signUp("history@example.org", start)));
    const confirmedAt = new Date(start.getTime() + 60_000);
    const leftAt = new Date(start.getTime() + 120_000);
    await store.confirmSubscriber(tokenHash(`confirm-history@example.org-${start.getTime()}`), confirmedAt, []);
    await store.unsubscribe(tokenHash(`unsubscribe-history@example.org-${start.getTime()}`), leftAt, []);
    const again = new Date();
    expect(await store.signUp(signUp("history@example.org", again))).toEqual({ id, outcome: "queued" });
    expect(await store.getSubscriber(id)).toMatchObject({
      status: "pending",
      confirmedAt: confirmedAt.toISOString(),
      unsubscribedAt: leftAt.toISOString(),
      history: [
        { kind: "signed-up", at: start.toISOString(), consentVersion: "v1" },
        { kind: "confirmed", at: confirmedAt.toISOString(), consentVersion: "" },
        { kind: "unsubscribed", at: leftAt.toISOString(), consentVersion: "" },
        { kind: "signed-up", at: again.toISOString(), consentVersion: "v1" },
      ],
    });
  });

  // LEAD-28: bounded data, confirmations first.
  it("prunes sign-ups never confirmed after 72 hours and spam-flagged leads sooner, keeping confirmed ones", async () => {
    const old = new Date(Date.now() - 4 * 86_400_000);
    const kept = idOf(await store.signUp(signUp("confirmed@example.org", old)));
    await store.confirmSubscriber(tokenHash(`confirm-confirmed@example.org-${old.getTime()}`), new Date(old.getTime() + 1_000), []);
    const stale = idOf(await store.signUp(signUp("never@example.org", old)));
    await store.signUp(signUp("fresh@example.org"));
    await store.saveLead({ ...lead, email: "spam@example.org" }, { spamReason: "too-fast" });
    await store.saveLead({ ...lead, email: "real@example.org" }, {});
    await backend.age("spam@example.org", 31);
    await backend.age("real@example.org", 31);
    expect(await store.sweepRetention(cutoffs(new Date()))).toEqual({ leads: 0, spamLeads: 1, unconfirmed: 1, trustRequests: 0, jobs: 0, auditEntries: 0 });
    expect(await store.getSubscriber(stale)).toBeUndefined();
    expect(await store.getSubscriber(kept)).toMatchObject({ status: "confirmed" });
    expect((await store.listSubscribers()).map((row) => row.email).sort()).toEqual(["confirmed@example.org", "fresh@example.org"]);
    expect((await store.listLeads()).map((row) => row.email)).toEqual(["real@example.org"]);
    expect((await store.listJobs({ dead: false })).every((job) => job.subjectId !== stale)).toBe(true);
  });

  it("hands out confirmations before older leads' jobs", async () => {
    for (let index = 0; index < 5; index += 1) await store.saveLead({ ...lead, email: `flood-${index}@example.org` }, { jobs: bothJobs });
    await store.signUp(signUp("waiting@example.org"));
    const [first] = await store.claimJobs(["sales-email", "webhook", "confirmation-email"], 1, schedule(1), schedule(2));
    expect(first?.channel).toBe("confirmation-email");
  });

  // LEAD-26: one job per sales inbox.
  it("keeps each job's recipient, so each inbox is delivered and retried alone", async () => {
    await store.saveLead(lead, {
      jobs: [
        { channel: "sales-email", event: "lead.created", recipient: "sales@veilvault.example" },
        { channel: "sales-email", event: "lead.created", recipient: "founders@veilvault.example" },
      ],
    });
    expect((await store.listJobs({ dead: false })).map((job) => job.recipient).sort()).toEqual(["founders@veilvault.example", "sales@veilvault.example"]);
  });

  // LEAD-25: erasure by mailbox, told downstream by ids.
  it("erases every spelling of a mailbox and writes the erasure's webhook job with the erased ids only", async () => {
    const saved = await store.saveLead({ ...lead, email: "Maria.Erasure@Example.org" }, {});
    await store.saveLead({ ...lead, email: "someone@example.org" }, {});
    // A lookalike (dotless ı) is another person's mailbox: an erasure never reaches it (LEAD-30).
    await store.saveLead({ ...lead, email: "mar\u0131a.erasure@example.org" }, {});
    const subscriber = idOf(await store.signUp(signUp("MARIA.ERASURE@EXAMPLE.ORG")));
    const removed = await store.eraseMailbox("maria.erasure@example.org", [{ channel: "webhook", event: "person.erased" }], new Date());
    expect(removed).toEqual({ leads: 1, subscribers: 1, trustRequests: 0, jobs: 1 });
    const [job] = await store.listJobs({ dead: false });
    expect(job).toMatchObject({ channel: "webhook", event: "person.erased" });
    expect(job!.payload).toEqual({ leads: [saved.status === "created" ? saved.id : ""], subscribers: [subscriber], trustRequests: [] });
    expect(JSON.stringify(job)).not.toMatch(/maria/i);
    expect(await store.eraseMailbox("nobody@example.org", [{ channel: "webhook", event: "person.erased" }], new Date())).toEqual({ leads: 0, subscribers: 0, trustRequests: 0, jobs: 0 });
    expect(await store.listJobs({ dead: false })).toHaveLength(1);
  });

  it("answers a ping while open, fails it once closed, and keeps its data across a reopen", async () => {
    await store.saveLead(lead, {});
    await expect(store.ping()).resolves.toBeUndefined();
    await store.close();
    await expect(store.ping()).rejects.toThrow();
    store = await backend.open();
    expect(await store.listLeads()).toHaveLength(1);
  });

  describe("Trust Center requests (TRUST-5, TRUST-6)", () => {
    const roomy: TrustRequestCaps = { perMailboxPerDay: 100, perDomainPerHour: 100, perHour: 100 };
    const day = 86_400_000;

    /** A request at `now` whose approver links hash "approve-<n>" and "deny-<n>". */
    function trustRequest(email: string, now: Date, n: number, caps: TrustRequestCaps = roomy): NewTrustRequest {
      return {
        body: { name: "Asha Rao", email, company: "Northwind Health", role: "CISO", documents: ["dpa", "pentest"], reason: "Vendor review.", ndaVersion: "2026-11" },
        mailbox: canonicalMailbox(email),
        ndaHash: "a".repeat(64),
        now,
        decisionLinks: [
          { tokenHash: tokenHash(`approve-${n}`), decision: "approve", approver: "security@veilvault.example" },
          { tokenHash: tokenHash(`deny-${n}`), decision: "deny", approver: "security@veilvault.example" },
        ],
        decisionExpiresAt: new Date(now.getTime() + 7 * day),
        jobs: [{ id: `msg_approver_${n}`, channel: "approver-email", event: "trust.access_requested", recipient: "security@veilvault.example" }],
        caps,
      };
    }

    function approval(n: number, now: Date, documents = ["dpa", "pentest"]) {
      return {
        target: { tokenHash: tokenHash(`approve-${n}`), decision: "approve" as const },
        outcome: "approved" as const,
        now,
        decidedBy: "email link",
        grants: documents.map((document) => ({ tokenHash: tokenHash(`download-${n}-${document}`), document })),
        grantExpiresAt: new Date(now.getTime() + 7 * day),
        jobs: [{ channel: "confirmation-email" as const, event: "trust.access_granted" as const }],
      };
    }

    async function stored(email: string, now: Date, n: number): Promise<string> {
      return (await store.saveTrustRequest(trustRequest(email, now, n))).id;
    }

    it("stores a request with its terms and jobs, and is decided once by either link before it expires", async () => {
      const now = new Date();
      const id = await stored("asha@northwind.example", now, 1);
      expect(await store.getTrustRequest(id)).toMatchObject({ status: "pending", documents: ["dpa", "pentest"], ndaVersion: "2026-11", ndaHash: "a".repeat(64), downloads: [] });
      const [job] = await store.listJobs({ dead: false });
      expect(job).toMatchObject({ id: "msg_approver_1", channel: "approver-email", subjectId: id, recipient: "security@veilvault.example" });
      // A deny link is not an approve link, and an expired link is no link.
      expect(await store.trustDecisionTarget({ tokenHash: tokenHash("deny-1"), decision: "approve" }, now)).toBeUndefined();
      expect(await store.trustDecisionTarget({ tokenHash: tokenHash("approve-1"), decision: "approve" }, new Date(now.getTime() + 8 * day))).toBeUndefined();
      expect(await store.trustDecisionTarget({ tokenHash: tokenHash("approve-1"), decision: "approve" }, now)).toEqual({ id, documents: ["dpa", "pentest"] });
      expect(await store.decideTrustRequest(approval(1, now))).toEqual({ status: "done", id });
      // Decided: neither link works again.
      expect(await store.decideTrustRequest(approval(1, now))).toEqual({ status: "invalid" });
      expect(await store.trustDecisionTarget({ tokenHash: tokenHash("deny-1"), decision: "deny" }, now)).toBeUndefined();
      // Whose link it was is recorded with the decision.
      expect(await store.getTrustRequest(id)).toMatchObject({ status: "approved", decidedBy: "email link: security@veilvault.example" });
    });

    it("gives each download link once, before it expires, and records every download", async () => {
      const now = new Date();
      const id = await stored("asha@northwind.example", now, 2);
      await store.decideTrustRequest(approval(2, now));
      const link = tokenHash("download-2-dpa");
      expect(await store.trustDownload(link, new Date(now.getTime() + 8 * day))).toBeUndefined();
      const found = await store.trustDownload(link, now);
      expect(found).toMatchObject({ document: "dpa", request: { id, name: "Asha Rao", company: "Northwind Health" } });
      const claim = await store.claimTrustDownload(link, now);
      expect(claim).toMatchObject({ document: "dpa", request: { id, name: "Asha Rao", downloads: [{ document: "dpa", at: now.toISOString() }] } });
      expect(await store.claimTrustDownload(link, now)).toBeUndefined();
      expect(await store.trustDownload(link, now)).toBeUndefined();
      expect((await store.getTrustRequest(id))?.downloads).toEqual([{ document: "dpa", at: now.toISOString() }]);
      // Revoked: the other document's link stops working.
      expect(await store.revokeTrustAccess(id, now)).toBe(true);
      expect(await store.trustDownload(tokenHash("download-2-pentest"), now)).toBeUndefined();
      expect(await store.revokeTrustAccess(id, now)).toBe(false);
    });

    it("lets exactly one of many racing claims spend a link (TRUST-9), and a released claim gives the link back until it expires", async () => {
      const now = new Date();
      const id = await stored("asha@northwind.example", now, 4);
      await store.decideTrustRequest(approval(4, now));
      const link = tokenHash("download-4-dpa");
      const claims = await Promise.all(Array.from({ length: 10 }, () => store.claimTrustDownload(link, now)));
      const won = claims.filter((claim) => claim !== undefined);
      expect(won).toHaveLength(1);
      expect((await store.getTrustRequest(id))?.downloads).toHaveLength(1);
      // The copy could not be made: the record goes and the link works again, with its own expiry.
      expect(await store.releaseTrustDownload(won[0]!.spent)).toBe(true);
      expect((await store.getTrustRequest(id))?.downloads).toEqual([]);
      expect(await store.trustDownload(link, now)).toMatchObject({ document: "dpa" });
      expect(await store.trustDownload(link, new Date(now.getTime() + 8 * day))).toBeUndefined();
      const again = await store.claimTrustDownload(link, now);
      expect(again?.request.downloads).toHaveLength(1);
      // Revoked meanwhile: releasing withdraws the record but gives nothing back.
      expect(await store.revokeTrustAccess(id, now)).toBe(true);
      expect(await store.releaseTrustDownload(again!.spent)).toBe(false);
      expect(await store.trustDownload(link, now)).toBeUndefined();
      expect((await store.getTrustRequest(id))?.downloads).toEqual([]);
    });

    it("denies by id, after which no link of the request works", async () => {
      const now = new Date();
      const id = await stored("asha@northwind.example", now, 3);
      const denied = await store.decideTrustRequest({ ...approval(3, now), target: { id }, outcome: "denied", grants: [], decidedBy: "command line" });
      expect(denied).toEqual({ status: "done", id });
      expect(await store.trustDecisionTarget({ tokenHash: tokenHash("approve-3"), decision: "approve" }, now)).toBeUndefined();
      expect(await store.trustDownload(tokenHash("download-3-dpa"), now)).toBeUndefined();
      expect(await store.getTrustRequest(id)).toMatchObject({ status: "denied", decidedBy: "command line" });
    });

    // TRUST-6: past a cap a request is stored all the same; its approvers learn of it in their next digest.
    it("stores every request past the per-mailbox and per-domain caps, and puts their approver e-mails in one digest", async () => {
      const now = new Date();
      const caps = { perMailboxPerDay: 2, perDomainPerHour: 4, perHour: 100 };
      const save = async (email: string, n: number) => {
        const saved = await store.saveTrustRequest(trustRequest(email, now, n, caps));
        return saved.digest ?? "single";
      };
      expect(await save("asha@northwind.example", 10)).toBe("single");
      expect(await save("Asha@Northwind.example", 11)).toBe("single");
      expect(await save("ASHA@NORTHWIND.EXAMPLE", 12)).toBe("mailbox");
      expect(await save("ravi@northwind.example", 13)).toBe("single");
      expect(await save("meera@northwind.example", 14)).toBe("domain");
      expect(await save("meera@elsewhere.example", 15)).toBe("single");
      expect(await store.listTrustRequests()).toHaveLength(6);
      const digest = (await store.listJobs({ dead: false })).filter((job) => job.event === "trust.access_digest");
      expect(digest).toHaveLength(2);
      // Both join one digest, and the deliverer claims them together.
      expect(new Set(digest.map((job) => job.nextAttemptAt)).size).toBe(1);
      const due = new Date(Date.parse(digest[0]!.nextAttemptAt) + 1_000);
      const claimed = (await store.claimJobs(["approver-email"], 5, due, new Date(due.getTime() + 60_000))).filter((job) => job.event === "trust.access_digest");
      const rest = await store.claimDigestJobs(digest[0]!.recipient!, 50, due, new Date(due.getTime() + 60_000));
      expect([...claimed, ...rest].map((job) => job.id).sort()).toEqual(digest.map((job) => job.id).sort());
      // While that digest is being sent, a newer request waits for the next one, an interval later.
      expect(await save("zoe@northwind.example", 16)).toBe("domain");
      const next = (await store.listJobs({ dead: false })).find((job) => job.event === "trust.access_digest" && job.attempts === 0);
      expect(Date.parse(next!.nextAttemptAt)).toBeGreaterThanOrEqual(Date.parse(digest[0]!.nextAttemptAt) + 15 * 60_000);
    });

    // TRUST-6 under load: requests from many domains past the cap at once, on several connections, join one digest.
    it("puts the approver e-mails of requests racing past the cap in one digest", async () => {
      const now = new Date();
      const caps = { perMailboxPerDay: 100, perDomainPerHour: 100, perHour: 1 };
      expect((await store.saveTrustRequest(trustRequest("first@one.example", now, 30, caps))).digest).toBeUndefined();
      const saved = await Promise.all(Array.from({ length: 8 }, (_, index) => store.saveTrustRequest(trustRequest(`asker@domain-${index}.example`, now, 31 + index, caps))));
      expect(saved.map((result) => result.digest)).toEqual(Array.from({ length: 8 }, () => "all"));
      const digest = (await store.listJobs({ dead: false })).filter((job) => job.event === "trust.access_digest");
      expect(digest).toHaveLength(8);
      expect(new Set(digest.map((job) => job.nextAttemptAt)).size).toBe(1);
    });

    it("decides a request once when its approve link and an operator's denial race (TRUST-5)", async () => {
      const now = new Date();
      const id = await stored("asha@northwind.example", now, 40);
      const deny = { ...approval(40, now), target: { id }, outcome: "denied" as const, grants: [], decidedBy: "command line" };
      const outcomes = await Promise.all(Array.from({ length: 6 }, (_, index) => store.decideTrustRequest(index % 2 === 0 ? approval(40, now) : deny)));
      expect(outcomes.filter((outcome) => outcome.status === "done")).toHaveLength(1);
      const decided = await store.getTrustRequest(id);
      const jobs = (await store.listJobs({ dead: false })).filter((job) => job.subjectId === id && job.channel === "confirmation-email");
      expect(jobs).toHaveLength(1);
      // An approval's download links exist only when the approval was the decision.
      expect(await store.trustDownload(tokenHash("download-40-dpa"), now)).toEqual(decided?.status === "approved" ? expect.objectContaining({ document: "dpa" }) : undefined);
    });

    it("names no request by an id the store never makes", async () => {
      const now = new Date();
      await stored("asha@northwind.example", now, 50);
      expect(await store.getTrustRequest("not-a-uuid")).toBeUndefined();
      expect(await store.trustDecisionTarget({ id: "not-a-uuid" }, now)).toBeUndefined();
      expect(await store.decideTrustRequest({ ...approval(50, now), target: { id: "'; --" } })).toEqual({ status: "invalid" });
      expect(await store.revokeTrustAccess("not-a-uuid", now)).toBe(false);
      expect(await store.listTrustRequests({ since: new Date(now.getTime() + 1) })).toEqual([]);
      expect(await store.listTrustRequests({ since: now })).toHaveLength(1);
    });

    it("erases a person's requests with their links, downloads and jobs, and retention deletes old ones", async () => {
      const now = new Date();
      const id = await stored("asha@northwind.example", now, 20);
      await store.decideTrustRequest(approval(20, now));
      await store.claimTrustDownload(tokenHash("download-20-dpa"), now);
      const other = await stored("ravi@northwind.example", now, 21);
      const removed = await store.eraseMailbox("ASHA@northwind.example", [{ channel: "webhook", event: "person.erased" }], new Date());
      expect(removed).toEqual({ leads: 0, subscribers: 0, trustRequests: 1, jobs: 2 });
      expect(await store.getTrustRequest(id)).toBeUndefined();
      expect(await store.trustDownload(tokenHash("download-20-pentest"), now)).toBeUndefined();
      const jobs = await store.listJobs({ dead: false });
      expect(jobs.find((job) => job.event === "person.erased")?.payload).toEqual({ leads: [], subscribers: [], trustRequests: [id] });
      expect(jobs.some((job) => job.subjectId === id)).toBe(false);
      const later = new Date(now.getTime() + 731 * day);
      expect((await store.sweepRetention(cutoffs(later))).trustRequests).toBe(1);
      expect(await store.getTrustRequest(other)).toBeUndefined();
    });
  });

  describe("traffic aggregates (ANA-2, ANA-8)", () => {
    const day = "2026-11-26";
    const view = (slot: number | null, path: string, source: Partial<TrafficView> = {}): TrafficView => ({
      slot,
      path,
      referrer: "",
      source: "",
      medium: "",
      campaign: "",
      device: "desktop",
      browser: "Firefox",
      ...source,
    });

    it("two instances with one key count a shared visitor once; an instance with another key counts them again", async () => {
      const key = randomBytes(32);
      // Counting logs only when a write fails, which here fails the test anyway.
      const silentLog = Fastify().log;
      const stores = [store, await backend.open(), await backend.open()];
      // Each instance its own store and counter, as separate processes would have; the third has a key of its own.
      const counters = stores.map((each, index) => new TrafficCounter({ store: each, key: index < 2 ? key : randomBytes(32), siteHosts: [], log: silentLog, now: () => new Date(`${day}T12:00:00Z`) }));
      const request = { method: "GET", ip: "203.0.113.7", hostname: "veilvault.example", headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0" } };
      try {
        const visitors = async (counting: TrafficCounter[]) => {
          for (const counter of counting) {
            counter.view(request, "/pricing", "");
            await counter.flush();
          }
          return (await store.trafficRows(day, day)).views.map((row) => [row.views, row.visitors]);
        };
        expect(await visitors(counters.slice(0, 2))).toEqual([[2, 1]]);
        expect(await visitors(counters.slice(2))).toEqual([[3, 2]]);
      } finally {
        for (const other of stores.slice(1)) await other.close();
      }
    });

    it("adds views to a row, counts a visitor once a day on the row of their first view, and attributes conversions to it", async () => {
      const campaign = { referrer: "news.example", source: "newsletter", medium: "email", campaign: "launch" };
      await store.recordTraffic({ day, views: [view(1, "/", campaign), view(1, "/features"), view(2, "/features")], conversions: [] });
      await store.recordTraffic({ day, views: [view(1, "/features"), view(3, "/")], conversions: [{ slot: 1, kind: "demo" }, { slot: 1, kind: "lead" }, { slot: null, kind: "demo" }] });
      const { views, conversions } = await store.trafficRows(day, day);
      const byPath = (path: string, withSource: boolean) =>
        views.filter((row) => row.path === path && Boolean(row.source) === withSource).map((row) => [row.views, row.visitors]);
      expect(byPath("/", true)).toEqual([[1, 1]]);
      expect(byPath("/", false)).toEqual([[1, 1]]);
      expect(byPath("/features", false)).toEqual([[3, 1]]);
      expect(conversions.map(({ landing, source, kind, count }) => ({ landing, source, kind, count })).sort((a, b) => a.kind.localeCompare(b.kind) || a.landing.localeCompare(b.landing))).toEqual([
        { landing: "", source: "", kind: "demo", count: 1 },
        { landing: "/", source: "newsletter", kind: "demo", count: 1 },
        { landing: "/", source: "newsletter", kind: "lead", count: 1 },
      ]);
    });

    it("two instances counting at once lose no increment and count a shared visitor once", async () => {
      const other = await backend.open();
      try {
        // Twenty batches each, at once: every batch adds ten views of one row, from slots 0-29 that both instances see.
        const batches = (offset: number) =>
          Array.from({ length: 20 }, (_, batch) => ({ day, views: Array.from({ length: 10 }, (_, index) => view((batch * 10 + index + offset) % 30, "/pricing")), conversions: [] }));
        await Promise.all([...batches(0).map((batch) => store.recordTraffic(batch)), ...batches(5).map((batch) => other.recordTraffic(batch))]);
      } finally {
        await other.close();
      }
      const rows = (await store.trafficRows(day, day)).views;
      expect(rows.map((row) => [row.views, row.visitors])).toEqual([[400, 30]]);
    });

    it("closes earlier days: their slots go, their aggregates stay until retention", async () => {
      await store.recordTraffic({ day: "2026-11-25", views: [view(7, "/")], conversions: [] });
      await store.recordTraffic({ day: "2024-09-01", views: [view(null, "/")], conversions: [] });
      expect(await store.endTrafficDays(day, "2024-10-26")).toEqual({ closed: 1, dropped: 1 });
      // The slot is gone: the same visitor on that day would count again.
      await store.recordTraffic({ day: "2026-11-25", views: [view(7, "/")], conversions: [] });
      expect((await store.trafficRows("2024-01-01", day)).views.map((row) => [row.day, row.views, row.visitors])).toEqual([["2026-11-25", 2, 2]]);
    });

    it("counts a flush bigger than one statement whole, as an outage's backlog is, and a slot seen before is no new visitor", async () => {
      // 7,000 visitors on 7,000 rows, each converting: at 10 values a row, more than either database binds in one statement (SQLite 32,766, PostgreSQL 65,535).
      const views = Array.from({ length: 7000 }, (_, slot) => view(slot, `/page-${String(slot)}`));
      const conversions = Array.from({ length: 7000 }, (_, slot) => ({ slot, kind: "lead" as const }));
      await store.recordTraffic({ day, views, conversions });
      await store.recordTraffic({ day, views, conversions: [] });
      const rows = await store.trafficRows(day, day);
      expect(rows.views).toHaveLength(7000);
      expect(rows.views.every((row) => row.views === 2 && row.visitors === 1)).toBe(true);
      // Each conversion found its visitor's landing page, so every slot's look-up was answered.
      expect(rows.conversions.every((row) => row.count === 1)).toBe(true);
      expect(new Set(rows.conversions.map((row) => row.landing))).toEqual(new Set(views.map((each) => each.path)));
    });
  });

  describe("operator console records (OPS-2, OPS-3)", () => {
    const minute = 60_000;
    const start = new Date("2026-11-26T09:00:00Z");
    const signIn = (n: number, at: Date = start, operator = "ops@veilvault.example") => ({
      id: randomUUID(),
      operator,
      tokenHash: tokenHash(`sign-in-${n}`),
      now: at,
      expiresAt: new Date(at.getTime() + 15 * minute),
      jobs: [{ channel: "operator-email" as const, event: "console.sign_in" as const, recipient: operator }],
    });
    const session = (n: number, at: Date) => ({ idHash: tokenHash(`session-${n}`), idleExpiresAt: new Date(at.getTime() + 30 * minute), expiresAt: new Date(at.getTime() + 8 * 60 * minute) });

    it("stores a sign-in link with its e-mail, spends it once before it expires, and a newer link replaces the unused ones", async () => {
      expect(await store.saveConsoleSignIn(signIn(1))).toBe(0);
      expect((await store.listJobs({ dead: false })).map((job) => [job.channel, job.event, job.recipient])).toEqual([["operator-email", "console.sign_in", "ops@veilvault.example"]]);
      expect(await store.openConsoleSession(tokenHash("sign-in-1"), new Date(start.getTime() + minute), session(1, start))).toBe("ops@veilvault.example");
      expect(await store.openConsoleSession(tokenHash("sign-in-1"), new Date(start.getTime() + 2 * minute), session(2, start))).toBeUndefined();
      expect(await store.saveConsoleSignIn(signIn(2))).toBe(0);
      expect(await store.openConsoleSession(tokenHash("sign-in-2"), new Date(start.getTime() + 16 * minute), session(3, start))).toBeUndefined();
      expect(await store.openConsoleSession(tokenHash("unknown"), start, session(4, start))).toBeUndefined();
      // OPS-2: however many requests came before (a stranger's included), the newest link works, and only its e-mail waits to be sent.
      for (let n = 3; n <= 8; n += 1) await store.saveConsoleSignIn(signIn(n));
      expect(await store.saveConsoleSignIn(signIn(9))).toBe(1);
      expect(await store.saveConsoleSignIn(signIn(10, start, "other@veilvault.example"))).toBe(0);
      // The first link's e-mail (its link was spent) and the newest one's wait; the replaced ones' are gone.
      expect((await store.listJobs({ dead: false })).filter((job) => job.recipient === "ops@veilvault.example")).toHaveLength(2);
      expect(await store.openConsoleSession(tokenHash("sign-in-8"), start, session(5, start))).toBeUndefined();
      expect(await store.openConsoleSession(tokenHash("sign-in-9"), start, session(6, start))).toBe("ops@veilvault.example");
      expect(await store.openConsoleSession(tokenHash("sign-in-10"), start, session(7, start))).toBe("other@veilvault.example");
    });

    it("keeps a session while it is used, ends it after 30 idle minutes, after its absolute end, or when signed out", async () => {
      await store.saveConsoleSignIn(signIn(1));
      await store.openConsoleSession(tokenHash("sign-in-1"), start, session(1, start));
      const at = (minutes: number) => new Date(start.getTime() + minutes * minute);
      const touch = (minutes: number) => store.touchConsoleSession(tokenHash("session-1"), at(minutes), at(minutes + 30));
      expect(await touch(20)).toBe("ops@veilvault.example");
      expect(await touch(45)).toBe("ops@veilvault.example");
      expect(await touch(76)).toBeUndefined();
      await store.saveConsoleSignIn(signIn(2, at(100)));
      await store.openConsoleSession(tokenHash("sign-in-2"), at(100), session(2, at(100)));
      const touch2 = (minutes: number) => store.touchConsoleSession(tokenHash("session-2"), at(minutes), at(minutes + 30));
      for (let minutes = 120; minutes < 580; minutes += 20) expect(await touch2(minutes)).toBe("ops@veilvault.example");
      expect(await touch2(581)).toBeUndefined();
      await store.saveConsoleSignIn(signIn(3, at(600)));
      await store.openConsoleSession(tokenHash("sign-in-3"), at(600), session(3, at(600)));
      await store.endConsoleSession(tokenHash("session-3"));
      expect(await store.touchConsoleSession(tokenHash("session-3"), at(601), at(631))).toBeUndefined();
    });

    it("writes the audit log, newest first, a page at a time, filtered, and marks a lead handled once", async () => {
      await store.auditConsole({ at: "2026-11-26T09:00:00.000Z", operator: "ops@veilvault.example", action: "signed in", subject: "" });
      await store.auditConsole({ at: "2026-11-26T09:01:00.000Z", operator: "ops@veilvault.example", action: "exported leads", subject: "3 leads" });
      const strip = (page: { entries: { seq: number }[]; more: boolean }) => ({ more: page.more, entries: page.entries.map(({ seq: _seq, ...entry }) => entry) });
      expect(strip(await store.listConsoleAudit({ limit: 10 }))).toEqual({
        more: false,
        entries: [
          { at: "2026-11-26T09:01:00.000Z", operator: "ops@veilvault.example", action: "exported leads", subject: "3 leads" },
          { at: "2026-11-26T09:00:00.000Z", operator: "ops@veilvault.example", action: "signed in", subject: "" },
        ],
      });
      // OPS-3: views do not push an export out of sight: it is a page further on, or found by its action.
      for (let minute = 2; minute < 12; minute += 1) {
        await store.auditConsole({ at: `2026-11-26T09:${String(minute).padStart(2, "0")}:00.000Z`, operator: "other@veilvault.example", action: "viewed leads", subject: "new" });
      }
      const first = await store.listConsoleAudit({ limit: 5 });
      expect([first.entries.length, first.more]).toEqual([5, true]);
      const second = await store.listConsoleAudit({ limit: 10, before: first.entries.at(-1)!.seq });
      expect(second.entries.map((entry) => entry.action)).toEqual([...Array<string>(5).fill("viewed leads"), "exported leads", "signed in"]);
      expect(strip(await store.listConsoleAudit({ limit: 10, action: "exported leads" })).entries).toHaveLength(1);
      expect((await store.listConsoleAudit({ limit: 10, operator: "ops@veilvault.example" })).entries).toHaveLength(2);
      // Append-only: an entry cannot be changed.
      await expect(backend.raw(`UPDATE console_audit SET action = 'nothing'`)).rejects.toThrow(/append-only/);
      // Kept 400 days: retention deletes older entries.
      const swept = await store.sweepRetention({ ...cutoffs(new Date("2027-12-31T00:00:00Z")), auditBefore: new Date("2026-11-26T09:05:00.000Z") });
      expect(swept.auditEntries).toBe(5);
      expect((await store.listConsoleAudit({ limit: 20 })).entries).toHaveLength(7);
      const saved = await store.saveLead(lead, {});
      const id = saved.status === "created" ? saved.id : "";
      expect((await store.getLead(id))?.handledAt).toBeNull();
      expect(await store.markLeadHandled(id, "ops@veilvault.example", start)).toBe(true);
      expect(await store.markLeadHandled(id, "other@veilvault.example", start)).toBe(false);
      expect(await store.markLeadHandled(randomUUID(), "ops@veilvault.example", start)).toBe(false);
      expect(await store.markLeadHandled("not-an-id", "ops@veilvault.example", start)).toBe(false);
      expect(await store.getLead(id)).toMatchObject({ handledAt: start.toISOString(), handledBy: "ops@veilvault.example" });
    });
    it("OPS-5 pages the console's leads in the database: by status and a search in any case, newest first, counted, the last page for one past it", async () => {
      const names = ["Zoë Ångström", "Ada Lovelace", "Grace Hopper", "Alan Turing", "Émile Zola"];
      const ids: string[] = [];
      for (const [index, name] of names.entries()) {
        const [firstName = "", lastName = ""] = name.split(" ");
        const saved = await store.saveLead({ ...lead, firstName, lastName, email: `person${index}@example.org`, companyName: index === 3 ? "Bletchley Park" : "Delta Logistics" }, { spamReason: index === 4 ? "too-fast" : undefined });
        if (saved.status !== "created") throw new Error("not stored");
        ids.push(saved.id);
        // Distinct instants, so "newest first" has one answer.
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      await store.markLeadHandled(ids[1] ?? "", "ops@veilvault.example", new Date());
      const page = (query: Partial<LeadPageQuery>) => store.run("pageLeads", { status: "all", search: "", page: 1, ...query });
      const namesOf = async (query: Partial<LeadPageQuery>) => (await page(query)).leads.map((found) => `${found.firstName} ${found.lastName}`);

      expect(await namesOf({})).toEqual([...names].reverse());
      expect(await namesOf({ status: "new" })).toEqual(["Alan Turing", "Grace Hopper", "Zoë Ångström"]);
      expect(await namesOf({ status: "handled" })).toEqual(["Ada Lovelace"]);
      expect(await namesOf({ status: "spam" })).toEqual(["Émile Zola"]);
      // Case folds beyond ASCII on both backends; the search reads the whole name, the address and the company.
      expect(await namesOf({ search: "ZOË ÅNG" })).toEqual(["Zoë Ångström"]);
      expect(await namesOf({ search: "ÉMILE" })).toEqual(["Émile Zola"]);
      expect(await namesOf({ search: "PERSON2@" })).toEqual(["Grace Hopper"]);
      expect(await namesOf({ search: "bletchley" })).toEqual(["Alan Turing"]);
      // A search is words, not a pattern.
      expect(await namesOf({ search: "%" })).toEqual([]);
      expect(await namesOf({ search: "_" })).toEqual([]);
      // Two a page: counted in all, cut by the database, one past the last shows the last.
      expect(await page({ perPage: 2, page: 2 })).toMatchObject({ total: 5, page: 2 });
      expect((await page({ perPage: 2, page: 2 })).leads.map((found) => found.firstName)).toEqual(["Grace", "Ada"]);
      expect(await page({ perPage: 2, page: 99 })).toMatchObject({ total: 5, page: 3, leads: [expect.objectContaining({ firstName: "Zoë" })] });
      expect(await page({ status: "new", search: "nobody", perPage: 2, page: 4 })).toEqual({ total: 0, page: 1, leads: [] });
    });
  });
});
