import { DEFAULT_LEAD_RETENTION_DAYS, DEFAULT_SPAM_RETENTION_DAYS, DEFAULT_TRUST_RETENTION_DAYS, type RetentionPolicy } from "./db/retention.ts";
import { DEFAULT_TRUST_REQUEST_CAPS } from "./trust/caps.ts";
import type { TrustRequestCaps } from "./db/store.ts";
import { outboxRouting, readDeliveryConfig, type DeliveryConfig } from "./delivery/config.ts";
import type { OutboxRouting } from "./outbox/jobs.ts";
import { defaultConnectionLimits, type ConnectionLimits } from "./connection-limits.ts";

/** The server's runtime settings, read and validated once at start-up. */
export interface ServerEnv {
  host: string;
  port: number;
  /** The built site: the output of `npm run build`. */
  clientDir: string;
  /** The CSP and other decisions of the build. */
  securityManifest: string;
  logLevel: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
  /** PEM certificate and key files: serve HTTPS directly instead of behind a TLS proxy. */
  tls?: { certFile: string; keyFile: string };
  /** Where the lead database lives (DATA_DIR). */
  dataDir: string;
  /** The public site origin; posts from it count as same-origin behind a proxy. */
  siteUrl: string;
  /** Other origins allowed to post leads (LEADS_ALLOWED_ORIGINS, comma-separated). */
  allowedOrigins: string[];
  /** Lead and newsletter posts per client IP and minute (LEAD_RATE_LIMIT_PER_MINUTE). */
  leadRatePerMinute: number;
  /** Forms sent sooner than this after opening are flagged as spam (LEAD_MIN_FILL_MS). */
  leadMinFillMs: number;
  /** Proxies whose X-Forwarded-For is believed (TRUST_PROXY_HOPS); 0 trusts none. */
  trustProxyHops: number;
  /** Leads older than this many days are deleted on start-up and by `npm run leads -- prune`. */
  leadRetentionDays: number;
  /** Spam-flagged leads are deleted sooner (LEAD_SPAM_RETENTION_DAYS). */
  spamRetentionDays: number;
  /** Trust Center requests, with their downloads, are deleted after this many days (TRUST_RETENTION_DAYS). */
  trustRetentionDays: number;
  /** What retention deletes, from the three settings above. */
  retentionPolicy: RetentionPolicy;
  /** Trust Center requests stored per mailbox a day, per domain an hour, in all an hour (TRUST_REQUESTS_PER_MAILBOX_DAY, _PER_DOMAIN_HOUR, _PER_HOUR). */
  trustRequestCaps: TrustRequestCaps;
  /** What the build keeps out of the public files: the gated documents (build/private). */
  privateDir: string;
  /** The key links and the day's visitor salt are derived with (LINK_SIGNING_KEY); unset: a key file. */
  linkSigningKey?: string;
  /** That key's file (LINK_SIGNING_KEY_FILE), outside DATA_DIR in production; unset: `link-signing.key` in DATA_DIR. */
  linkSigningKeyFile?: string;
  /** PostgreSQL instead of the SQLite file (DATABASE_URL), for several instances. */
  databaseUrl?: string;
  /** Where leads and sign-ups are delivered: SMTP_URL, MAIL_FROM, LEAD_NOTIFY_TO, LEAD_WEBHOOK_URL, LEAD_WEBHOOK_SECRET. */
  delivery: DeliveryConfig;
  /** What intake needs of `delivery` to write jobs (the CLI's erasure, the lead routes). */
  outboxRouting: OutboxRouting;
  /** Socket caps and the response drain deadline: MAX_CONNECTIONS, MAX_CONNECTIONS_PER_ADDRESS, RESPONSE_DRAIN_MS. */
  connectionLimits: ConnectionLimits;
  /** Cookieless traffic counting (ANALYTICS: on, the default, or off). */
  analytics: boolean;
}

const LOG_LEVELS = new Set<ServerEnv["logLevel"]>(["fatal", "error", "warn", "info", "debug", "trace", "silent"]);

function isLogLevel(value: string): value is ServerEnv["logLevel"] {
  return LOG_LEVELS.has(value as ServerEnv["logLevel"]);
}

function wholeNumber(name: string, raw: string | undefined, fallback: number): number {
  const text = raw?.trim() || String(fallback);
  if (!/^\d+$/.test(text)) throw new Error(`${name} must be a whole number, got "${raw}"`);
  return Number(text);
}

function onOff(name: string, raw: string | undefined, fallback: boolean): boolean {
  const text = raw?.trim().toLowerCase() || (fallback ? "on" : "off");
  if (text !== "on" && text !== "off") throw new Error(`${name} must be "on" or "off", got "${raw}"`);
  return text === "on";
}

function origins(raw: string | undefined): string[] {
  return (raw ?? "")
    .split(",")
    .map((value) => value.trim())
    .filter(Boolean)
    .map((value) => {
      const url = new URL(value);
      if (url.origin !== value.replace(/\/$/, "")) throw new Error(`LEADS_ALLOWED_ORIGINS holds origins only, got "${value}"`);
      return url.origin;
    });
}

/**
 * Behind a proxy (TRUST_PROXY_HOPS above 0) every socket comes from the proxy,
 * so the per-address cap is off unless MAX_CONNECTIONS_PER_ADDRESS is set.
 */
