/**
 * Sending the contact form (requirements LEAD-2, CONTACT-13, CONTACT-14): POST the body as JSON
 * with an Idempotency-Key, so a retry after a dropped connection can never
 * store the lead twice. A non-OK answer raises an Error whose message is the
 * response text, or 'Request failed with status {status}' when there is none.
 */
import type { LeadBody } from "../../common/lead-fields.ts";

export const SUBMIT_FAILED_FALLBACK = "Failed to submit. Please try again.";

export interface SubmitOptions {
  endpoint: string;
  idempotencyKey: string;
  /** Spam signals sent beside the body, which must stay exactly LEAD-2's (CONTACT-15). */
  trap: string;
  fillMs: number;
  /** Waits before the one retry after a network failure. */
  retryDelayMs?: number;
}

async function send(body: LeadBody, options: SubmitOptions): Promise<Response> {
  return fetch(options.endpoint, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "Idempotency-Key": options.idempotencyKey,
      "X-Form-Trap": options.trap,
      "X-Form-Fill-Ms": String(Math.round(options.fillMs)),
    },
    body: JSON.stringify(body),
  });
}

export async function submitLead(body: LeadBody, options: SubmitOptions): Promise<void> {
  let response: Response;
  try {
    response = await send(body, options);
  } catch {
    // The request may or may not have arrived; the same key makes asking again safe.
    await new Promise((resolve) => setTimeout(resolve, options.retryDelayMs ?? 1000));
    response = await send(body, options);
  }
  if (!response.ok) {
    const text = await response.text().catch(() => "");
    throw new Error(text || `Request failed with status ${response.status}`);
  }
}

/** The message the console gets when sending fails (requirement CONTACT-13). */
export function submitFailureMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : SUBMIT_FAILED_FALLBACK;
}
