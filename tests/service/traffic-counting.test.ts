import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { LeadBody } from "../../common/lead-fields.ts";
import { DEMO_PATH, DEMO_SCHEDULER_URL } from "../../common/demo.ts";
import { DEFAULT_LEADS_PATH } from "../../common/endpoints.ts";
import { DATABASE_FILE, SqliteLeadStore } from "../../server/db/sqlite/store.ts";
import { daySalt } from "../../server/analytics/counter.ts";
import { startLeadServer, type LeadServer } from "../support/lead-server.ts";
import { requestFrom, type AnswerFrom } from "../support/from-address.ts";

/**
 * Counting on the real server (requirements ANA-1 to ANA-5): requests come
 * from several loopback addresses, as different visitors would, and the
 * counts are read back from the database file the server wrote.
 */

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 VisitorAlpha";
const FIREFOX_MOBILE = "Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0 VisitorBravo";
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0 VisitorCharlie";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

const lead: LeadBody = {
  firstName: "Mira",
  lastName: "Okafor",
  email: "mira.okafor@example.org",
  companyName: "Northwind Health",
  contactNumber: "14155550100",
  description: "Tokenizing patient records before analytics.",
  termsAccepted: true,
};

/** One request from `from` (a loopback address of its own, as a separate visitor's would be). */
function visit(server: LeadServer, path: string, options: { from: string; userAgent?: string; method?: string; headers?: Record<string, string>; body?: string }): Promise<AnswerFrom> {
  return requestFrom(server.origin, options.from, path, {
    ...(options.method ? { method: options.method } : {}),
    headers: { ...(options.userAgent ? { "user-agent": options.userAgent } : {}), ...options.headers },
    ...(options.body ? { body: options.body } : {}),
  });
}

const pages = { "features/index.html": "<!doctype html><title>features</title>" };

/** The server's database, read after it closed (closing writes what was buffered). */
async function countsOf(dataDir: string, day: string) {
  const store = await SqliteLeadStore.open(dataDir);
  try {
    return await store.trafficRows(day, day);
  } finally {
    await store.close();
  }
}

let server: LeadServer | undefined;
let dataDir = "";
beforeEach(async () => {
  // Outside the stand-in site's folder, which closing the server deletes: the counts are read after it closed.
  dataDir = await mkdtemp(join(tmpdir(), "veilvault-traffic-"));
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  await rm(dataDir, { recursive: true, force: true });
});