function connectionLimits(source: Readonly<Record<string, string | undefined>>, trustProxyHops: number): ConnectionLimits {
  const defaults = defaultConnectionLimits(trustProxyHops);
  const maxConnections = wholeNumber("MAX_CONNECTIONS", source.MAX_CONNECTIONS, defaults.maxConnections);
  // Node would refuse every connection at 0.
  if (maxConnections < 1) throw new Error("MAX_CONNECTIONS must be at least 1");
  return {
    maxConnections,
    maxConnectionsPerAddress: wholeNumber("MAX_CONNECTIONS_PER_ADDRESS", source.MAX_CONNECTIONS_PER_ADDRESS, defaults.maxConnectionsPerAddress),
    responseDrainMs: wholeNumber("RESPONSE_DRAIN_MS", source.RESPONSE_DRAIN_MS, defaults.responseDrainMs),
  };
}

export function readServerEnv(source: Readonly<Record<string, string | undefined>>): ServerEnv {
  const delivery = readDeliveryConfig(source);
  const rawPort = source.PORT?.trim() || "3000";
  const port = Number(rawPort);
  if (!/^\d+$/.test(rawPort) || port > 65535) throw new Error(`PORT must be 0-65535, got "${source.PORT}"`);
  const logLevel = source.LOG_LEVEL ?? "info";
  if (!isLogLevel(logLevel)) throw new Error(`LOG_LEVEL must be one of ${[...LOG_LEVELS].join(", ")}`);
  const certFile = source.TLS_CERT_FILE;
  const keyFile = source.TLS_KEY_FILE;
  if (Boolean(certFile) !== Boolean(keyFile)) throw new Error("TLS_CERT_FILE and TLS_KEY_FILE go together");
  const leadRetentionDays = wholeNumber("LEAD_RETENTION_DAYS", source.LEAD_RETENTION_DAYS, DEFAULT_LEAD_RETENTION_DAYS);
  const spamRetentionDays = wholeNumber("LEAD_SPAM_RETENTION_DAYS", source.LEAD_SPAM_RETENTION_DAYS, DEFAULT_SPAM_RETENTION_DAYS);
  const trustRetentionDays = wholeNumber("TRUST_RETENTION_DAYS", source.TRUST_RETENTION_DAYS, DEFAULT_TRUST_RETENTION_DAYS);
  return {
    ...(certFile && keyFile ? { tls: { certFile, keyFile } } : {}),
    ...(source.DATABASE_URL ? { databaseUrl: source.DATABASE_URL } : {}),
    ...(source.LINK_SIGNING_KEY ? { linkSigningKey: source.LINK_SIGNING_KEY } : {}),
    ...(source.LINK_SIGNING_KEY_FILE ? { linkSigningKeyFile: source.LINK_SIGNING_KEY_FILE } : {}),
    host: source.HOST || "127.0.0.1",
    port,
    clientDir: source.CLIENT_DIR || new URL("../build/client", import.meta.url).pathname,
    securityManifest: source.SECURITY_MANIFEST || new URL("../build/security.json", import.meta.url).pathname,
    logLevel,
    dataDir: source.DATA_DIR || new URL("../data", import.meta.url).pathname,
    siteUrl: source.SITE_URL || "https://veilvault.example",
    allowedOrigins: origins(source.LEADS_ALLOWED_ORIGINS),
    leadRatePerMinute: wholeNumber("LEAD_RATE_LIMIT_PER_MINUTE", source.LEAD_RATE_LIMIT_PER_MINUTE, 10),
    leadMinFillMs: wholeNumber("LEAD_MIN_FILL_MS", source.LEAD_MIN_FILL_MS, 3000),
    trustProxyHops: wholeNumber("TRUST_PROXY_HOPS", source.TRUST_PROXY_HOPS, 0),
    leadRetentionDays,
    spamRetentionDays,
    trustRetentionDays,
    retentionPolicy: { leadDays: leadRetentionDays, spamLeadDays: spamRetentionDays, trustRequestDays: trustRetentionDays },
    trustRequestCaps: {
      perMailboxPerDay: wholeNumber("TRUST_REQUESTS_PER_MAILBOX_DAY", source.TRUST_REQUESTS_PER_MAILBOX_DAY, DEFAULT_TRUST_REQUEST_CAPS.perMailboxPerDay),
      perDomainPerHour: wholeNumber("TRUST_REQUESTS_PER_DOMAIN_HOUR", source.TRUST_REQUESTS_PER_DOMAIN_HOUR, DEFAULT_TRUST_REQUEST_CAPS.perDomainPerHour),
      perHour: wholeNumber("TRUST_REQUESTS_PER_HOUR", source.TRUST_REQUESTS_PER_HOUR, DEFAULT_TRUST_REQUEST_CAPS.perHour),
    },
    privateDir: source.PRIVATE_DIR || new URL("../build/private", import.meta.url).pathname,
    delivery,
    outboxRouting: outboxRouting(delivery),
    connectionLimits: connectionLimits(source, wholeNumber("TRUST_PROXY_HOPS", source.TRUST_PROXY_HOPS, 0)),
    analytics: onOff("ANALYTICS", source.ANALYTICS, true),
  };
}
