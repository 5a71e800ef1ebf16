/**
 * The cross-origin deployment (requirement LEAD-22): the site on a static host,
 * this server as its API. A real Chromium loads a page from another origin
 * (another port on 127.0.0.1) whose script posts exactly as the forms do, so
 * the browser's own preflight and CORS checks decide, as they do for visitors.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import puppeteer, { type Browser } from "puppeteer-core";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { LeadBody } from "../../common/lead-fields.ts";
import { submitLead } from "../../app/lib/submit-lead.ts";
import { DEFAULT_TRUST_REQUESTS_PATH } from "../../common/trust-center.ts";
import { loadTrustLibrary } from "../../server/trust/documents.ts";
import { CHROMIUM_FLAGS, chromiumPath } from "../../scripts/tools/lib/chromium.ts";
import { startLeadServer, type LeadServer } from "../support/lead-server.ts";

const LEADS = "/id/website/leads";
const NEWSLETTER = "/id/website/newsletter";

const lead: LeadBody = {
  firstName: "Ines",
  lastName: "Carvalho",
  email: "ines.carvalho@example.org",
  companyName: "Lumen Diagnostics",
  contactNumber: "447700900456",
  description: "Our lab results pass through three vendors; we want tokens, not names, in all of them.",
  termsAccepted: true,
};

/** What a fetch() call carries; plain JSON, so it can be handed to the page. */
interface Sent {
  url: string;
  init: { method: string; headers: Record<string, string>; body: string };
}

/** The request the contact form makes (app/lib/submit-lead.ts), taken from the form's own code. */
async function contactFormRequest(endpoint: string, body: LeadBody): Promise<Sent> {
  let sent: Sent | undefined;
  vi.stubGlobal("fetch", (url: string, init: RequestInit) => {
    // The form sends its body as a JSON string.
    const body = init.body as string;
    sent = { url, init: { method: String(init.method), headers: { ...(init.headers as Record<string, string>) }, body } };
    return Promise.resolve(new Response(null, { status: 201 }));
  });
  try {
    await submitLead(body, { endpoint, idempotencyKey: "cors-test-key-0001", trap: "", fillMs: 5_000 });
  } finally {
    vi.unstubAllGlobals();
  }
  if (!sent) throw new Error("the form sent nothing");
  return sent;
}

/** The footer's newsletter box (app/components/footer/newsletter-form.tsx) sends only JSON. */
function newsletterRequest(endpoint: string, email: string): Sent {
  return { url: endpoint, init: { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email, consent: true }) } };
}

/** The Trust Center's request form (app/components/trust/trust-request-form.tsx) sends only JSON, to the same API host. */
const trustLibrary = loadTrustLibrary(join(import.meta.dirname, "../../build/private"));
const trustCenter = { library: trustLibrary, caps: { perMailboxPerDay: 10, perDomainPerHour: 10, perHour: 100 }, now: () => new Date() };
function trustRequest(endpoint: string, email: string): Sent {
  const body = {
    name: "Ines Carvalho",
    email,
    company: "Lumen Diagnostics",
    role: "Security lead",
    documents: trustLibrary.documents.slice(0, 1).map((document) => document.id),
    reason: "Vendor review before a pilot.",
    ndaVersion: trustLibrary.nda.version,
    ndaAccepted: true,
  };
  return { url: endpoint, init: { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) } };
}

/** A static host standing in for the one the site is published on: one empty page. */
async function staticHost(): Promise<{ origin: string; server: Server }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end("<!doctype html><title>static host</title>");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

type Outcome = { status: number; body: string } | { failed: string };

let browser: Browser | undefined;
let allowedSite: { origin: string; server: Server };
let otherSite: { origin: string; server: Server };
let api: LeadServer | undefined;

beforeAll(async () => {
  allowedSite = await staticHost();
  otherSite = await staticHost();
  browser = await puppeteer.launch({ browser: "chrome", executablePath: chromiumPath(), headless: true, args: CHROMIUM_FLAGS, timeout: 90_000 });
});

afterAll(async () => {
  await browser?.close();
  for (const site of [allowedSite, otherSite]) await new Promise((resolve) => site.server.close(resolve));
});

afterEach(async () => {
  await api?.close();
  api = undefined;
});

/** Opens a page of `pageOrigin` and makes the request from its script, as the form's code would. */
async function sendFromPage(pageOrigin: string, sent: Sent): Promise<Outcome> {
  if (!browser) throw new Error("Chromium did not start");
  const page = await browser.newPage();
  try {
    await page.goto(`${pageOrigin}/`);
    return await page.evaluate(async ({ url, init }: Sent): Promise<Outcome> => {
      try {
        const response = await fetch(url, init);
        return { status: response.status, body: await response.text() };
      } catch (error) {
        return { failed: String(error) };
      }
    }, sent);
  } finally {
    await page.close();
  }
}

