import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fontkit from "@pdf-lib/fontkit";
import { decodePDFRawStream, PDFDict, PDFDocument, PDFName, PDFRawStream } from "pdf-lib";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_TRUST_REQUESTS_PATH, TRUST_MANIFEST_FILE, TRUST_PAGES, TRUST_PRIVATE_DIR } from "../../common/trust-center.ts";
import { readDeliveryConfig } from "../../server/delivery/config.ts";
import { canonicalMailbox } from "../../server/lib/mailbox.ts";
import { DATABASE_FILE } from "../../server/db/sqlite/store.ts";
import { loadTrustLibrary, readTrustManifest, type TrustLibrary } from "../../server/trust/documents.ts";
import type { TrustServiceOptions } from "../../server/trust/routes.ts";
import { SITE_URL, startLeadServer, type LeadServer } from "../support/lead-server.ts";
import { startMailSink, startWebhookSink, type MailSink, type WebhookSink } from "../support/delivery-sinks.ts";
import { popplerText, readPdf } from "../support/pdf-text.ts";
import { SOURCE_LIMITS_PER_HOUR, type SourceLimits } from "../../server/limits/cap-hits.ts";
import { tokenHash } from "../../server/lib/link-tokens.ts";

/**
 * Requirements TRUST-4 to TRUST-7 against real parts: the server with its
 * real SQLite store, the build's own gated document, a real SMTP server and a
 * receiver that checks each webhook's signature. The server's clock is the
 * test's, so a link can expire without waiting a week.
 */

const SECRET = "whsec_" + Buffer.from("a test key of thirty-two bytes!!").toString("base64");
const APPROVER = "security@veilvault.example";
const DAY_MS = 86_400_000;
const library = loadTrustLibrary(join(import.meta.dirname, "../../build/private"));
const [gated] = library.documents;

vi.setConfig({ testTimeout: 60_000 });

let server: LeadServer;
let mail: MailSink;
let hooks: WebhookSink;
let clock = Date.now();

afterEach(async () => {
  await server.close();
  await mail.close();
  await hooks.close();
});

async function start(
  caps = { perMailboxPerDay: 10, perDomainPerHour: 10, perHour: 100 },
  trust: { library?: TrustLibrary; stamping?: TrustServiceOptions["stamping"] } = {},
  sourceLimitsPerHour?: SourceLimits,
) {
  clock = Date.now();
  mail = await startMailSink();
  hooks = await startWebhookSink(SECRET);
  server = await startLeadServer({
    delivery: readDeliveryConfig({
      SMTP_URL: mail.url,
      MAIL_FROM: "Veilvault website <web@veilvault.example>",
      TRUST_APPROVERS: APPROVER,
      LEAD_WEBHOOK_URL: hooks.url,
      LEAD_WEBHOOK_SECRET: SECRET,
    }),
    trust: { library: trust.library ?? library, caps, now: () => new Date(clock), ...(trust.stamping ? { stamping: trust.stamping } : {}) },
    ...(sourceLimitsPerHour ? { sourceLimitsPerHour } : {}),
  });
}

const request = {
  name: "Zoë Ångström-Dubois",
  email: "zoe.angstrom@northwind-health.example",
  company: "Northwind Health",
  role: "Head of Security",
  documents: [gated?.id ?? ""],
  reason: "Vendor security review before a pilot.",
  ndaVersion: library.nda.version,
  ndaAccepted: true,
};

/** The links of an e-mail, each followed on the test server rather than the public site. */
function links(text: string): string[] {
  return [...text.matchAll(/https:\/\/\S+/g)].map((match) => {
    const url = new URL(match[0]);
    expect(url.origin).toBe(SITE_URL);
    return `${server.origin}${url.pathname}${url.search}`;
  });
}

/** Presses a link page's one button: a form post to the page's own URL, as the browser sends it. */
function press(link: string): Promise<Response> {
  return fetch(link, { method: "POST", redirect: "manual", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "" });
}

/** A refusal as a visitor meets it: status, where it leads, what it says. */
async function answer(response: Response): Promise<string> {
  return JSON.stringify({ status: response.status, location: response.headers.get("location"), cache: response.headers.get("cache-control"), body: await response.text() });
}

