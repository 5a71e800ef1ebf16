import { afterEach, describe, expect, it, vi } from "vitest";
import type { LeadBody } from "../../common/lead-fields.ts";
import { readDeliveryConfig } from "../../server/delivery/config.ts";
import { SITE_URL, startLeadServer, type LeadServer } from "../support/lead-server.ts";
import { startMailSink, startWebhookSink, until, type MailSink, type WebhookSink } from "../support/delivery-sinks.ts";

/**
 * Requirements LEAD-16 and LEAD-17 against real parts: the server with its
 * real SQLite store, a real SMTP server and a real HTTP receiver that checks
 * each webhook's Standard Webhooks signature by itself.
 */

const SECRET = "whsec_" + Buffer.from("a test key of thirty-two bytes!!").toString("base64");
const NOTIFY = ["sales@veilvault.example", "founders@veilvault.example"];

const lead: LeadBody = {
  firstName: "Rahel",
  lastName: "Tesfaye",
  email: "rahel.tesfaye@example.org",
  companyName: "Meskel Diagnostics",
  contactNumber: "14155550123",
  description: "Lab results pass through our support desk; we want them tokenized first.",
  termsAccepted: true,
};

// Real servers on a shared machine: seconds, not the default 5.
vi.setConfig({ testTimeout: 30_000 });

let server: LeadServer;
let mail: MailSink;
let hooks: WebhookSink;

afterEach(async () => {
  await server.close();
  await mail.close();
  await hooks.close();
});

async function start(extra: Record<string, string> = {}) {
  mail = await startMailSink();
  hooks = await startWebhookSink(SECRET);
  server = await startLeadServer({
    delivery: readDeliveryConfig({
      SMTP_URL: mail.url,
      MAIL_FROM: "Veilvault website <web@veilvault.example>",
      LEAD_NOTIFY_TO: NOTIFY.join(", "),
      LEAD_WEBHOOK_URL: hooks.url,
      LEAD_WEBHOOK_SECRET: SECRET,
      ...extra,
    }),
  });
}

/** A link from an e-mail, followed on the test server instead of the public site. */
function onTestServer(link: string): string {
  const url = new URL(link);
  expect(url.origin).toBe(SITE_URL);
  return `${server.origin}${url.pathname}${url.search}`;
}

function linksIn(text: string): string[] {
  return text.match(/https:\/\/\S+/g) ?? [];
}

describe("a lead reaches people (requirement LEAD-17)", () => {
  it("e-mails the sales inbox with every field and Reply-To the visitor, and posts a signed webhook", async () => {
    await start();
    const response = await server.post("/id/website/leads", lead);
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };

    // One e-mail per sales inbox (requirement LEAD-26).
    const messages = await mail.waitFor(2);
    expect(messages.map((sent) => sent.to).sort()).toEqual([...NOTIFY].sort().map((address) => [address]));
    const [message] = messages;
    expect(message!.from).toBe('"Veilvault website" <web@veilvault.example>');
    expect(message!.replyTo).toBe('"Rahel Tesfaye" <rahel.tesfaye@example.org>');
    // A fixed subject: the visitor's words stay in the body.
    expect(message!.subject).toBe(`New website enquiry (lead ${id.slice(0, 8)})`);
    for (const value of [lead.firstName, lead.lastName, lead.email, lead.companyName, `+${lead.contactNumber}`, lead.description, id]) {
      expect(message!.text).toContain(value);
    }

    const [hook] = await hooks.waitFor(1);
    expect(hook!.verified).toBe(true);
    expect(hook!.id).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(hook!.body).toEqual({ type: "lead.created", id, createdAt: expect.any(String) as string, lead, spam: false });
    // One stable id per job: the e-mail's Message-ID is not the webhook's.
    expect(message!.messageId).toMatch(/^<msg_[0-9a-f]{32}@veilvault\.example>$/);
    expect(message!.messageId).not.toContain(hook!.id);

    await expect.poll(() => server.store.outboxStats(new Date())).toMatchObject({ pending: 0, dead: 0 });
    // The log names jobs by id and channel, never the visitor.
    const log = server.logs.join("");
    expect(log).toContain('"channel":"sales-email"');
    expect(log).not.toContain(lead.email);
  });

  it("sends a lead flagged as spam to the webhook with spam: true, and not to the sales inbox", async () => {
    await start();
    expect((await server.post("/id/website/leads", lead, { "x-form-fill-ms": "10" })).status).toBe(201);
    const [hook] = await hooks.waitFor(1);
    expect(hook!.body).toMatchObject({ type: "lead.created", spam: true });
    // The e-mail would have been written with the webhook; give it the same time to arrive.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(mail.messages).toEqual([]);
  });

  it("leaves a channel that is not configured off: no webhook settings, no webhook job", async () => {
    mail = await startMailSink();
    hooks = await startWebhookSink(SECRET);
    server = await startLeadServer({
      delivery: readDeliveryConfig({ SMTP_URL: mail.url, MAIL_FROM: "web@veilvault.example", LEAD_NOTIFY_TO: "sales@veilvault.example" }),
    });
    expect((await server.post("/id/website/leads", lead)).status).toBe(201);
    await mail.waitFor(1);
    // The sink has the message a moment before the deliverer records it as sent; a webhook job would stay pending.
    const pending = () => server.store.listJobs({ dead: false });
    await until(async () => (await pending()).length === 0, 10_000, "no job left pending").catch(() => undefined);
    expect(await pending()).toEqual([]);
    expect(hooks.received).toEqual([]);
  });
});