describe("server-side counting (ANA-1 to ANA-5)", () => {
  it("counts exact views and visitors, leaves out bots, prefetches, HEAD and Sec-GPC, attributes conversions, and sets no cookie", async () => {
    const now = new Date("2026-11-26T10:00:00Z");
    server = await startLeadServer({ dataDir, siteFiles: pages, traffic: { now: () => now, flushEveryMs: 60_000 } });
    const answers: AnswerFrom[] = [];
    const go = async (path: string, options: Parameters<typeof visit>[2]) => {
      const answer = await visit(server!, path, options);
      answers.push(answer);
      return answer;
    };
    // Alpha lands on the home page from a newsletter campaign; the browser prerenders /features as Alpha points at
    // its link (not counted), and the page, once shown, asks for itself again (counted: app/islands/page-behaviours.ts); then on.
    await go("/?utm_source=Newsletter&utm_medium=email&utm_campaign=Launch&other=ignored", { from: "127.0.0.2", userAgent: CHROME, headers: { referer: "https://news.example/issue-4" } });
    await go("/features", { from: "127.0.0.2", userAgent: CHROME, headers: { referer: "https://veilvault.example/", "sec-purpose": "prefetch;prerender" } });
    await go("/features", { from: "127.0.0.2", userAgent: CHROME, headers: { referer: "https://veilvault.example/" } });
    await go("/features", { from: "127.0.0.2", userAgent: CHROME, headers: { referer: "https://veilvault.example/" } });
    // Bravo lands on /features from a search engine; Charlie shares Alpha's address with another browser, so is another visitor.
    await go("/features", { from: "127.0.0.3", userAgent: FIREFOX_MOBILE, headers: { referer: "https://www.search.example/?q=vault" } });
    await go("/", { from: "127.0.0.2", userAgent: FIREFOX });
    // Not counted: a bot, no user agent, a prefetch, a prerender, HEAD, Sec-GPC, a page that does not exist.
    await go("/", { from: "127.0.0.4", userAgent: GOOGLEBOT });
    await go("/features", { from: "127.0.0.4" });
    await go("/features", { from: "127.0.0.5", userAgent: CHROME, headers: { "sec-purpose": "prefetch" } });
    await go("/features", { from: "127.0.0.5", userAgent: CHROME, headers: { "sec-purpose": "prefetch;prerender" } });
    await go("/features", { from: "127.0.0.6", userAgent: CHROME, method: "HEAD" });
    await go("/features", { from: "127.0.0.7", userAgent: CHROME, headers: { "sec-gpc": "1" } });
    await go("/no-such-page", { from: "127.0.0.8", userAgent: CHROME });

    // Conversions: Alpha clicks the demo button and sends a lead; a Sec-GPC visitor clicks the demo button too.
    const demo = await go(DEMO_PATH, { from: "127.0.0.2", userAgent: CHROME });
    expect(demo.status).toBe(302);
    expect(demo.headers.location).toBe(DEMO_SCHEDULER_URL);
    await go(DEMO_PATH, { from: "127.0.0.7", userAgent: CHROME, headers: { "sec-gpc": "1" } });
    await go(DEMO_PATH, { from: "127.0.0.4", userAgent: GOOGLEBOT });
    // A bot that sends Sec-GPC, or no user agent with it, is still a bot: its click counts nowhere.
    await go(DEMO_PATH, { from: "127.0.0.4", userAgent: GOOGLEBOT, headers: { "sec-gpc": "1" } });
    await go(DEMO_PATH, { from: "127.0.0.4", headers: { "sec-gpc": "1" } });
    const posted = await go(DEFAULT_LEADS_PATH, {
      from: "127.0.0.2",
      userAgent: CHROME,
      method: "POST",
      headers: { "content-type": "application/json", "x-form-fill-ms": "5000" },
      body: JSON.stringify(lead),
    });
    expect(posted.status).toBe(201);

    expect(answers.filter((answer) => answer.headers["set-cookie"] !== undefined)).toEqual([]);
    await server.close();
    server = undefined;

    const { views, conversions } = await countsOf(dataDir, "2026-11-26");
    const rows = views
      .map(({ path, referrer, source, medium, campaign, device, browser, views: count, visitors }) => ({ path, referrer, source, medium, campaign, device, browser, views: count, visitors }))
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    const none = { referrer: "", source: "", medium: "", campaign: "" };
    expect(rows).toEqual(
      [
        { path: "/", referrer: "news.example", source: "newsletter", medium: "email", campaign: "launch", device: "desktop", browser: "Chrome", views: 1, visitors: 1 },
        { path: "/", ...none, device: "desktop", browser: "Firefox", views: 1, visitors: 1 },
        { path: "/features", ...none, device: "desktop", browser: "Chrome", views: 2, visitors: 0 },
        { path: "/features", ...none, referrer: "search.example", device: "mobile", browser: "Firefox", views: 1, visitors: 1 },
      ].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
    );
    expect(rows.reduce((sum, row) => sum + row.visitors, 0)).toBe(3);
    expect(
      conversions.map(({ landing, source, campaign, kind, count }) => ({ landing, source, campaign, kind, count })).sort((a, b) => `${a.kind}${a.landing}`.localeCompare(`${b.kind}${b.landing}`)),
    ).toEqual([
      { landing: "", source: "", campaign: "", kind: "demo", count: 1 },
      { landing: "/", source: "newsletter", campaign: "launch", kind: "demo", count: 1 },
      { landing: "/", source: "newsletter", campaign: "launch", kind: "lead", count: 1 },
    ]);

    // Nothing personal reached the file or its WAL: no address, no user agent.
    const bytes = Buffer.concat(await Promise.all(["", "-wal"].map((suffix) => readFile(join(dataDir, DATABASE_FILE + suffix)).catch(() => Buffer.alloc(0)))));
    for (const needle of ["127.0.0.2", "127.0.0.3", "VisitorAlpha", "VisitorBravo", "VisitorCharlie", "Googlebot", "issue-4", "other=ignored"]) {
      expect(bytes.includes(needle), needle).toBe(false);
    }
  });

  it("counts the same visitor again after midnight; the closed day's slots are gone, and its salt was never in the file", async () => {
    let now = new Date("2026-11-26T23:59:50Z");
    const linkKey = randomBytes(32);
    server = await startLeadServer({ dataDir, linkKey, traffic: { now: () => now, flushEveryMs: 20 } });
    const { store } = server;
    await visit(server, "/", { from: "127.0.0.2", userAgent: CHROME });
    await expect.poll(async () => (await store.trafficRows("2026-11-26", "2026-11-26")).views.length).toBe(1);
    // The day's salt, as every instance derives it from the key.
    const salt = daySalt(linkKey, "2026-11-26");

    now = new Date("2026-11-27T00:00:10Z");
    await visit(server, "/", { from: "127.0.0.2", userAgent: CHROME });
    await expect.poll(async () => (await store.trafficRows("2026-11-27", "2026-11-27")).views.length).toBe(1);
    await server.close();
    server = undefined;

    const totals = async (day: string) => (await countsOf(dataDir, day)).views.map((row) => [row.views, row.visitors]);
    expect(await totals("2026-11-26")).toEqual([[1, 1]]);
    expect(await totals("2026-11-27")).toEqual([[1, 1]]);
    const bytes = Buffer.concat(await Promise.all(["", "-wal"].map((suffix) => readFile(join(dataDir, DATABASE_FILE + suffix)).catch(() => Buffer.alloc(0)))));
    expect(salt).toHaveLength(32);
    expect(bytes.includes(salt)).toBe(false);
    expect(bytes.includes(salt.toString("hex"))).toBe(false);
    const file = new DatabaseSync(join(dataDir, DATABASE_FILE), { readOnly: true });
    try {
      expect(file.prepare("SELECT day, count(*) AS slots FROM traffic_visitors GROUP BY day").all().map((row) => ({ ...row }))).toEqual([{ day: "2026-11-27", slots: 1 }]);
    } finally {
      file.close();
    }
  });

  it("folds new referrers and campaigns beyond the day's cap into (other), so made-up tags cannot grow the table without end", async () => {
    server = await startLeadServer({ dataDir, traffic: { now: () => new Date("2026-11-26T12:00:00Z"), flushEveryMs: 60_000, maxSourcesPerDay: 2 } });
    for (const campaign of ["one", "two", "three", "four", "one"]) {
      await visit(server, `/?utm_source=${campaign}`, { from: "127.0.0.2", userAgent: CHROME });
    }
    await server.close();
    server = undefined;
    const { views } = await countsOf(dataDir, "2026-11-26");
    expect(views.map((row) => [row.source, row.views]).sort()).toEqual([["(other)", 2], ["one", 2], ["two", 1]]);
  });
});
