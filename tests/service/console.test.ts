import { afterEach, describe, expect, it } from "vitest";
import { readDeliveryConfig } from "../../server/delivery/config.ts";
import { CONSOLE_CSP } from "../../server/console/routes.ts";
import { startMailSink, type MailSink } from "../support/delivery-sinks.ts";
import { startLeadServer, type LeadServer } from "../support/lead-server.ts";
import { SOURCE_LIMITS_PER_HOUR } from "../../server/limits/cap-hits.ts";

/**
 * The operator console's sign-in, session and form rules against the real
 * server, a real SMTP server and the real SQLite store (requirements OPS-2,
 * OPS-3, OPS-8), with a clock the test moves.
 */

const OPERATOR = "ops@veilvault.example";
const MINUTE = 60_000;

let server: LeadServer | undefined;
let mail: MailSink | undefined;
let clock = new Date();

afterEach(async () => {
  await server?.close();
  await mail?.close();
  server = undefined;
  mail = undefined;
});

async function start(adminEmails = OPERATOR): Promise<{ server: LeadServer; mail: MailSink }> {
  // Real time: the deliverer sends a sign-in link only within its 15 minutes, by its own clock.
  clock = new Date();
  mail = await startMailSink();
  server = await startLeadServer({
    delivery: readDeliveryConfig({ SMTP_URL: mail.url, MAIL_FROM: "Veilvault website <web@veilvault.example>", ...(adminEmails ? { ADMIN_EMAILS: adminEmails } : {}) }),
    consoleNow: () => clock,
    // The server's own limits a client address (LEAD-31): these tests are about them.
    sourceLimitsPerHour: SOURCE_LIMITS_PER_HOUR,
  });
  return { server, mail };
}

function form(path: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${server!.origin}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: server!.origin, ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

function get(path: string, cookie = ""): Promise<Response> {
  return fetch(`${server!.origin}${path}`, { redirect: "manual", headers: cookie ? { cookie } : {} });
}

/** The path and query of the newest sign-in link mailed, once more than `before` sign-in e-mails have arrived. */
async function mailedLink(before: number): Promise<string> {
  const signIns = () => mail!.messages.filter((message) => message.subject.includes("sign-in link"));
  await expect.poll(() => signIns().length, { timeout: 30_000 }).toBeGreaterThan(before);
  const url = new URL(signIns().at(-1)!.text.match(/https:\/\/\S+/)![0]);
  return `${url.pathname}${url.search}`;
}

const signInsSoFar = () => mail!.messages.filter((message) => message.subject.includes("sign-in link")).length;

async function signIn(): Promise<string> {
  const before = signInsSoFar();
  await form("/console/sign-in", { email: OPERATOR });
  const answer = await form(await mailedLink(before), {});
  expect(answer.headers.get("location")).toBe("/console/traffic");
  return answer.headers.get("set-cookie")!.split(";")[0]!;
}

async function csrfOf(cookie: string): Promise<string> {
  const page = await (await get("/console/leads?status=all", cookie)).text();
  return page.match(/name="csrf" value="([^"]+)"/)![1]!;
}

