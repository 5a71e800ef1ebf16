import { describe, expect, it } from "vitest";
import { enabledChannels, outboxRouting, readDeliveryConfig } from "../../server/delivery/config.ts";
import { erasureJobs, leadJobs, signUpJobs, subscriberChangeJobs } from "../../server/outbox/jobs.ts";
import { isPermanentRefusal } from "../../server/delivery/mailer.ts";
import { isWellFormedToken, linkToken, linkTokens } from "../../server/lib/link-tokens.ts";
import { redactAddresses, storedError } from "../../server/db/store.ts";
import { webhookSignature } from "../../server/delivery/webhook.ts";
import { DEFAULT_RETRY_SCHEDULE, nextAttemptAt } from "../../server/outbox/retry.ts";

/** Requirement LEAD-17's pure parts: settings, which jobs a lead makes, the retry schedule and the signature. */

const MAIL = { SMTP_URL: "smtp://user:pass@mail.example.net:587", MAIL_FROM: "Veilvault <web@veilvault.example>" };
const WEBHOOK = { LEAD_WEBHOOK_URL: "https://crm.example.net/hooks", LEAD_WEBHOOK_SECRET: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw" };

describe("delivery settings", () => {
  it("turns on only the channels whose settings are given", () => {
    expect(enabledChannels(readDeliveryConfig({}))).toEqual([]);
    expect(enabledChannels(readDeliveryConfig(MAIL))).toEqual(["confirmation-email"]);
    expect(enabledChannels(readDeliveryConfig({ ...MAIL, LEAD_NOTIFY_TO: "a@veilvault.example, b@veilvault.example" }))).toEqual([
      "sales-email",
      "confirmation-email",
    ]);
    expect(enabledChannels(readDeliveryConfig(WEBHOOK))).toEqual(["webhook"]);
    // The console's sign-in links go to operators only when there are some (OPS-2).
    expect(enabledChannels(readDeliveryConfig({ ...MAIL, ADMIN_EMAILS: "ops@veilvault.example" }))).toEqual(["confirmation-email", "operator-email"]);
  });

  it.each([
    [{ SMTP_URL: MAIL.SMTP_URL }, /MAIL_FROM/],
    [{ MAIL_FROM: MAIL.MAIL_FROM }, /need SMTP_URL/],
    [{ LEAD_NOTIFY_TO: "sales@veilvault.example" }, /need SMTP_URL/],
    [{ ADMIN_EMAILS: "ops@veilvault.example" }, /ADMIN_EMAILS need SMTP_URL/],
    [{ ...MAIL, ADMIN_EMAILS: "ops@veilvault.example, not an address" }, /ADMIN_EMAILS holds addresses only/],
    [{ ...MAIL, SMTP_URL: "http://mail.example.net" }, /smtp:\/\/ or smtps:\/\//],
    [{ ...MAIL, SMTP_URL: "not a url" }, /SMTP_URL must be a URL/],
    [{ ...MAIL, MAIL_FROM: "Veilvault" }, /MAIL_FROM must be the sender's address/],
    [{ ...MAIL, LEAD_NOTIFY_TO: "sales@veilvault.example, nobody" }, /LEAD_NOTIFY_TO holds addresses only/],
    [{ LEAD_WEBHOOK_URL: WEBHOOK.LEAD_WEBHOOK_URL }, /go together/],
    [{ LEAD_WEBHOOK_SECRET: WEBHOOK.LEAD_WEBHOOK_SECRET }, /go together/],
    [{ ...WEBHOOK, LEAD_WEBHOOK_URL: "ftp://crm.example.net" }, /http\(s\) URL/],
    [{ ...WEBHOOK, LEAD_WEBHOOK_SECRET: "short" }, /at least 16 bytes/],
    [{ OUTBOX_MAX_ATTEMPTS: "0" }, /OUTBOX_MAX_ATTEMPTS/],
    [{ OUTBOX_LEASE_MS: "50" }, /OUTBOX_LEASE_MS/],
    [{ NEWSLETTER_CONFIRMATIONS_PER_HOUR: "0" }, /NEWSLETTER_CONFIRMATIONS_PER_HOUR/],
    [{ NEWSLETTER_CONFIRMATIONS_PER_DOMAIN_HOUR: "many" }, /NEWSLETTER_CONFIRMATIONS_PER_DOMAIN_HOUR/],
  ])("refuses half or wrong settings at start: %j", (env, message) => {
    expect(() => readDeliveryConfig(env)).toThrow(message);
  });

  it("writes one sales e-mail per inbox and the webhook for a lead, only the webhook for spam (requirement LEAD-26)", () => {
    const config = outboxRouting(readDeliveryConfig({ ...MAIL, ...WEBHOOK, LEAD_NOTIFY_TO: "sales@veilvault.example, founders@veilvault.example" }));
    expect(leadJobs(config, false).map((job) => [job.channel, job.recipient])).toEqual([
      ["sales-email", "sales@veilvault.example"],
      ["sales-email", "founders@veilvault.example"],
      ["webhook", undefined],
    ]);
    expect(leadJobs(config, true).map((job) => job.channel)).toEqual(["webhook"]);
    expect(signUpJobs(config, "msg_1")).toEqual([{ id: "msg_1", channel: "confirmation-email", event: "newsletter.signup" }]);
    expect(subscriberChangeJobs(config, "newsletter.confirmed")).toEqual([{ channel: "webhook", event: "newsletter.confirmed" }]);
    expect(erasureJobs(config)).toEqual([{ channel: "webhook", event: "person.erased" }]);
    expect(signUpJobs(outboxRouting(readDeliveryConfig(WEBHOOK)), "msg_1")).toEqual([]);
    expect(erasureJobs(outboxRouting(readDeliveryConfig(MAIL)))).toEqual([]);
    expect(readDeliveryConfig({}).confirmationCaps).toEqual({ perDomainPerHour: 30, perHour: 300 });
    expect(readDeliveryConfig({ NEWSLETTER_CONFIRMATIONS_PER_DOMAIN_HOUR: "5", NEWSLETTER_CONFIRMATIONS_PER_HOUR: "50" }).confirmationCaps).toEqual({
      perDomainPerHour: 5,
      perHour: 50,
    });
  });
});

describe("the retry schedule", () => {
  it("doubles from 30 s to a 2 h cap, varies each delay by at most 20 %, and gives up after about a day", () => {
    const start = new Date(0);
    const delays = (random: () => number) =>
      Array.from({ length: DEFAULT_RETRY_SCHEDULE.maxAttempts - 1 }, (_, index) => nextAttemptAt(DEFAULT_RETRY_SCHEDULE, index + 1, start, random)!.getTime());
    const middle = delays(() => 0.5);
    expect(middle.slice(0, 4)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(Math.max(...middle)).toBe(2 * 60 * 60_000);
    const hours = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / 3_600_000;
    expect(hours(middle)).toBeGreaterThan(22);
    expect(hours(middle)).toBeLessThan(26);
    expect(delays(() => 0)[0]).toBe(24_000);
    expect(delays(() => 0.999_999)[0]).toBeCloseTo(36_000, -1);
    expect(nextAttemptAt(DEFAULT_RETRY_SCHEDULE, DEFAULT_RETRY_SCHEDULE.maxAttempts, start)).toBeUndefined();
  });
});

describe("link tokens (requirement LEAD-24)", () => {
  it("are 256 bits derived from the job and a key, URL-safe, and nothing else passes as one", () => {
    const key = Buffer.alloc(32, 7);
    const token = linkToken(key, "confirm", "msg_1");
    expect(isWellFormedToken(token)).toBe(true);
    expect(linkToken(key, "confirm", "msg_1")).toBe(token);
    const all = Array.from({ length: 100 }, (_, index) => Object.values(linkTokens(key, `msg_${index}`))).flat();
    expect(new Set(all).size).toBe(200);
    // Another key, another link: without the key the job's id is worth nothing.
    expect(linkToken(Buffer.alloc(32, 8), "confirm", "msg_1")).not.toBe(token);
    for (const bad of [undefined, ["a".repeat(43)], "a".repeat(42), "a".repeat(44), `${"a".repeat(42)}=`, `${"a".repeat(42)}/`]) {
      expect(isWellFormedToken(bad)).toBe(false);
    }
  });
});

describe("errors as stored and logged (requirement LEAD-29)", () => {
  it("carry no address, with or without brackets, and stay one bounded line", () => {
    const refusal = "550 5.1.1 <person@example.com>: Recipient address rejected\r\n by mx.example.net for josé.ñúñez@exámple.com";
    expect(redactAddresses(refusal)).toBe("550 5.1.1 <[address]>: Recipient address rejected\r\n by mx.example.net for [address]");
    expect(storedError(refusal)).not.toMatch(/@|person|josé/);
    expect(storedError("x".repeat(2_000))).toHaveLength(500);
    expect(redactAddresses("no address @ here, nor@")).toBe("no address @ here, nor@");
    expect(redactAddresses("a@b c@d")).toBe("[address] [address]");
    // Linear: a hostile server's megabyte of almost-addresses is redacted at once.
    const started = performance.now();
    expect(redactAddresses(`${"a".repeat(1_000_000)}@`)).toBe(`${"a".repeat(1_000_000)}@`);
    expect(redactAddresses("a@".repeat(200_000))).not.toMatch(/a@a/);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it("dead-letter a 5xx refusal of a recipient or message at once; a 4xx, a login refusal or a network error is retried", () => {
    const smtp = (code: string, responseCode?: number) => Object.assign(new Error("refused"), { code, responseCode });
    expect(isPermanentRefusal(smtp("EENVELOPE", 550))).toBe(true);
    expect(isPermanentRefusal(smtp("EMESSAGE", 554))).toBe(true);
    expect(isPermanentRefusal(smtp("EENVELOPE", 451))).toBe(false);
    expect(isPermanentRefusal(smtp("EAUTH", 535))).toBe(false);
    expect(isPermanentRefusal(smtp("ECONNECTION"))).toBe(false);
    expect(isPermanentRefusal("550")).toBe(false);
  });
});

describe("Standard Webhooks signing", () => {
  it("reproduces the specification's published test vector", () => {
    expect(webhookSignature("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330, '{"test": 2432232314}')).toBe(
      "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
    );
  });
});
