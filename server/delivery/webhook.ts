import { createHmac } from "node:crypto";
import { webhookKey } from "./config.ts";

/**
 * Standard Webhooks signing (https://www.standardwebhooks.com): the signature
 * is `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body`, so a receiver's
 * off-the-shelf verifier (or ten lines of its own) can check it.
 */
export function webhookSignature(secret: string, id: string, timestamp: number, body: string): string {
  return `v1,${createHmac("sha256", webhookKey(secret)).update(`${id}.${timestamp}.${body}`).digest("base64")}`;
}

/** A receiver slower than this is a failed attempt, retried later. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/**
 * Posts one signed event; resolves on a 2xx answer, throws otherwise.
 * Redirects are not followed (the signed body goes only where it was
 * configured to go), and the answer's body is never read beyond its status.
 */
export async function postWebhook(target: { url: string; secret: string }, id: string, body: string, now: Date): Promise<void> {
  const timestamp = Math.floor(now.getTime() / 1000);
  const response = await fetch(target.url, {
    method: "POST",
    redirect: "manual",
    signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    headers: {
      "content-type": "application/json",
      "user-agent": "Veilvault-Webhooks/1",
      "webhook-id": id,
      "webhook-timestamp": String(timestamp),
      "webhook-signature": webhookSignature(target.secret, id, timestamp, body),
    },
    body,
  });
  await response.body?.cancel();
  if (response.status < 200 || response.status > 299) throw new Error(`the webhook answered ${response.status}`);
}