async function requestAndApprove(): Promise<{ download: string; approve: string; deny: string }> {
  const sent = mail.messages.length;
  expect((await server.post(DEFAULT_TRUST_REQUESTS_PATH, request)).status).toBe(202);
  const approverMail = (await mail.waitFor(sent + 1)).at(-1)!;
  const [approve = "", deny = ""] = links(approverMail.text).filter((link) => link.includes("/trust/"));
  const approved = await press(approve);
  expect(approved.status).toBe(303);
  expect(approved.headers.get("location")).toBe(TRUST_PAGES.approved);
  const granted = (await mail.waitFor(sent + 2)).at(-1)!;
  const [download = ""] = links(granted.text);
  return { download, approve, deny };
}

describe("the Trust Center's gated documents (TRUST-4 to TRUST-7)", () => {
  it("takes a request, asks the approver, sends the approved requester a copy stamped on every page, once", async () => {
    await start();
    const posted = await server.post(DEFAULT_TRUST_REQUESTS_PATH, request);
    expect(posted.status).toBe(202);
    expect(await posted.json()).toEqual({ received: true });

    // The approver's e-mail: every field, Reply-To the requester, and the two links.
    const [approverMail] = await mail.waitFor(1);
    expect(approverMail!.to).toEqual([APPROVER]);
    expect(approverMail!.replyTo).toContain(request.email);
    expect(approverMail!.subject).toMatch(/^Trust Center request to approve \(request [0-9a-f]{8}\)$/);
    for (const value of [request.name, request.company, request.role, request.reason, gated!.title, `version ${library.nda.version}`, library.nda.sha256]) {
      expect(approverMail!.text).toContain(value);
    }
    const [approve = "", deny = ""] = links(approverMail!.text);
    expect(approve).toContain(`${TRUST_PAGES.approve}?token=`);
    expect(deny).toContain(`${TRUST_PAGES.deny}?token=`);

    // The signed webhook, checked by the receiver.
    const [hook] = await hooks.waitFor(1);
    expect(hook!.verified).toBe(true);
    expect(hook!.body).toMatchObject({ type: "trust.access_requested", request: { name: request.name, email: request.email, documents: request.documents, ndaVersion: library.nda.version, ndaHash: library.nda.sha256 } });

    // A link scanner's GET decides nothing; the button's post does.
    await fetch(approve);
    expect((await server.store.listTrustRequests())[0]?.status).toBe("pending");
    const approved = await press(approve);
    expect(approved.headers.get("location")).toBe(TRUST_PAGES.approved);

    const [, granted] = await mail.waitFor(2);
    expect(granted!.to).toEqual([request.email]);
    expect(granted!.subject).toBe("Your Veilvault Trust Center documents are ready");
    const [download = ""] = links(granted!.text);
    expect(download).toContain(`${TRUST_PAGES.download}?token=`);

    const copy = await press(download);
    expect(copy.status).toBe(200);
    expect(copy.headers.get("content-type")).toBe("application/pdf");
    expect(copy.headers.get("cache-control")).toBe("no-store");
    expect(copy.headers.get("content-disposition")).toMatch(/^attachment; filename="veilvault-[a-z0-9-]+-[0-9a-f]{8}\.pdf"$/);
    const stored = (await server.store.listTrustRequests())[0]!;
    const pdf = await readPdf(new Uint8Array(await copy.arrayBuffer()));
    expect(pdf.pageCount).toBeGreaterThan(3);
    const date = new Date(clock).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
    // pdf.js splits runs where the font changes: compared without spaces.
    const squeeze = (text: string) => text.replace(/\s+/g, "");
    for (const [index, page] of pdf.pages.entries()) {
      for (const value of [request.name, request.company, request.email, stored.id, date]) {
        expect(squeeze(page), `page ${index + 1} lacks ${value}`).toContain(squeeze(value));
      }
    }
    expect(stored).toMatchObject({ status: "approved", decidedBy: `email link: ${APPROVER}`, downloads: [{ document: gated!.id }] });

    // Used once: the second press is refused like any other.
    expect(await answer(await press(download))).toBe(await answer(await press(`${server.origin}${TRUST_PAGES.download}?token=${"A".repeat(43)}`)));

    // No working link anywhere in the database's files, and no personal data in the log.
    const bytes = Buffer.concat(
      await Promise.all(["", "-wal"].map((suffix) => readFile(join(server.dataDir, DATABASE_FILE + suffix)).catch(() => Buffer.alloc(0)))),
    ).toString("latin1");
    for (const link of [approve, deny, download]) expect(bytes).not.toContain(new URL(link).searchParams.get("token"));
    const log = server.logs.join("\n");
    for (const value of [request.name, request.email, request.company, request.reason]) expect(log).not.toContain(value);
  });

  it("answers an expired, used, denied, revoked, unknown or malformed link with one identical refusal", async () => {
    await start();
    const refusal = await answer(await press(`${server.origin}${TRUST_PAGES.download}?token=${randomBytes(32).toString("base64url")}`));
    expect(JSON.parse(refusal)).toMatchObject({ status: 303, location: TRUST_PAGES.linkInvalid, cache: "no-store" });

    // Expired: a week and a day after approval, by the server's clock.
    const first = await requestAndApprove();
    clock += 8 * DAY_MS;
    expect(await answer(await press(first.download))).toBe(refusal);
    // The approve link was used; the deny link of a decided request is spent too.
    expect(await answer(await press(first.approve))).toBe(refusal);
    expect(await answer(await press(first.deny))).toBe(refusal);

    // Denied: the requester is told, and the approve link no longer works.
    clock = Date.now();
    const sent = mail.messages.length;
    expect((await server.post(DEFAULT_TRUST_REQUESTS_PATH, { ...request, email: "ravi@northwind-health.example" })).status).toBe(202);
    const [approve = "", deny = ""] = links((await mail.waitFor(sent + 1)).at(-1)!.text);
    expect((await press(deny)).headers.get("location")).toBe(TRUST_PAGES.denied);
    const deniedMail = (await mail.waitFor(sent + 2)).at(-1)!;
    expect(deniedMail.subject).toBe("Your Veilvault Trust Center request");
    expect(deniedMail.text).not.toMatch(/https:\/\/\S+\/trust\/download/);
    expect(await answer(await press(approve))).toBe(refusal);

    // Revoked by an operator before the copy was taken.
    clock += 1000;
    const third = await requestAndApprove();
    const revokedId = (await server.store.listTrustRequests()).at(-1)!.id;
    expect(await server.store.revokeTrustAccess(revokedId, new Date(clock))).toBe(true);
    expect(await answer(await press(third.download))).toBe(refusal);

    // Malformed: no token, a short one, one with other characters.
    for (const query of ["", "?token=abc", `?token=${"%00".repeat(43)}`, `?token=${"A".repeat(43)}&token=${"B".repeat(43)}`]) {
      expect(await answer(await press(`${server.origin}${TRUST_PAGES.download}${query}`))).toBe(refusal);
    }
  });

  it("puts the real approve and deny links first and quotes the requester's text after them with no link of theirs, Reply-To their bare address (TRUST-5)", async () => {
    await start();
    const forged = {
      ...request,
      // A display name that reads as one of ours, where Reply-To would show it.
      name: "Veilvault Security Team <security@veilvault.example>",
      email: "mallory@evil-corp.example",
      role: "CISO, see https://evil.example/about",
      reason: [
        "Vendor review.",
        "",
        "To approve, open this link and press the button on the page:",
        "Approve: https://evil.example/trust/approve?token=forged",
        "Deny: approvals.example.com/trust/deny?token=forged",
        "Questions: www.evil.example or mallory@evil.com or 192.0.2.7/approve",
      ].join("\n"),
    };
    expect((await server.post(DEFAULT_TRUST_REQUESTS_PATH, forged)).status).toBe(202);
    const [received] = await mail.waitFor(1);
    const { text, textAsHtml, html, headers } = received!;

    expect(headers.get("reply-to")).toBe(forged.email);
    // One text part: there is no HTML part a forged block could hide in.
    expect(html).toBe("");
    // The only links a mail client makes (mailparser's linkifier, as strict as theirs) are ours.
    const hrefs = [...textAsHtml.matchAll(/<a href="([^"]*)"/g)].map((match) => match[1]);
    expect(hrefs).toHaveLength(2);
    for (const href of hrefs) expect(new URL(href ?? "").origin).toBe(SITE_URL);
    const [approve = "", deny = ""] = links(text);
    expect(approve).toContain(`${TRUST_PAGES.approve}?token=`);
    expect(deny).toContain(`${TRUST_PAGES.deny}?token=`);
    expect(text).not.toMatch(/evil\.|evil-corp\.|example\.com|192\.0\.2\.7|https?:\/\/(?!veilvault\.example\/)/);

    // After the actions: the requester's every line, quoted under one heading, links made inert but readable.
    const lines = text.split("\n");
    const heading = lines.indexOf("Sent by the requester, unverified:");
    expect(heading).toBeGreaterThan(lines.findIndex((line) => line.startsWith(`${SITE_URL}${TRUST_PAGES.deny}?token=`)));
    const block = lines.slice(heading + 1, lines.findLastIndex((line) => line !== "") + 1);
    expect(block.every((line) => line === ">" || line.startsWith("> "))).toBe(true);
    expect(block).toEqual(
      expect.arrayContaining([
        "> Name: Veilvault Security Team <security@veilvault[.]example>",
        "> E-mail: mallory@evil-corp[.]example",
        "> Approve: hxxps[:]//evil[.]example/trust/approve?token=forged",
        "> Deny: approvals[.]example[.]com/trust/deny?token=forged",
        "> Questions: www[.]evil[.]example or mallory@evil[.]com or 192[.]0[.]2[.]7/approve",
      ]),
    );
    // Above the heading, no word of theirs.
    const ours = lines.slice(0, heading).join("\n");
    for (const value of ["Veilvault Security Team", "mallory", "CISO", "To approve, open this link and press the button on the page:\nApprove"]) expect(ours).not.toContain(value);
  });

  it("answers every well-formed request alike, stores one past the caps too, and refuses a bad one with a 400 and nothing stored", async () => {
    await start({ perMailboxPerDay: 1, perDomainPerHour: 10, perHour: 100 });
    const first = await server.post(DEFAULT_TRUST_REQUESTS_PATH, request);
    const capped = await server.post(DEFAULT_TRUST_REQUESTS_PATH, { ...request, email: request.email.toUpperCase() });
    expect([first.status, capped.status]).toEqual([202, 202]);
    expect(await capped.json()).toEqual(await first.json());
    expect(await server.store.listTrustRequests()).toHaveLength(2);

    const bad: [string, unknown][] = [
      ["no terms", { ...request, ndaAccepted: false }],
      ["old terms", { ...request, ndaVersion: "2020-01" }],
      ["unknown document", { ...request, documents: ["secrets"] }],
      ["no document", { ...request, documents: [] }],
      ["documents not a list", { ...request, documents: "dpa" }],
      ["hidden characters", { ...request, name: "Zoë\u202Egnirts" }],
      ["an address list", { ...request, email: "a@example.org, b@example.org" }],
      ["an unknown field", { ...request, admin: true }],
      ["a string body", "request"],
    ];
    for (const [what, body] of bad) {
      const response = await server.post(DEFAULT_TRUST_REQUESTS_PATH, body);
      expect(response.status, what).toBe(400);
    }
    expect(await server.store.listTrustRequests()).toHaveLength(2);
  });

  // TRUST-6, LEAD-31: a flood fills the hourly caps; a genuine request after it is stored and reaches the approvers in a digest.
  it("stores and tells the approvers of a genuine request after a flood past every cap, in one digest rather than an e-mail each", async () => {
    await start({ perMailboxPerDay: 3, perDomainPerHour: 10, perHour: 4 });
    const junk = Array.from({ length: 8 }, (_, index) => ({ ...request, name: `Flood ${index}`, email: `flood-${index}@junk-${index}.example` }));
    const answers = [];
    // From eight addresses, as the reviewer's did: no per-source limit stops them.
    for (const [index, body] of junk.entries()) answers.push(await server.postFrom(`127.0.0.${index + 2}`, DEFAULT_TRUST_REQUESTS_PATH, body));
    const genuine = await server.postFrom("127.0.0.20", DEFAULT_TRUST_REQUESTS_PATH, { ...request, name: "Priya Raman", email: "priya.raman@genuine-buyer.example" });
    expect([...answers, genuine].map((answer) => answer.status)).toEqual(Array<number>(9).fill(202));
    expect(new Set([...answers, genuine].map((answer) => answer.text)).size).toBe(1);
    const stored = await server.store.listTrustRequests();
    expect(stored).toHaveLength(9);
    const priya = stored.find((row) => row.name === "Priya Raman");
    expect(priya).toBeDefined();
    // Four e-mails one by one, then the first digest at once (it had no wait); the rest wait for the next digest.
    await mail.waitFor(5);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const toApprover = mail.messages.filter((message) => message.to.includes(APPROVER));
    const single = toApprover.filter((message) => message.subject.startsWith("Trust Center request to approve"));
    const digests = toApprover.filter((message) => message.subject.startsWith("Trust Center requests to approve"));
    expect(single).toHaveLength(4);
    expect(digests.length).toBeGreaterThanOrEqual(1);
    // The digest not yet claimed: one being sent now is already in a mail above.
    const waiting = (await server.store.listJobs({ dead: false })).filter((job) => job.event === "trust.access_digest" && job.attempts === 0);
    // Every request is in an e-mail sent, or in the one digest still to go: none is lost.
    const told = new Set([...toApprover.flatMap((message) => [...message.text.matchAll(/[0-9a-f-]{36}/g)].map((match) => match[0])), ...waiting.map((job) => job.subjectId)]);
    expect(stored.every((row) => told.has(row.id))).toBe(true);
    expect(waiting.map((job) => job.subjectId)).toContain(priya!.id);
    const due = new Set(waiting.map((job) => Date.parse(job.nextAttemptAt)));
    expect(due.size).toBe(1);
    expect([...due][0]! - Date.now()).toBeLessThanOrEqual(15 * 60_000);
    // The digest's links work like the single e-mail's: each request's approve link approves that request.
    const [digest] = digests;
    const approveLinks = links(digest!.text).filter((link) => link.includes("/approve"));
    expect(approveLinks.length).toBeGreaterThanOrEqual(1);
    expect((await press(approveLinks[0]!)).headers.get("location")).toBe(TRUST_PAGES.approved);
    // What a requester typed comes after the links, quoted, and never as a link.
    expect(digest!.text).toMatch(/To deny: https:\/\/[^\n]+\n {3}Sent by the requester, unverified:\n> Name: Flood/);
  });

  it("limits requests from one address to ten an hour, with a 429 and Retry-After, and stores none past it", async () => {
    await start(undefined, {}, SOURCE_LIMITS_PER_HOUR);
    const statuses = [];
    // The test server's per-minute limit is far higher: the hourly one is what stops the eleventh.
    expect(SOURCE_LIMITS_PER_HOUR.trust).toBe(10);
    for (let index = 0; index < 10; index += 1) {
      statuses.push((await server.postFrom("127.0.0.30", DEFAULT_TRUST_REQUESTS_PATH, { ...request, email: `person-${index}@one-source.example` })).status);
    }
    expect(statuses).toEqual(Array<number>(10).fill(202));
    const refused = await server.postFrom("127.0.0.30", DEFAULT_TRUST_REQUESTS_PATH, { ...request, email: "late@one-source.example" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(60);
    expect(await server.store.listTrustRequests()).toHaveLength(10);
    expect((await server.postFrom("127.0.0.31", DEFAULT_TRUST_REQUESTS_PATH, { ...request, email: "other@another-source.example" })).status).toBe(202);
  });
});

/**
 * Approved requests written straight to the server's store, each with its
 * download link (no e-mail round trip): for tests about what a download does.
 */
async function approvedLinks(people: readonly { name: string; company: string }[]): Promise<string[]> {
  const now = new Date(clock);
  const links: string[] = [];
  for (const [n, person] of people.entries()) {
    const approve = randomBytes(32).toString("base64url");
    const download = randomBytes(32).toString("base64url");
    const email = `buyer-${n}-${randomBytes(4).toString("hex")}@northwind-health.example`;
    const { documents, reason, role, ndaVersion } = request;
    const saved = await server.store.saveTrustRequest({
      body: { ...person, email, role, documents, reason, ndaVersion },
      mailbox: canonicalMailbox(email),
      ndaHash: library.nda.sha256,
      now,
      decisionLinks: [{ tokenHash: tokenHash(approve), decision: "approve", approver: APPROVER }],
      decisionExpiresAt: new Date(now.getTime() + DAY_MS),
      jobs: [],
      caps: { perMailboxPerDay: 100, perDomainPerHour: 100, perHour: 100 },
    });
    expect(saved.outcome).toBe("queued");
    const decided = await server.store.decideTrustRequest({
      target: { tokenHash: tokenHash(approve), decision: "approve" },
      outcome: "approved",
      now,
      decidedBy: "email link",
      grants: [{ tokenHash: tokenHash(download), document: gated!.id }],
      grantExpiresAt: new Date(now.getTime() + DAY_MS),
      jobs: [],
    });
    expect(decided.status).toBe("done");
    links.push(`${server.origin}${TRUST_PAGES.download}?token=${download}`);
  }
  return links;
}

/** The home page's answer times, one request after another, until `busy` settles. */
async function pageTimesWhile(busy: Promise<unknown>): Promise<number[]> {
  const state = { settled: false };
  void busy.finally(() => (state.settled = true));
  const times: number[] = [];
  while (!state.settled || times.length < 20) {
    const started = performance.now();
    await (await fetch(`${server.origin}/`)).arrayBuffer();
    times.push(performance.now() - started);
  }
  return times;
}

function percentile(values: readonly number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? Number.NaN;
}

/**
 * The home page's 99th percentile while stamps run. On the event loop ten
 * stamps held it 3.6 s here; off it, 35 to 71 ms, mostly this process's own
 * test client receiving the copies on two shared cores. The bound leaves
 * room for a machine running other suites at once.
 */
const PAGE_P99_MS = 400;

const stampsLogged = () => server.logs.filter((line) => line.includes('"msg":"trust copy stamped"')).length;

describe("downloads under load (TRUST-9)", () => {
  it("spends a link once when ten posts race for it: one copy, one stamp, one download recorded, and pages keep answering", async () => {
    await start();
    const [link = ""] = await approvedLinks([{ name: request.name, company: request.company }]);
    const racing = Promise.all(Array.from({ length: 10 }, () => press(link)));
    const times = await pageTimesWhile(racing);
    const answers = await racing;
    const copies = answers.filter((response) => response.status === 200);
    expect(copies).toHaveLength(1);
    expect(copies[0]!.headers.get("content-type")).toBe("application/pdf");
    const refused = answers.filter((response) => response.status !== 200);
    for (const response of refused) expect({ status: response.status, location: response.headers.get("location") }).toEqual({ status: 303, location: TRUST_PAGES.linkInvalid });
    const [stored] = await server.store.listTrustRequests();
    expect(stored!.downloads).toHaveLength(1);
    expect(stampsLogged(), "stamps made").toBe(1);
    // Stamping on the event loop held the home page for 6.6 s here; in a worker it answers within a stamp's time.
    expect(percentile(times, 0.99), `home page p99 over ${times.length} requests: ${JSON.stringify(times.map(Math.round))}`).toBeLessThan(PAGE_P99_MS);
  });

  it("stamps ten copies at once off the event loop: every link gets its copy while the home page answers at once", async () => {
    await start();
    const links = await approvedLinks(Array.from({ length: 10 }, (_, n) => ({ name: `${request.name} ${n}`, company: request.company })));
    const started = performance.now();
    const all = Promise.all(links.map((link) => press(link)));
    const times = await pageTimesWhile(all);
    const took = performance.now() - started;
    expect((await all).map((response) => response.status)).toEqual(links.map(() => 200));
    const p99 = percentile(times, 0.99);
    expect(p99, `home page p50 ${Math.round(percentile(times, 0.5))} ms, p99 ${Math.round(p99)} ms, max ${Math.round(Math.max(...times))} ms over ${times.length} requests; 10 copies in ${Math.round(took)} ms`).toBeLessThan(PAGE_P99_MS);
    expect(stampsLogged()).toBe(10);
  });

  it("turns a download away with 503 and Retry-After when the stamping queue is full, its link unspent", async () => {
    await start(undefined, { stamping: { workers: 1, queue: 0 } });
    const links = await approvedLinks(Array.from({ length: 3 }, (_, n) => ({ name: `${request.name} ${n}`, company: request.company })));
    const answers = await Promise.all(links.map((link) => press(link)));
    const statuses = answers.map((response) => response.status);
    expect(statuses.every((status) => status === 200 || status === 503), JSON.stringify(statuses)).toBe(true);
    expect(statuses.filter((status) => status === 503).length).toBeGreaterThan(0);
    for (const [index, response] of answers.entries()) {
      if (response.status !== 503) continue;
      expect(response.headers.get("retry-after")).toBe("10");
      expect(await response.text()).toMatch(/Your download link still works/);
      // Turned away before the link was claimed: it gives its copy now.
      expect((await press(links[index]!)).status).toBe(200);
    }
    const stored = await server.store.listTrustRequests();
    expect(stored.map((asked) => asked.downloads.length)).toEqual(links.map(() => 1));
  });

  it("releases the claim when the stamp fails: the link works again and no download is recorded", async () => {
    // The build's files, with the gated PDF broken.
    const root = await mkdtemp(join(tmpdir(), "veilvault-trust-broken-"));
    try {
      const dir = join(root, TRUST_PRIVATE_DIR);
      await mkdir(dir);
      const manifest = readTrustManifest(library.dir);
      await writeFile(join(dir, TRUST_MANIFEST_FILE), JSON.stringify(manifest));
      for (const font of manifest.stampFonts) await symlink(join(library.dir, font.file), join(dir, font.file));
      for (const document of manifest.documents) await writeFile(join(dir, document.file), "%PDF-1.7 not really");
      await start(undefined, { library: loadTrustLibrary(root) });
      const [link = ""] = await approvedLinks([{ name: request.name, company: request.company }]);
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const response = await press(link);
        expect(response.status).toBe(503);
        expect(response.headers.get("retry-after")).toBe("10");
      }
      const hash = tokenHash(new URL(link).searchParams.get("token")!);
      expect(await server.store.trustDownload(hash, new Date(clock))).toMatchObject({ document: gated!.id });
      expect((await server.store.listTrustRequests())[0]!.downloads).toEqual([]);
      const log = server.logs.join("\n");
      expect(log).toContain("trust copy not stamped");
      expect(log).toContain('"restored":true');
      expect(log).not.toContain(request.name);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe("a download that does not reach its requester (TRUST-9)", () => {
  it("gives the link back when the requester leaves before the copy is ready", async () => {
    await start();
    const [link = ""] = await approvedLinks([{ name: request.name, company: request.company }]);
    const hash = tokenHash(new URL(link).searchParams.get("token")!);
    const leaving = new AbortController();
    const pressed = fetch(link, { method: "POST", signal: leaving.signal, headers: { "content-type": "application/x-www-form-urlencoded" }, body: "" }).catch(() => "left");
    // Claimed: the link is spent while its copy is stamped (the first stamp also starts the thread, so a few hundred ms).
    await vi.waitFor(async () => expect(await server.store.trustDownload(hash, new Date(clock))).toBeUndefined(), { interval: 5, timeout: 30_000 });
    leaving.abort();
    expect(await pressed).toBe("left");
    await vi.waitFor(() => expect(server.logs.join("\n")).toContain('"restored":true'), { timeout: 30_000 });
    expect(server.logs.join("\n")).toContain("trust download abandoned before its copy was ready");
    expect((await server.store.listTrustRequests())[0]!.downloads).toEqual([]);
    expect((await press(link)).status).toBe(200);
    expect((await server.store.listTrustRequests())[0]!.downloads).toHaveLength(1);
  });
});

describe("names in any script (TRUST-10)", () => {
  const people = [
    { script: "Devanagari", name: "प्रियंका शर्मा", company: "टाटा कंसल्टेंसी सर्विसेज़" },
    { script: "Tamil", name: "சுப்பிரமணியம் கார்த்திகேயன்", company: "தமிழ்நாடு நிறுவனம்" },
    { script: "CJK", name: "王小明", company: "北京科技有限公司" },
    { script: "Japanese and Korean", name: "山田 さくら", company: "김민준 주식회사" },
    { script: "Arabic", name: "محمد عبد الله", company: "شركة الأمل" },
    { script: "Gujarati", name: "કૃષ્ણ પટેલ", company: "અમદાવાદ ટેક" },
    { script: "Thai", name: "สมชาย ใจดี", company: "บริษัท ไทย จำกัด" },
  ];

  /** Each glyph of the stamp's embedded fonts that lies outside its font's em square, by far: drawn off its place. */
  async function strayGlyphs(copy: Uint8Array): Promise<string[]> {
    const pdf = await PDFDocument.load(copy);
    const stray: string[] = [];
    for (const [, object] of pdf.context.enumerateIndirectObjects()) {
      if (!(object instanceof PDFDict) || object.get(PDFName.of("Type")) !== PDFName.of("FontDescriptor")) continue;
      const name = String(object.get(PDFName.of("FontName")));
      const file = object.lookup(PDFName.of("FontFile2"));
      if (!name.startsWith("/VVST") || !(file instanceof PDFRawStream)) continue;
      const font = fontkit.create(decodePDFRawStream(file).decode());
      const limit = 2 * font.unitsPerEm;
      for (let id = 1; id < font.numGlyphs; id += 1) {
        const { minX, minY, maxX, maxY } = font.getGlyph(id).bbox;
        // An empty glyph (a space) has an infinite box.
        if ([minX, minY, maxX, maxY].some((value) => Number.isFinite(value) && Math.abs(value) > limit)) stray.push(`${name} glyph ${id}`);
      }
    }
    return stray;
  }

  it("draws each name as typed, in fonts embedded only for the scripts it uses", async () => {
    await start();
    const links = await approvedLinks([{ name: request.name, company: request.company }, ...people]);
    const copies = await Promise.all(links.map(async (link) => new Uint8Array(await (await press(link)).arrayBuffer())));
    const fontsOf = (copy: Uint8Array) => [...new Set(Buffer.from(copy).toString("latin1").match(/\/BaseFont \/VVST[A-Z]{2}\+[A-Za-z0-9-]+/g))].map((name) => name.replace(/.*\+/, "")).sort();
    // A Latin name embeds Inter alone.
    expect(fontsOf(copies[0]!).every((font) => font.startsWith("Inter")), fontsOf(copies[0]!).join()).toBe(true);
    // Read back by Poppler (ActualText), with whitespace and the direction marks it adds around right-to-left text removed.
    const squeeze = (text: string) => text.replace(/[\s\u200e\u200f\u202a-\u202e]/g, "");
    for (const [index, person] of people.entries()) {
      const copy = copies[index + 1]!;
      const text = await popplerText(copy);
      expect(squeeze(text), `${person.script} name`).toContain(squeeze(person.name));
      // Arabic draws final ة and ه with one glyph, which maps back to one of them: the company here has both.
      if (person.script !== "Arabic") expect(squeeze(text), `${person.script} company`).toContain(squeeze(person.company));
      const stamp = text.slice(text.indexOf("Prepared for"), text.indexOf("Downloaded"));
      expect(stamp, `${person.script}: nothing drawn as a missing character`).not.toMatch(/[?\uFFFD\u25CC]/);
      // fontkit's own outline encoder put some of a variable font's glyphs tens of ems away (Gujarati ma, Thai ko kai).
      expect(await strayGlyphs(copy), person.script).toEqual([]);
      const fonts = fontsOf(copy);
      expect(fonts.some((font) => font.startsWith("NotoSans")), `${person.script}: ${fonts.join()}`).toBe(true);
      expect(fonts.some((font) => font.startsWith("NotoSansArabic")), `${person.script}: ${fonts.join()}`).toBe(person.script === "Arabic");
    }
  });
});
