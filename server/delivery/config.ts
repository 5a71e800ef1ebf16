import { isEmailAddress } from "../../common/email.ts";
import { type Channel } from "../db/outbox-records.ts";
import { DEFAULT_CONFIRMATION_CAPS, type OutboxRouting } from "../outbox/jobs.ts";
import type { ConfirmationCaps } from "../db/store.ts";
import { DEFAULT_RETRY_SCHEDULE, JOB_LEASE_MS, type RetrySchedule } from "../outbox/retry.ts";

/**
 * Where leads and sign-ups are delivered (requirement LEAD-17), read from the
 * environment. A channel whose settings are unset is off; half a channel's
 * settings stop the server at start, so a typo cannot silently lose leads.
 */
export interface DeliveryConfig {
  /** SMTP_URL and MAIL_FROM: the mail server, for the sales e-mail and the newsletter confirmation. */
  mail?: { smtpUrl: string; from: string };
  /** LEAD_NOTIFY_TO: the sales inbox(es); without it, no sales e-mail. */
  notifyTo: string[];
  /** TRUST_APPROVERS: the security team's inbox(es) that approve Trust Center requests; without it, requests wait for `npm run trust`. */
  trustApprovers: string[];
  /** ADMIN_EMAILS: the operators who may sign in to the console at /console, by a link e-mailed to them. */
  operators: string[];
  /** LEAD_WEBHOOK_URL and LEAD_WEBHOOK_SECRET. */
  webhook?: { url: string; secret: string };
  schedule: RetrySchedule;
  /** How long a claimed job stays reserved; a job whose process died is sent again after it. */
  leaseMs: number;
  /** NEWSLETTER_CONFIRMATIONS_PER_DOMAIN_HOUR and NEWSLETTER_CONFIRMATIONS_PER_HOUR (requirement LEAD-23). */
  confirmationCaps: ConfirmationCaps;
}


/** Standard Webhooks secrets are `whsec_` and base64; any other value is used as its UTF-8 bytes. */
export function webhookKey(secret: string): Buffer {
  return secret.startsWith("whsec_") ? Buffer.from(secret.slice("whsec_".length), "base64") : Buffer.from(secret, "utf8");
}

/** Fewer bytes of key than this would make the signature guessable offline. */
const MIN_WEBHOOK_KEY_BYTES = 16;

function wholeNumber(name: string, raw: string | undefined, fallback: number, minimum: number): number {
  const text = raw?.trim() || String(fallback);
  if (!/^\d+$/.test(text) || Number(text) < minimum) throw new Error(`${name} must be a whole number of at least ${minimum}, got "${raw}"`);
  return Number(text);
}

function readMail(source: Readonly<Record<string, string | undefined>>): DeliveryConfig["mail"] {
  const smtpUrl = source.SMTP_URL?.trim();
  const from = source.MAIL_FROM?.trim();
  if (!smtpUrl) {
    if (from || source.LEAD_NOTIFY_TO?.trim() || source.TRUST_APPROVERS?.trim() || source.ADMIN_EMAILS?.trim()) {
      throw new Error("MAIL_FROM, LEAD_NOTIFY_TO, TRUST_APPROVERS and ADMIN_EMAILS need SMTP_URL");
    }
    return undefined;
  }
  let protocol: string;
  try {
    protocol = new URL(smtpUrl).protocol;
  } catch {
    throw new Error("SMTP_URL must be a URL such as smtp://user:pass@host:587 or smtps://user:pass@host:465");
  }
  if (protocol !== "smtp:" && protocol !== "smtps:") throw new Error(`SMTP_URL must start with smtp:// or smtps://, got "${protocol}"`);
  // The address may carry a display name: "Veilvault <web@veilvault.example>".
  const address = from?.match(/<([^<>]+)>\s*$/)?.[1] ?? from ?? "";
  if (!isEmailAddress(address)) throw new Error("MAIL_FROM must be the sender's address, e.g. Veilvault <web@veilvault.example>");
  return { smtpUrl, from: from ?? "" };
}

