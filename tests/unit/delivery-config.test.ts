import { describe, expect, it } from "vitest";
import { enabledChannels, leadJobs, readDeliveryConfig, signUpJobs, subscriberChangeJobs } from "../../server/delivery/config.ts";
import { webhookSignature } from "../../server/delivery/webhook.ts";
import { DEFAULT_RETRY_SCHEDULE, isWellFormedToken, newLinkToken, nextAttemptAt } from "../../server/leads/outbox.ts";

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
  });

  it.each([
    [{ SMTP_URL: MAIL.SMTP_URL }, /MAIL_FROM/],
    [{ MAIL_FROM: MAIL.MAIL_FROM }, /need SMTP_URL/],
    [{ LEAD_NOTIFY_TO: "sales@veilvault.example" }, /need SMTP_URL/],
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
  ])("refuses half or wrong settings at start: %j", (env, message) => {
    expect(() => readDeliveryConfig(env)).toThrow(message);
  });

  it("writes the sales e-mail and the webhook for a lead, only the webhook for spam", () => {
    const config = readDeliveryConfig({ ...MAIL, ...WEBHOOK, LEAD_NOTIFY_TO: "sales@veilvault.example" });
    expect(leadJobs(config, false).map((job) => job.channel)).toEqual(["sales-email", "webhook"]);
    expect(leadJobs(config, true).map((job) => job.channel)).toEqual(["webhook"]);
    expect(signUpJobs(config, { confirmToken: "c", unsubscribeToken: "u" })).toEqual([
      { channel: "confirmation-email", event: "newsletter.signup", secrets: { confirmToken: "c", unsubscribeToken: "u" } },
    ]);
    expect(subscriberChangeJobs(config, "newsletter.confirmed")).toEqual([{ channel: "webhook", event: "newsletter.confirmed" }]);
    expect(signUpJobs(readDeliveryConfig(WEBHOOK), { confirmToken: "c", unsubscribeToken: "u" })).toEqual([]);
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

describe("link tokens", () => {
  it("are 256 random bits, URL-safe, and nothing else passes as one", () => {
    const token = newLinkToken();
    expect(isWellFormedToken(token)).toBe(true);
    expect(new Set(Array.from({ length: 100 }, newLinkToken)).size).toBe(100);
    for (const bad of [undefined, ["a".repeat(43)], "a".repeat(42), "a".repeat(44), `${"a".repeat(42)}=`, `${"a".repeat(42)}/`]) {
      expect(isWellFormedToken(bad)).toBe(false);
    }
  });
});

describe("Standard Webhooks signing", () => {
  it("reproduces the specification's published test vector", () => {
    expect(webhookSignature("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330, '{"test": 2432232314}')).toBe(
      "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
    );
  });
});