describe("the operator console (OPS-1 to OPS-3, OPS-6, OPS-8)", () => {
  it("answers every address alike, and e-mails a single-use link only to an operator", async () => {
    await start();
    const answers = await Promise.all(["Ops@VeilVault.example", "stranger@veilvault.example", "ops@veilvault.example.evil.example"].map((email) => form("/console/sign-in", { email })));
    const shapes = await Promise.all(answers.map(async (answer) => [answer.status, answer.headers.get("location"), answer.headers.get("set-cookie"), await answer.text()]));
    expect(new Set(shapes.map((shape) => JSON.stringify(shape))).size).toBe(1);
    expect(shapes[0]!.slice(0, 3)).toEqual([303, "/console/sign-in/sent", null]);
    const [message] = await mail!.waitFor(1);
    // To the address exactly as ADMIN_EMAILS lists it, never as typed (LEAD-30).
    expect(message!.to).toEqual([OPERATOR]);
    expect(message!.subject).toBe("Your sign-in link for the veilvault.example console");
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(mail!.messages).toHaveLength(1);
  });

  // LEAD-30: a lookalike of an operator's address is another mailbox, and a link goes only to the address as configured.
  it("mails no link to a lookalike of an operator's address, and mails an operator's link only to the address as configured", async () => {
    await start("admin@veilvault.example,kiki@example.com,ross@example.org");
    // Dotless ı, sharp s and long s: other mailboxes, which a Unicode case fold joined to the operators'.
    const lookalikes = ["adm\u0131n@veilvault.example", "ro\u00df@example.org", "ro\u017f\u017f@example.org"];
    // The Kelvin sign is K in NFC: the typed spelling is the operator's own mailbox, so the link goes to the configured one.
    const answers = await Promise.all([...lookalikes, "\u212Aiki@example.com", "Ross@Example.ORG"].map((email) => form("/console/sign-in", { email })));
    expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([303]));
    const messages = await mail!.waitFor(2);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(mail!.messages).toHaveLength(2);
    expect(messages.map((message) => message.to).sort()).toEqual([["kiki@example.com"], ["ross@example.org"]]);
  });

  it("spends a link once, replaces an unused one with a newer one, and refuses it after 15 minutes", async () => {
    await start();
    // Links are asked for at the real time, since the deliverer sends by its own clock; then the test's clock moves.
    await form("/console/sign-in", { email: OPERATOR });
    const replaced = await mailedLink(0);
    await form("/console/sign-in", { email: OPERATOR });
    const link = await mailedLink(1);
    // The newer request replaced the unused link (OPS-2).
    expect((await form(replaced, {})).headers.get("location")).toBe("/console/sign-in/link-invalid");
    // Opening a link changes nothing: only its page's button signs in.
    expect((await get(link)).status).toBe(200);
    const first = await form(link, {});
    expect(first.headers.get("location")).toBe("/console/traffic");
    const again = await form(link, {});
    expect([again.status, again.headers.get("location"), again.headers.get("set-cookie")]).toEqual([303, "/console/sign-in/link-invalid", null]);
    expect((await form("/console/sign-in/link?token=not-a-token", {})).headers.get("location")).toBe("/console/sign-in/link-invalid");
    await form("/console/sign-in", { email: OPERATOR });
    const late = await mailedLink(2);
    clock = new Date(clock.getTime() + 16 * MINUTE);
    expect((await form(late, {})).headers.get("location")).toBe("/console/sign-in/link-invalid");
  });

  // OPS-2, LEAD-31: strangers' requests are limited per address, and never use up the operator's links.
  it("lets an operator sign in after strangers' requests for their link, and limits each address a minute", async () => {
    await start();
    const post = (from: string) =>
      server!.postFrom(from, "/console/sign-in", new URLSearchParams({ email: OPERATOR }).toString(), { "content-type": "application/x-www-form-urlencoded" });
    // Five from one address: the per-minute limit's worth; the sixth is refused there.
    const stranger = [];
    for (let index = 0; index < 6; index += 1) stranger.push((await post("127.0.0.2")).status);
    expect(stranger).toEqual([303, 303, 303, 303, 303, 429]);
    // Another address's five more: the operator's links are not used up by strangers.
    const other = [];
    for (let index = 0; index < 5; index += 1) other.push((await post("127.0.0.3")).status);
    expect(other).toEqual([303, 303, 303, 303, 303]);
    await expect.poll(async () => (await server!.store.listConsoleAudit({ limit: 50, action: "requested a sign-in link" })).entries.length, { timeout: 30_000 }).toBe(10);
    // Once the strangers' e-mails are sent (or, replaced, dropped unsent), the operator asks from their own address,
    // and the one e-mail that then arrives brings a link that signs them in.
    await expect.poll(async () => (await server!.store.outboxStats(new Date())).pending, { timeout: 30_000 }).toBe(0);
    const before = signInsSoFar();
    expect((await post("127.0.0.4")).status).toBe(303);
    const link = await mailedLink(before);
    expect((await form(link, {})).headers.get("location")).toBe("/console/traffic");
    expect(signInsSoFar()).toBe(before + 1);
    // The refusal was counted for the console.
    await expect.poll(async () => (await server!.store.listConsoleAudit({ limit: 10, action: "limit reached" })).entries.map((entry) => entry.subject), { timeout: 30_000 }).toContainEqual(
      expect.stringMatching(/^Console sign-in requests refused: too many from one address: 1$/),
    );
  });

  it("keeps the session in a __Host- cookie, HttpOnly, Secure and SameSite=Strict, ends it on sign-out and after 30 idle minutes", async () => {
    await start();
    const signedOut = await signIn();
    const csrf = await csrfOf(signedOut);
    const out = await form("/console/sign-out", { csrf }, { cookie: signedOut });
    expect(out.headers.get("set-cookie")).toMatch(/^__Host-veilvault-console=; .*Max-Age=0$/);
    expect((await get("/console/traffic", signedOut)).status).toBe(303);

    const before = signInsSoFar();
    await form("/console/sign-in", { email: OPERATOR });
    const answer = await form(await mailedLink(before), {});
    const header = answer.headers.get("set-cookie")!;
    expect(header).toMatch(/^__Host-veilvault-console=[A-Za-z0-9_-]{43}; Path=\/; Secure; HttpOnly; SameSite=Strict; Max-Age=28800$/);
    const cookie = header.split(";")[0]!;
    clock = new Date(clock.getTime() + 29 * MINUTE);
    expect((await get("/console/traffic", cookie)).status).toBe(200);
    clock = new Date(clock.getTime() + 29 * MINUTE);
    expect((await get("/console/traffic", cookie)).status).toBe(200);
    clock = new Date(clock.getTime() + 31 * MINUTE);
    const idle = await get("/console/traffic", cookie);
    expect([idle.status, idle.headers.get("location")]).toEqual([303, "/console/sign-in"]);
  });

  it("takes a change only with the session's form token, from our own origin", async () => {
    await start();
    const cookie = await signIn();
    const csrf = await csrfOf(cookie);
    const saved = await server!.post("/id/website/leads", {
      firstName: "Ines",
      lastName: "Oyelaran",
      email: "ines@harbour-clinics.example",
      companyName: "Harbour Clinics",
      contactNumber: "14155550100",
      description: "Tokenizing visit notes.",
      termsAccepted: true,
    });
    const { id } = (await saved.json()) as { id: string };
    const path = `/console/leads/${id}/handled`;
    expect((await form(path, {}, { cookie })).status).toBe(403);
    expect((await form(path, { csrf: "x".repeat(43) }, { cookie })).status).toBe(403);
    expect((await form(path, { csrf }, { cookie, origin: "https://attacker.example" })).status).toBe(403);
    expect((await form(path, { csrf }, { cookie, origin: "null" })).status).toBe(403);
    expect((await form(path, { csrf })).status).toBe(403);
    expect((await server!.store.getLead(id))?.handledAt).toBeNull();
    const done = await form(path, { csrf }, { cookie });
    expect([done.status, done.headers.get("location")]).toEqual([303, `/console/leads/${id}?handled=1`]);
    expect(await server!.store.getLead(id)).toMatchObject({ handledBy: OPERATOR });
    expect((await server!.store.listConsoleAudit({ limit: 10 })).entries.map((entry) => [entry.operator, entry.action, entry.subject])).toContainEqual([OPERATOR, "marked lead handled", id]);
  });

  it("limits sign-in requests to five a minute and link posts to ten from one address, with a page that says so", async () => {
    await start();
    const statuses = [];
    for (let index = 0; index < 6; index++) statuses.push((await form("/console/sign-in", { email: `person${index}@example.org` })).status);
    expect(statuses).toEqual([303, 303, 303, 303, 303, 429]);
    const limited = await form("/console/sign-in", { email: OPERATOR });
    expect(limited.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await limited.text()).toContain("Too many sign-in requests");
    // A link's button too: ten a minute from one address, so no script can spend tokens at its own speed (OPS-2).
    const spends = [];
    for (let index = 0; index < 11; index++) spends.push((await form(`/console/sign-in/link?token=${"A".repeat(42)}${index % 10}`, {})).status);
    expect(spends).toEqual([...Array<number>(10).fill(303), 429]);
  });

  it("answers hostile input with a clear 4xx and never a 5xx", async () => {
    await start();
    const cookie = await signIn();
    const csrf = await csrfOf(cookie);
    const gets: [string, number][] = [
      ["/console/leads/not-an-id", 404],
      ["/console/leads/00000000-0000-4000-8000-000000000000", 404],
      ["/console/traffic?from=2026-02-30&to=2026-03-01", 400],
      ["/console/traffic?from=2026-11-26&to=2026-01-01", 400],
      ["/console/traffic?from=1900-01-01&to=2026-01-01", 400],
      [`/console/leads?q=${"%00".repeat(2000)}&status=%3Cscript%3E&page=-5`, 200],
      ["/console/leads?page=99999999999999999999", 200],
      ["/console/sign-in/link?token=%3Cscript%3E", 303],
    ];
    for (const [path, status] of gets) expect((await get(path, cookie)).status, path).toBe(status);
    const posts: [string, RequestInit, number][] = [
      ["/console/delivery/not-a-job/retry", { body: `csrf=${csrf}` }, 404],
      ["/console/leads/not-an-id/erase", { body: `csrf=${csrf}&confirm=yes` }, 404],
      ["/console/sign-in", { body: "email=" + "a".repeat(5000) }, 413],
      ["/console/sign-in", { body: JSON.stringify({ email: ["ops@veilvault.example"] }), headers: { "content-type": "application/json" } }, 400],
      ["/console/sign-in", { body: "email=%E0%80%80" }, 400],
    ];
    for (const [path, init, status] of posts) {
      const answer = await fetch(`${server!.origin}${path}`, {
        method: "POST",
        redirect: "manual",
        ...init,
        headers: { "content-type": "application/x-www-form-urlencoded", origin: server!.origin, cookie, ...(init.headers as Record<string, string> | undefined) },
      });
      expect(answer.status, path).toBe(status);
    }
    expect(server!.logs.filter((line) => line.includes('"level":50'))).toEqual([]);
  });

  it("counts newsletter sign-ups by state and exports them (OPS-6)", async () => {
    await start();
    for (const email of ["one@example.org", "two@example.org"]) {
      expect((await server!.post("/id/website/newsletter", { email, consent: true })).status).toBe(201);
    }
    const cookie = await signIn();
    const page = await (await get("/console/newsletter", cookie)).text();
    const figure = (label: string) => page.match(new RegExp(`<dt>${label}</dt><dd>(\\d+)</dd>`))?.[1];
    expect([figure("Confirmed"), figure("Waiting for confirmation"), figure("Unsubscribed")]).toEqual(["0", "2", "0"]);
    const csv = await get("/console/newsletter.csv", cookie);
    expect(csv.headers.get("content-disposition")).toMatch(/^attachment; filename="veilvault-newsletter-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = await csv.text();
    expect(text).toContain("one@example.org");
    expect(text).toContain("two@example.org");
    expect((await server!.store.listConsoleAudit({ limit: 5 })).entries.map((entry) => entry.action)).toContain("exported newsletter");
  });

  it("serves its pages under their own CSP, noindex and no-store, and is not served without ADMIN_EMAILS", async () => {
    await start();
    const cookie = await signIn();
    for (const path of ["/console/sign-in", "/console/traffic", "/console/leads", "/console/newsletter", "/console/delivery", "/console/audit"]) {
      const answer = await get(path, cookie);
      expect(answer.status, path).toBe(200);
      expect(answer.headers.get("content-security-policy"), path).toBe(CONSOLE_CSP);
      expect(answer.headers.get("x-robots-tag"), path).toBe("noindex, nofollow");
      expect(answer.headers.get("cache-control"), path).toBe("no-store");
      expect(await answer.text(), path).not.toMatch(/<script/i);
    }
    await server!.close();
    await mail!.close();
    server = undefined;
    await start("");
    expect((await get("/console")).status).toBe(404);
    expect((await form("/console/sign-in", { email: OPERATOR })).status).toBe(405);
  });
});