describe("newsletter double opt-in and unsubscribe (requirement LEAD-16)", () => {
  it("confirms by the e-mailed page's button once, then unsubscribes by the one-click POST, telling the webhook each time", async () => {
    await start();
    expect((await server.post("/id/website/newsletter", { email: "reader@example.org", consent: true })).status).toBe(201);
    const [message] = await mail.waitFor(1);
    expect(message!.to).toEqual(["reader@example.org"]);
    expect(message!.subject).toBe("Confirm your Veilvault newsletter subscription");
    // RFC 8058: the one-click address and its POST header.
    const listUnsubscribe = String(message!.headers.get("list-unsubscribe"));
    expect(listUnsubscribe).toMatch(/^<https:\/\/veilvault\.example\/id\/website\/newsletter\/unsubscribe\?token=[\w-]{43}>$/);
    expect(message!.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    const [confirmLink, unsubscribePage] = linksIn(message!.text);
    expect(confirmLink).toMatch(/^https:\/\/veilvault\.example\/newsletter\/confirm\?token=[\w-]{43}$/);
    expect(unsubscribePage).toMatch(/\/newsletter\/unsubscribe\?token=[\w-]{43}$/);
    // Nothing is delivered anywhere for a sign-up that is not confirmed.
    expect(hooks.received).toEqual([]);
    expect((await server.store.listSubscribers())[0]).toMatchObject({ status: "pending", confirmedAt: null });

    // The page's button: a form POST to the page's own address.
    const press = () => fetch(onTestServer(confirmLink!), { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "", redirect: "manual" });
    const confirmed = await press();
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get("location")).toBe("/newsletter/confirmed");
    const used = await press();
    expect(used.headers.get("location")).toBe("/newsletter/link-expired");
    // The request log names the path, never the link's token (requirement LEAD-11).
    const token = new URL(confirmLink!).searchParams.get("token")!;
    expect(server.logs.join("")).toContain('"url":"/newsletter/confirm"');
    expect(server.logs.join("")).not.toContain(token);
    const [subscriber] = await server.store.listSubscribers();
    expect(subscriber).toMatchObject({ status: "confirmed", consentVersion: "privacy-policy-2025-03-20" });
    expect(Date.parse(subscriber!.confirmedAt!)).toBeGreaterThanOrEqual(Date.parse(subscriber!.signedUpAt));

    const [confirmedHook] = await hooks.waitFor(1);
    expect(confirmedHook).toMatchObject({ verified: true, body: { type: "newsletter.confirmed", subscriber: { email: "reader@example.org" } } });

    // What a mail client sends for one-click unsubscribe: a form POST to the List-Unsubscribe address.
    const oneClick = await fetch(onTestServer(listUnsubscribe.slice(1, -1)), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
      redirect: "manual",
    });
    expect(oneClick.status).toBe(303);
    expect(oneClick.headers.get("location")).toBe("/newsletter/unsubscribed");
    expect((await server.store.listSubscribers())[0]).toMatchObject({ status: "unsubscribed", unsubscribedAt: expect.any(String) as string });
    const hooksAfter = await hooks.waitFor(2);
    expect(hooksAfter[1]).toMatchObject({ verified: true, body: { type: "newsletter.unsubscribed" } });
  });

  it("unsubscribes by the page's button (a form POST to the page's own address), again harmlessly, and sends an unknown token to the expired-link page", async () => {
    await start();
    await server.post("/id/website/newsletter", { email: "button@example.org", consent: true });
    const [message] = await mail.waitFor(1);
    const page = onTestServer(linksIn(message!.text)[1]!);
    const unknown = await fetch(page.replace(/token=[\w-]+/, `token=${"x".repeat(43)}`), { method: "POST", redirect: "manual" });
    expect(unknown.headers.get("location")).toBe("/newsletter/link-expired");
    expect((await server.store.listSubscribers())[0]?.status).toBe("pending");
    const press = () => fetch(page, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "", redirect: "manual" });
    const pressed = await press();
    expect(pressed.status).toBe(303);
    expect((await server.store.listSubscribers())[0]?.status).toBe("unsubscribed");
    expect((await press()).headers.get("location")).toBe("/newsletter/unsubscribed");
  });

  it("sends a malformed or missing token to the expired-link page, and never confirms or unsubscribes on a GET (requirement LEAD-16)", async () => {
    await start();
    for (const query of ["", "?token=short", `?token=${"a".repeat(43)}&token=${"b".repeat(43)}`]) {
      const response = await fetch(`${server.origin}/id/website/newsletter/confirm${query}`, { redirect: "manual" });
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe("/newsletter/link-expired");
    }
    await server.post("/id/website/newsletter", { email: "scanner@example.org", consent: true });
    const [message] = await mail.waitFor(1);
    const listUnsubscribe = String(message!.headers.get("list-unsubscribe")).slice(1, -1);
    // A mail scanner opening every link must neither unsubscribe nor confirm anyone.
    await fetch(onTestServer(listUnsubscribe), { redirect: "manual" });
    const confirmLink = onTestServer(linksIn(message!.text)[0]!);
    await fetch(confirmLink, { redirect: "manual" });
    // The address earlier e-mails linked to now only leads to the page, token kept.
    const token = new URL(confirmLink).searchParams.get("token")!;
    const old = await fetch(`${server.origin}/id/website/newsletter/confirm?token=${token}`, { redirect: "manual" });
    expect(old.status).toBe(303);
    expect(old.headers.get("location")).toBe(`/newsletter/confirm?token=${token}`);
    expect((await server.store.listSubscribers())[0]?.status).toBe("pending");
  });
});
