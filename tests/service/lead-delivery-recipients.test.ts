import { afterEach, describe, expect, it, vi } from "vitest";
import type { LeadBody } from "../../common/lead-fields.ts";
import { readDeliveryConfig } from "../../server/delivery/config.ts";
import { deliveredMailbox, inboxKey } from "../../server/leads/mailbox.ts";
import { startLeadServer, type LeadServer } from "../support/lead-server.ts";
import { startMailSink, until, type MailSink } from "../support/delivery-sinks.ts";

/**
 * Who gets which e-mail, against the real server, store and SMTP server:
 * one inbox, one confirmation (requirement LEAD-23); every sales inbox its
 * lead, once (LEAD-26); refusals that name a person kept out of what is
 * stored and logged, and final ones final (LEAD-29).
 */

vi.setConfig({ testTimeout: 60_000 });

const lead: LeadBody = {
  firstName: "Ines",
  lastName: "Okafor",
  email: "ines.okafor@example.org",
  companyName: "Harbour Freight",
  contactNumber: "919876543210",
  description: "Driver phone numbers in our dispatch tool.",
  termsAccepted: true,
};

let server: LeadServer;
let mail: MailSink;

afterEach(async () => {
  await server.close();
  await mail.close();
});

async function start(extra: Record<string, string> = {}) {
  mail = await startMailSink();
  server = await startLeadServer({
    ratePerMinute: 100_000,
    delivery: readDeliveryConfig({ SMTP_URL: mail.url, MAIL_FROM: "web@veilvault.example", OUTBOX_RETRY_BASE_MS: "200", ...extra }),
  });
}

describe("one mailbox, one confirmation (requirement LEAD-23)", () => {
  it("refuses every spelling that is more than one plain mailbox, and mails one inbox once however it is spelt", async () => {
    await start();
    for (const email of ["v@x-inbox.example(1)", "a<v@x-inbox.example>", "g:v@x-inbox.example;", '"v"@x-inbox.example', "a,v@x-inbox.example", "a(b)c@x-inbox.example"]) {
      const answer = await server.post("/id/website/newsletter", { email, consent: true });
      expect(answer.status, email).toBe(400);
      expect(((await answer.json()) as { fields: Record<string, string> }).fields.email).toBe("Enter an email address like name@example.com");
      expect((await server.post("/id/website/leads", { ...lead, email })).status, email).toBe(400);
    }
    expect(await server.store.listSubscribers()).toEqual([]);
    expect(await server.store.listLeads()).toEqual([]);

    const spellings = ["v@x-inbox.example", "V@X-INBOX.EXAMPLE", "v@X-Inbox.Example", ...Array.from({ length: 30 }, (_, index) => `v+${index}@x-inbox.example`)];
    const answers = await Promise.all(spellings.map((email) => server.post("/id/website/newsletter", { email, consent: true })));
    expect(answers.map((answer) => answer.status)).toEqual(spellings.map(() => 201));
    await mail.waitFor(1);
    // Long enough for any second confirmation to have been sent.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(mail.messages.filter((message) => message.to.some((to) => inboxKey(deliveredMailbox(to)) === "v@x-inbox.example"))).toHaveLength(1);
  });

  it("holds confirmations past the hourly cap of one domain, and answers alike", async () => {
    await start({ NEWSLETTER_CONFIRMATIONS_PER_DOMAIN_HOUR: "3" });
    for (let index = 0; index < 6; index += 1) {
      expect((await server.post("/id/website/newsletter", { email: `person-${index}@capped.example`, consent: true })).status).toBe(201);
    }
    await server.post("/id/website/newsletter", { email: "someone@elsewhere.example", consent: true });
    await mail.waitFor(4);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(mail.messages.filter((message) => message.to[0]!.endsWith("@capped.example"))).toHaveLength(3);
    expect(mail.messages.filter((message) => message.to[0]!.endsWith("@elsewhere.example"))).toHaveLength(1);
    expect(server.logs.join("")).toContain("the hourly cap of confirmation e-mails is reached");
  });
});

describe("every sales inbox gets its lead, once (requirement LEAD-26)", () => {
  it("retries only the inbox that refused with 451, and never sends the other a second copy", async () => {
    await start({ LEAD_NOTIFY_TO: "sales@veilvault.example, founders@veilvault.example" });
    mail.refuseRecipients.set("founders@veilvault.example", 451);
    expect((await server.post("/id/website/leads", lead)).status).toBe(201);
    await mail.waitFor(1);
    await until(async () => (await server.store.listJobs({ dead: false })).some((job) => job.attempts >= 2), 15_000, "a second attempt for the refusing inbox");
    expect(mail.messages.map((message) => message.to)).toEqual([["sales@veilvault.example"]]);
    expect((await server.store.outboxStats(new Date())).pending).toBe(1);
    mail.refuseRecipients.clear();
    await mail.waitFor(2);
    await until(async () => (await server.store.outboxStats(new Date())).pending === 0, 10_000, "every job delivered");
    expect(mail.messages.map((message) => message.to[0]).sort()).toEqual(["founders@veilvault.example", "sales@veilvault.example"]);
  });
});

describe("refusals (requirement LEAD-29)", () => {
  it("dead-letters a 550 at once, and keeps the refused address out of the stored error and the log", async () => {
    await start({ LEAD_NOTIFY_TO: "sales@veilvault.example" });
    mail.refuseRecipients.set("sales@veilvault.example", 550);
    await server.post("/id/website/newsletter", { email: "bounced.person@example.org", consent: true });
    mail.refuseRecipients.set("bounced.person@example.org", 550);
    await server.post("/id/website/leads", lead);
    await until(async () => (await server.store.outboxStats(new Date())).dead >= 1, 15_000, "a dead letter");
    await until(async () => (await server.store.listJobs({ dead: true })).length + mail.messages.length >= 2, 15_000, "both jobs ended");
    const dead = await server.store.listJobs({ dead: true });
    expect(dead.map((job) => job.attempts)).toEqual(dead.map(() => 1));
    expect(dead.some((job) => job.channel === "sales-email")).toBe(true);
    for (const job of dead) expect(job.lastError).toMatch(/^Can't send mail|\[address\]/);
    // The job keeps its sales inbox (our own setting); what the mail server said is kept without any address.
    const stored = dead.map((job) => job.lastError).join("\n") + server.logs.join("");
    expect(stored).toContain("[address]");
    expect(stored).not.toMatch(/sales@veilvault\.example|bounced\.person/);
  });
});