function readWebhook(source: Readonly<Record<string, string | undefined>>): DeliveryConfig["webhook"] {
  const url = source.LEAD_WEBHOOK_URL?.trim();
  const secret = source.LEAD_WEBHOOK_SECRET?.trim();
  if (!url && !secret) return undefined;
  if (!url || !secret) throw new Error("LEAD_WEBHOOK_URL and LEAD_WEBHOOK_SECRET go together");
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`LEAD_WEBHOOK_URL must be an http(s) URL, got "${url}"`);
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") throw new Error(`LEAD_WEBHOOK_URL must be an http(s) URL, got "${url}"`);
  if (webhookKey(secret).length < MIN_WEBHOOK_KEY_BYTES) {
    throw new Error(`LEAD_WEBHOOK_SECRET must hold at least ${MIN_WEBHOOK_KEY_BYTES} bytes (whsec_ and base64, or plain text)`);
  }
  return { url: parsed.href, secret };
}

/** A comma list of addresses (LEAD_NOTIFY_TO, TRUST_APPROVERS, ADMIN_EMAILS). */
function addressList(name: string, raw: string | undefined): string[] {
  const addresses = (raw ?? "")
    .split(",")
    .map((address) => address.trim())
    .filter(Boolean);
  for (const address of addresses) if (!isEmailAddress(address)) throw new Error(`${name} holds addresses only, got "${address}"`);
  return addresses;
}

export function readDeliveryConfig(source: Readonly<Record<string, string | undefined>>): DeliveryConfig {
  const mail = readMail(source);
  const notifyTo = addressList("LEAD_NOTIFY_TO", source.LEAD_NOTIFY_TO);
  const trustApprovers = addressList("TRUST_APPROVERS", source.TRUST_APPROVERS);
  const operators = addressList("ADMIN_EMAILS", source.ADMIN_EMAILS);
  const webhook = readWebhook(source);
  // Tuning for tests and operators; the defaults give about a day of attempts.
  const baseMs = wholeNumber("OUTBOX_RETRY_BASE_MS", source.OUTBOX_RETRY_BASE_MS, DEFAULT_RETRY_SCHEDULE.baseMs, 1);
  return {
    ...(mail ? { mail } : {}),
    notifyTo,
    trustApprovers,
    operators,
    ...(webhook ? { webhook } : {}),
    schedule: {
      baseMs,
      capMs: Math.max(baseMs, DEFAULT_RETRY_SCHEDULE.capMs),
      maxAttempts: wholeNumber("OUTBOX_MAX_ATTEMPTS", source.OUTBOX_MAX_ATTEMPTS, DEFAULT_RETRY_SCHEDULE.maxAttempts, 1),
    },
    // Never shorter than a send's own deadlines, or a slow send would be sent twice while still under way.
    leaseMs: wholeNumber("OUTBOX_LEASE_MS", source.OUTBOX_LEASE_MS, JOB_LEASE_MS, 1_000),
    confirmationCaps: {
      perDomainPerHour: wholeNumber(
        "NEWSLETTER_CONFIRMATIONS_PER_DOMAIN_HOUR",
        source.NEWSLETTER_CONFIRMATIONS_PER_DOMAIN_HOUR,
        DEFAULT_CONFIRMATION_CAPS.perDomainPerHour,
        1,
      ),
      perHour: wholeNumber("NEWSLETTER_CONFIRMATIONS_PER_HOUR", source.NEWSLETTER_CONFIRMATIONS_PER_HOUR, DEFAULT_CONFIRMATION_CAPS.perHour, 1),
    },
  };
}

/** The channels that are on: only their jobs are written and claimed. */
export function enabledChannels(config: DeliveryConfig): Channel[] {
  const channels: Channel[] = [];
  if (config.mail && config.notifyTo.length > 0) channels.push("sales-email");
  if (config.mail) channels.push("confirmation-email");
  if (config.mail && config.trustApprovers.length > 0) channels.push("approver-email");
  if (config.mail && config.operators.length > 0) channels.push("operator-email");
  if (config.webhook) channels.push("webhook");
  return channels;
}

/** What intake needs of these settings to write jobs (server/outbox/jobs.ts). */
export function outboxRouting(config: DeliveryConfig): OutboxRouting {
  return { channels: enabledChannels(config), notifyTo: config.notifyTo, trustApprovers: config.trustApprovers, confirmationCaps: config.confirmationCaps };
}