describe("a site on another origin posting to this server (requirement LEAD-22)", () => {
  it("stores a lead and a sign-up posted by a page of an allowed origin, and lets the page read a refusal", async () => {
    api = await startLeadServer({ allowedOrigins: [allowedSite.origin] });
    const created = await sendFromPage(allowedSite.origin, await contactFormRequest(`${api.origin}${LEADS}`, lead));
    expect(created).toMatchObject({ status: 201 });
    const stored = await api.store.listLeads();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ ...lead, spam: false });

    expect(await sendFromPage(allowedSite.origin, newsletterRequest(`${api.origin}${NEWSLETTER}`, "reader@example.org"))).toEqual({
      status: 201,
      body: '{"subscribed":true}',
    });
    expect(await api.store.listSubscribers()).toHaveLength(1);

    // An error answer reaches the page too, so the form can show it.
    const refused = await sendFromPage(allowedSite.origin, await contactFormRequest(`${api.origin}${LEADS}`, { ...lead, firstName: "" }));
    expect(refused).toMatchObject({ status: 400 });
    expect("body" in refused && JSON.parse(refused.body)).toMatchObject({ error: "Some fields need attention" });
  });

  it("refuses a page of any other origin, which stores nothing", async () => {
    api = await startLeadServer({ allowedOrigins: [allowedSite.origin] });
    expect(await sendFromPage(otherSite.origin, await contactFormRequest(`${api.origin}${LEADS}`, lead))).toHaveProperty("failed");
    expect(await sendFromPage(otherSite.origin, newsletterRequest(`${api.origin}${NEWSLETTER}`, "reader@example.org"))).toHaveProperty("failed");
    expect(await api.store.listLeads()).toEqual([]);
    expect(await api.store.listSubscribers()).toEqual([]);
  });

  it("stores a Trust Center request posted by a page of an allowed origin, and none from any other (requirement TRUST-4)", async () => {
    api = await startLeadServer({ allowedOrigins: [allowedSite.origin], trust: trustCenter });
    const endpoint = `${api.origin}${DEFAULT_TRUST_REQUESTS_PATH}`;
    expect(await sendFromPage(allowedSite.origin, trustRequest(endpoint, "ines.carvalho@example.org"))).toEqual({ status: 202, body: '{"received":true}' });
    expect(await sendFromPage(otherSite.origin, trustRequest(endpoint, "someone.else@example.org"))).toHaveProperty("failed");
    expect((await api.store.listTrustRequests()).map((request) => request.email)).toEqual(["ines.carvalho@example.org"]);
  });
});

describe("the CORS headers (requirement LEAD-22)", () => {
  const allowed = "https://www.veilvault.example";
  const preflight = (origin: string, path = LEADS) =>
    fetch(`${api!.origin}${path}`, {
      method: "OPTIONS",
      headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": "content-type" },
    });
  const cors = (response: Response) => Object.fromEntries([...response.headers].filter(([name]) => name.startsWith("access-control-")));

  it("answers a preflight from an allowed origin with exactly that origin, POST and the headers each form sends", async () => {
    api = await startLeadServer({ allowedOrigins: [allowed] });
    const leads = await preflight(allowed);
    expect(leads.status).toBe(204);
    expect(leads.headers.get("vary")).toBe("Origin");
    expect(cors(leads)).toEqual({
      "access-control-allow-origin": allowed,
      "access-control-allow-methods": "POST",
      "access-control-allow-headers": "content-type, idempotency-key, x-form-trap, x-form-fill-ms",
      "access-control-max-age": "600",
    });
    expect(cors(await preflight(allowed, NEWSLETTER))).toMatchObject({ "access-control-allow-headers": "content-type" });
    // The preflight carries the security headers as every answer does (requirement SEC-1).
    expect(leads.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("answers the Trust Center's request preflight as the lead endpoint's: the allowed origin named, any other refused (requirement TRUST-4)", async () => {
    api = await startLeadServer({ allowedOrigins: [allowed], trust: trustCenter });
    const granted = await preflight(allowed, DEFAULT_TRUST_REQUESTS_PATH);
    expect(granted.status).toBe(204);
    expect(granted.headers.get("vary")).toBe("Origin");
    expect(cors(granted)).toEqual({
      "access-control-allow-origin": allowed,
      "access-control-allow-methods": "POST",
      "access-control-allow-headers": "content-type",
      "access-control-max-age": "600",
    });
    const refused = await preflight("https://attacker.example", DEFAULT_TRUST_REQUESTS_PATH);
    expect(refused.status).toBe(403);
    expect(cors(refused)).toEqual({});
    // A refusal of the post itself still names the allowed origin, so the form can read it.
    const invalid = await api.post(DEFAULT_TRUST_REQUESTS_PATH, { name: "" }, { origin: allowed });
    expect(invalid.status).toBe(400);
    expect(invalid.headers.get("access-control-allow-origin")).toBe(allowed);
  });

  it("gives any other origin, and a request naming none, no CORS header at all", async () => {
    api = await startLeadServer({ allowedOrigins: [allowed] });
    for (const origin of ["https://attacker.example", "null", `${allowed}.attacker.example`, "http://www.veilvault.example"]) {
      const response = await preflight(origin);
      expect(response.status, origin).toBe(403);
      expect(cors(response), origin).toEqual({});
    }
    const posted = await api.post(LEADS, lead, { origin: "https://attacker.example" });
    expect(posted.status).toBe(403);
    expect(cors(posted)).toEqual({});
    expect(cors(await api.post(LEADS, lead))).toEqual({});
  });

  it("names an allowed origin on every answer to its posts, refusals and rate limits included", async () => {
    api = await startLeadServer({ allowedOrigins: [allowed], ratePerMinute: 3 });
    const answers = [
      await api.post(LEADS, lead, { origin: allowed }),
      await api.post(LEADS, "{", { origin: allowed }),
      await api.post(LEADS, { ...lead, description: "x".repeat(40_000) }, { origin: allowed }),
      await api.post(LEADS, lead, { origin: allowed }),
      await api.post(NEWSLETTER, { email: "reader@example.org", consent: true }, { origin: allowed }),
    ];
    expect(answers.map((response) => response.status)).toEqual([201, 400, 413, 429, 201]);
    for (const response of answers) {
      expect(response.headers.get("access-control-allow-origin")).toBe(allowed);
      expect(response.headers.get("vary")).toBe("Origin");
    }
    await api.store.close();
    const unavailable = await api.post(NEWSLETTER, { email: "second@example.org", consent: true }, { origin: allowed });
    expect(unavailable.status).toBe(503);
    expect(unavailable.headers.get("access-control-allow-origin")).toBe(allowed);
  });
});
