import { readDeliveryConfig } from "../../server/delivery/config.ts";
import { describe, expect, it } from "vitest";
import { readServerEnv } from "../../server/env.ts";

describe("readServerEnv", () => {
  it("defaults to 127.0.0.1:3000, log level info and the built client directory", () => {
    const env = readServerEnv({});
    expect(env.port).toBe(3000);
    expect(env.host).toBe("127.0.0.1");
    expect(env.logLevel).toBe("info");
    expect(env.clientDir).toMatch(/\/build\/client$/);
    expect(env.clientDir).not.toMatch(/\/server\/build\/client$/);
  });

  it("reads overrides", () => {
    expect(
      readServerEnv({
        PORT: "8080",
        HOST: "0.0.0.0",
        LOG_LEVEL: "debug",
        CLIENT_DIR: "/srv/site",
        SECURITY_MANIFEST: "/srv/security.json",
        DATA_DIR: "/var/lib/veilvault",
        SITE_URL: "https://www.veilvault.example",
        LEADS_ALLOWED_ORIGINS: "https://api.veilvault.example, https://partner.example/",
        LEAD_RATE_LIMIT_PER_MINUTE: "30",
        LEAD_MIN_FILL_MS: "1500",
        TRUST_PROXY_HOPS: "1",
        LEAD_RETENTION_DAYS: "90",
        LEAD_SPAM_RETENTION_DAYS: "7",
        TRUST_RETENTION_DAYS: "400",
        TRUST_REQUESTS_PER_MAILBOX_DAY: "2",
        TRUST_REQUESTS_PER_DOMAIN_HOUR: "5",
        TRUST_REQUESTS_PER_HOUR: "50",
        PRIVATE_DIR: "/srv/private",
        LINK_SIGNING_KEY: "k".repeat(32),
        ANALYTICS: "off",
      }),
    ).toEqual({
      port: 8080,
      host: "0.0.0.0",
      logLevel: "debug",
      clientDir: "/srv/site",
      securityManifest: "/srv/security.json",
      dataDir: "/var/lib/veilvault",
      siteUrl: "https://www.veilvault.example",
      allowedOrigins: ["https://api.veilvault.example", "https://partner.example"],
      leadRatePerMinute: 30,
      leadMinFillMs: 1500,
      trustProxyHops: 1,
      leadRetentionDays: 90,
      spamRetentionDays: 7,
      trustRetentionDays: 400,
      retentionPolicy: { leadDays: 90, spamLeadDays: 7, trustRequestDays: 400 },
      trustRequestCaps: { perMailboxPerDay: 2, perDomainPerHour: 5, perHour: 50 },
      privateDir: "/srv/private",
      linkSigningKey: "k".repeat(32),
      delivery: readDeliveryConfig({}),
      outboxRouting: { channels: [], notifyTo: [], trustApprovers: [], confirmationCaps: { perDomainPerHour: 30, perHour: 300 } },
      // Behind a proxy (TRUST_PROXY_HOPS 1) there is no per-address cap unless one is set (requirement SEC-12).
      connectionLimits: { maxConnections: 900, maxConnectionsPerAddress: 0, responseDrainMs: 30_000 },
      analytics: false,
    });
  });

  it("counts visits unless ANALYTICS is off, and refuses any other value (ANA-2)", () => {
    expect(readServerEnv({}).analytics).toBe(true);
    expect(readServerEnv({ ANALYTICS: " ON " }).analytics).toBe(true);
    expect(() => readServerEnv({ ANALYTICS: "no" })).toThrow(/ANALYTICS must be "on" or "off"/);
  });

  it("reads the delivery channels (requirement LEAD-17), and none by default", () => {
    const env = readServerEnv({
      SMTP_URL: "smtps://web:secret@mail.example.net:465",
      MAIL_FROM: "web@veilvault.example",
      LEAD_NOTIFY_TO: "sales@veilvault.example",
      LEAD_WEBHOOK_URL: "https://crm.example.net/hooks/veilvault",
      LEAD_WEBHOOK_SECRET: "a secret of more than sixteen bytes",
    });
    expect(env.delivery).toMatchObject({
      mail: { smtpUrl: "smtps://web:secret@mail.example.net:465", from: "web@veilvault.example" },
      notifyTo: ["sales@veilvault.example"],
      webhook: { url: "https://crm.example.net/hooks/veilvault", secret: "a secret of more than sixteen bytes" },
    });
    expect(readServerEnv({}).delivery).toEqual({
      notifyTo: [],
      trustApprovers: [],
      operators: [],
      schedule: { baseMs: 30_000, capMs: 7_200_000, maxAttempts: 20 },
      leaseMs: 60_000,
      confirmationCaps: { perDomainPerHour: 30, perHour: 300 },
    });
  });

  it("defaults the lead service to ./data, 10 posts a minute, 3 s fill time, no trusted proxy, 365 days' retention and 30 for spam", () => {
    const env = readServerEnv({});
    expect(env.dataDir).toMatch(/\/data$/);
    expect([env.leadRatePerMinute, env.leadMinFillMs, env.trustProxyHops, env.allowedOrigins, env.leadRetentionDays, env.spamRetentionDays]).toEqual([
      10,
      3000,
      0,
      [],
      365,
      30,
    ]);
    expect(env.linkSigningKey).toBeUndefined();
  });

  it("takes DATABASE_URL to use PostgreSQL, and has none by default", () => {
    expect(readServerEnv({ DATABASE_URL: "postgres://veilvault@db:5432/veilvault" }).databaseUrl).toBe("postgres://veilvault@db:5432/veilvault");
    expect(readServerEnv({}).databaseUrl).toBeUndefined();
  });

  it.each([
    ["LEAD_RATE_LIMIT_PER_MINUTE", "ten"],
    ["LEAD_MIN_FILL_MS", "-1"],
    ["LEADS_ALLOWED_ORIGINS", "https://partner.example/path"],
  ])("refuses %s=%s", (name, value) => {
    expect(() => readServerEnv({ [name]: value })).toThrow(name);
  });

  it.each(["0", "1", "65535"])("accepts PORT=%s", (value) => {
    expect(readServerEnv({ PORT: value }).port).toBe(Number(value));
  });

  it.each(["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const)("accepts LOG_LEVEL=%s", (level) => {
    expect(readServerEnv({ LOG_LEVEL: level }).logLevel).toBe(level);
  });

  it("treats an empty HOST as unset", () => {
    expect(readServerEnv({ HOST: "" }).host).toBe("127.0.0.1");
  });

  it.each(["abc", "70000", "65536", "-1", "3000.5", "3000abc"])("rejects PORT=%j", (value) => {
    expect(() => readServerEnv({ PORT: value })).toThrow(/PORT/);
  });

  it.each(["loud", "INFO", "verbose"])("rejects LOG_LEVEL=%j", (value) => {
    expect(() => readServerEnv({ LOG_LEVEL: value })).toThrow(/LOG_LEVEL/);
  });

  // Bug: Number("") is 0, so an empty PORT (a common `PORT=` line in .env files) silently
  // binds a random free port, while an empty HOST falls back to the default.
  it.each(["", " "])("does not turn PORT=%j into port 0", (value) => {
    let port: number | "rejected";
    try {
      port = readServerEnv({ PORT: value }).port;
    } catch {
      port = "rejected";
    }
    expect([3000, "rejected"]).toContain(port);
  });
});
