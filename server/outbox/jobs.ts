import type { Channel, NewJob } from "../db/outbox-records.ts";
import type { ConfirmationCaps } from "../db/store.ts";

/**
 * Confirmation e-mails an hour: to one recipient domain, and in all. A flood
 * of sign-ups (each spelling and address a bot can think of) then costs at
 * most this much of our sending reputation and of any one provider's
 * patience; a real person is never near either.
 */
export const DEFAULT_CONFIRMATION_CAPS: ConfirmationCaps = { perDomainPerHour: 30, perHour: 300 };

/**
 * What intake knows of delivery: which channels are on, the sales inboxes,
 * and how many confirmations an hour may go out. Delivery
 * (server/delivery/config.ts) reads its settings into this; intake writes
 * jobs by it and never learns how they are sent.
 */
export interface OutboxRouting {
  channels: readonly Channel[];
  notifyTo: readonly string[];
  trustApprovers: readonly string[];
  confirmationCaps: ConfirmationCaps;
}

/** No delivery configured: no job is written. */
export const NO_DELIVERY: OutboxRouting = { channels: [], notifyTo: [], trustApprovers: [], confirmationCaps: DEFAULT_CONFIRMATION_CAPS };

/**
 * A lead's jobs: the webhook for every lead (spam flagged in it), and the
 * sales e-mail, for leads not flagged, as one job per sales inbox, so an
 * inbox that refuses is retried alone and the others never get it twice
 * (requirement LEAD-26).
 */
export function leadJobs(routing: OutboxRouting, spam: boolean): NewJob[] {
  const jobs: NewJob[] = [];
  if (routing.channels.includes("sales-email") && !spam) {
    for (const recipient of routing.notifyTo) jobs.push({ channel: "sales-email", event: "lead.created", recipient });
  }
  if (routing.channels.includes("webhook")) jobs.push({ channel: "webhook", event: "lead.created" });
  return jobs;
}

/** A sign-up's confirmation e-mail; its links are derived from `jobId` when it is written (link-tokens.ts). */
export function signUpJobs(routing: OutboxRouting, jobId: string): NewJob[] {
  return routing.channels.includes("confirmation-email") ? [{ id: jobId, channel: "confirmation-email", event: "newsletter.signup" }] : [];
}

/** A confirmation or an unsubscribe, told to the webhook so the tool that sends the newsletter follows it. */
export function subscriberChangeJobs(routing: OutboxRouting, event: "newsletter.confirmed" | "newsletter.unsubscribed"): NewJob[] {
  return routing.channels.includes("webhook") ? [{ channel: "webhook", event }] : [];
}

/** An erasure, told to the webhook so the tools downstream erase the same records (requirement LEAD-25). */
export function erasureJobs(routing: OutboxRouting): NewJob[] {
  return routing.channels.includes("webhook") ? [{ channel: "webhook", event: "person.erased" }] : [];
}

/**
 * A Trust Center request's jobs (requirement TRUST-5): one e-mail per
 * approver, each with its own approve and deny links derived from its id
 * (server/trust/links.ts), and the signed `trust.access_requested` webhook.
 */
export function trustRequestJobs(routing: OutboxRouting, approverJobIds: readonly string[]): NewJob[] {
  const jobs: NewJob[] = [];
  if (routing.channels.includes("approver-email")) {
    routing.trustApprovers.forEach((recipient, index) => {
      const id = approverJobIds[index];
      if (id) jobs.push({ id, channel: "approver-email", event: "trust.access_requested", recipient });
    });
  }
  if (routing.channels.includes("webhook")) jobs.push({ channel: "webhook", event: "trust.access_requested" });
  return jobs;
}

/** The requester's e-mail about a decision: an approval carries the download links derived from `jobId`. */
export function trustDecisionJobs(routing: OutboxRouting, outcome: "approved" | "denied", jobId: string): NewJob[] {
  if (!routing.channels.includes("confirmation-email")) return [];
  return [{ id: jobId, channel: "confirmation-email", event: outcome === "approved" ? "trust.access_granted" : "trust.access_denied" }];
}
