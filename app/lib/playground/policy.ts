/**
 * Who may see what behind a token. Four roles, from least to most:
 * - support-agent: masked values (•••• 4242, a•••@example.org), enough to
 *   confirm "the card ending 4242" with a caller;
 * - analyst: tokens only, never a value;
 * - privacy-officer: full values, with a stated purpose and a live grant;
 * - break-glass: full values in an emergency, with a reason and a live
 *   grant, and every request flagged for review, allowed or not.
 * Grants are just-in-time, cover one stated purpose or reason, and expire.
 * A privacy officer's grant is approved by a second person, never by the one
 * who asks; break-glass opens at once, as an emergency must, and is flagged
 * for review instead. Everything here is a pure function of its arguments,
 * `now` included, so no timer is needed to test an expiry.
 */
import { callingCode } from "./phone-numbers.ts";
import type { TokenSubject } from "./tokens.ts";

export type Role = "support-agent" | "analyst" | "privacy-officer" | "break-glass";

export const ROLES: readonly Role[] = ["support-agent", "analyst", "privacy-officer", "break-glass"];

/** How long a just-in-time grant lasts unless said otherwise: one minute. */
export const DEFAULT_GRANT_MS = 60_000;

/** A privacy officer's request for a grant, waiting for a second person. */
export interface GrantRequest {
  role: Role;
  /** The stated purpose (or reason), trimmed: the grant covers this one only. */
  why: string;
  /** Who asked: an approval by the same person is refused. */
  requestedBy: string;
}

export interface Grant extends GrantRequest {
  /** Who approved it; undefined for break-glass, which nobody approves beforehand. */
  approvedBy: string | undefined;
  /** Milliseconds since the epoch; the grant holds from issuedAt up to, not including, expiresAt. */
  issuedAt: number;
  expiresAt: number;
}

export type GrantAnswer = { refused: string } | { pending: GrantRequest } | { grant: Grant };

const stated = (text: string | undefined): boolean => (text ?? "").trim() !== "";

/**
 * What asking for a grant gives: a refusal (a role without full values, or
 * nothing stated yet), a request for a second person to approve (privacy
 * officer), or a grant at once (break-glass, flagged by decideReveal).
 */
export function askForGrant(role: Role, why: string | undefined, requestedBy: string, now: number, durationMs: number = DEFAULT_GRANT_MS): GrantAnswer {
  if (role === "support-agent") return { refused: "A support agent never sees full values" };
  if (role === "analyst") return { refused: "An analyst never sees full values" };
  if (!stated(why)) return { refused: role === "break-glass" ? "State the reason first: it is flagged with the grant" : "State the purpose first: the approver decides on it" };
  const request = { role, why: (why ?? "").trim(), requestedBy };
  if (role === "break-glass") return { grant: { ...request, approvedBy: undefined, issuedAt: now, expiresAt: now + durationMs } };
  return { pending: request };
}

/** The grant a second person gives for `request`; asking and approving oneself is refused. */
export function approveGrant(request: GrantRequest, approvedBy: string, now: number, durationMs: number = DEFAULT_GRANT_MS): Grant | { refused: string } {
  if (approvedBy === request.requestedBy) return { refused: "A grant needs the approval of a second person" };
  return { ...request, approvedBy, issuedAt: now, expiresAt: now + durationMs };
}

export function grantActive(grant: Grant | undefined, role: Role, now: number): boolean {
  return grant !== undefined && grant.role === role && grant.issuedAt <= now && now < grant.expiresAt;
}

/** What the viewer gets to see in place of a token. */
export type View = "full" | "masked" | "token";

export interface RevealRequest {
  role: Role;
  /** Why a privacy officer needs the values (required for that role). */
  purpose?: string;
  /** The emergency that justifies breaking the glass (required for that role). */
  reason?: string;
  grant?: Grant;
  now: number;
}

export type RevealDecision =
  | { allowed: true; view: "full"; flagged: boolean; reason: string }
  | { allowed: false; view: "masked" | "token"; flagged: boolean; reason: string };

function denied(view: "masked" | "token", reason: string, flagged = false): RevealDecision {
  return { allowed: false, view, flagged, reason };
}

/** Whether `role` may see values in full now; when not, why, and what it sees instead. */
export function decideReveal({ role, purpose, reason, grant, now }: RevealRequest): RevealDecision {
  if (role === "support-agent") return denied("masked", "Support agents see masked values only");
  if (role === "analyst") return denied("token", "Analysts work with tokens only");
  const breakGlass = role === "break-glass";
  if (breakGlass ? !stated(reason) : !stated(purpose)) {
    return denied("token", breakGlass ? "Breaking the glass needs a reason" : "A privacy officer states the purpose of a reveal", breakGlass);
  }
  if (!grant || !grantActive(grant, role, now)) {
    const expired = grant?.role === role && now >= grant.expiresAt;
    return denied("token", expired ? "The just-in-time grant has expired" : `No just-in-time grant for ${role}`, breakGlass);
  }
  if (grant.why !== (breakGlass ? reason : purpose)?.trim()) {
    return denied("token", `The grant covers another ${breakGlass ? "reason" : "purpose"}: ask for a new one`, breakGlass);
  }
  if (!breakGlass && (grant.approvedBy === undefined || grant.approvedBy === grant.requestedBy)) {
    return denied("token", "The grant lacks a second person's approval");
  }
  return { allowed: true, view: "full", flagged: breakGlass, reason: breakGlass ? "Break-glass reveal, flagged for review" : "Privacy officer reveal for a stated purpose" };
}

const MASK = "•";

/** Letters and digits masked, except the first `keepStart` and the last `keepEnd` of them; separators stay. */
function maskBetween(value: string, keepStart: number, keepEnd: number): string {
  const total = value.replace(/[^\dA-Za-z]/g, "").length;
  let seen = 0;
  return value.replace(/[\dA-Za-z]/g, (char) => {
    seen++;
    return seen <= keepStart || seen > total - keepEnd ? char : MASK;
  });
}

/** What a support agent sees: enough to recognise a value, never enough to use it. */
export function maskValue({ type, value }: TokenSubject): string {
  switch (type) {
    case "card":
      return `${MASK.repeat(4)} ${value.replace(/\D/g, "").slice(-4)}`;
    case "email":
      return `${value.charAt(0)}${MASK.repeat(3)}${value.slice(value.indexOf("@"))}`;
    case "phone":
      return maskBetween(value, callingCode(value)?.length ?? 0, 2);
    case "aadhaar":
    case "ssn":
      return maskBetween(value, 0, 4);
    case "iban":
      return maskBetween(value, 2, 4);
    case "pan":
      return maskBetween(value, 0, 1);
    case "name":
      // Initials: "Jane Roe" → "J••• R••".
      return value.replace(/(\p{L})([\p{L}\p{M}]*)/gu, (_word, initial: string, rest: string) => initial + MASK.repeat(rest.length));
    default:
      return maskBetween(value, 0, 0);
  }
}
