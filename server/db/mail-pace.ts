import { createHash } from "node:crypto";
import type { ConfirmationCaps } from "./store.ts";
import { utcDay } from "../lib/utc-day.ts";

/**
 * Paced mail (requirement LEAD-31). A cap on e-mail protects the people it
 * goes to and the mail relay, never at the cost of a person's request: past
 * a cap, the request is stored all the same and its e-mail waits for its turn.
 *
 * The turn is the generic cell rate algorithm, run as a schedule rather than
 * a gate: each channel (all confirmations, one domain's, one approver's
 * digest) keeps one time, its "theoretical arrival time". While a channel is
 * quiet, `perHour` e-mails may go at once; after that, one every
 * hour / `perHour`, each after the one before. One row per channel, read and
 * written in the request's own transaction, so instances share the pace.
 */

export const HOUR_MS = 60 * 60 * 1000;

/** A channel's pace: at most `perHour` e-mails an hour, of which `burst` may go at once. */
export interface Pace {
  perHour: number;
  /** E-mails that may go at once after a quiet spell; `perHour` unless given. */
  burst?: number;
}

/**
 * When the next e-mail of a channel may go, and the channel's time after it.
 * `tat` is the stored time (ms), undefined for a channel with no row.
 */
export function nextSlot(pace: Pace, tat: number | undefined, now: number): { at: number; tat: number } {
  const interval = HOUR_MS / pace.perHour;
  const tolerance = ((pace.burst ?? pace.perHour) - 1) * interval;
  const due = Math.max(tat ?? now, now);
  const at = Math.max(now, due - tolerance);
  return { at, tat: Math.max(due, at) + interval };
}

/**
 * The slot that satisfies every channel at once, and each channel's new time.
 * Each channel counts the e-mail at its own turn, not at the later slot
 * another channel gave it: a domain's queue taking the whole relay's turns
 * an hour ahead would hold back every other domain's mail for nothing.
 */
export function jointSlot(
  channels: readonly { key: string; pace: Pace }[],
  tatOf: (key: string) => number | undefined,
  now: number,
): { at: number; updates: { key: string; tat: number }[] } {
  const slots = channels.map((channel) => ({ key: channel.key, ...nextSlot(channel.pace, tatOf(channel.key), now) }));
  return { at: Math.max(now, ...slots.map((slot) => slot.at)), updates: slots.map(({ key, tat }) => ({ key, tat })) };
}

/**
 * A channel's key. A domain or an approver's address is kept only as a hash
 * and only while its channel is busy (rows whose time has passed are
 * deleted), so the pace keeps no readable address.
 */
export function paceKey(kind: "confirmations" | "confirmations-domain" | "approver-digest", name = ""): string {
  return name ? `${kind}:${createHash("sha256").update(name).digest("hex").slice(0, 32)}` : kind;
}

/** How long a Trust Center digest waits for more requests to join it before it goes: one digest an approver per this. */
export const DIGEST_INTERVAL_MS = 15 * 60 * 1000;

/** A confirmation e-mail's two paces: all confirmations, and those to its domain. */
export function confirmationPaces(caps: ConfirmationCaps, domain: string): { key: string; pace: Pace }[] {
  return [
    { key: paceKey("confirmations"), pace: { perHour: caps.perHour } },
    { key: paceKey("confirmations-domain", domain), pace: { perHour: caps.perDomainPerHour } },
  ];
}

/** Days of limits reached that are kept: the console shows the last 30; older ones are deleted as new ones are counted. */
export const CAP_HITS_KEEP_DAYS = 90;

export function capHitsKeepFrom(now: Date): string {
  return utcDay(new Date(now.getTime() - CAP_HITS_KEEP_DAYS * 24 * HOUR_MS));
}
