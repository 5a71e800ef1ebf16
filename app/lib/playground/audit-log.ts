/**
 * An append-only, tamper-evident record of what happened to the values:
 * every entry carries the SHA-256 of the entry before it, so changing,
 * removing or reordering any entry breaks the chain from there on. Entries
 * name types and tokens only, never a value: the log may be shown, copied or
 * exported without becoming a second copy of the data it guards.
 *
 * Canonical form (what `hash` is the SHA-256 of, as lowercase hex):
 * JSON.stringify of the object { seq, at, action, role, detail, prevHash },
 * keys in exactly that order, over the UTF-8 bytes. The first entry's
 * prevHash is GENESIS_HASH (64 zeros).
 */
import { detect, MAX_SCAN_LENGTH, type FindingType } from "./detectors.ts";
import type { Role } from "./policy.ts";
import { randomToken } from "./tokens.ts";

export type AuditAction = "tokenize" | "grant" | "reveal" | "deny";

export interface AuditEntry {
  /** 0 for the first entry, then one more each time. */
  seq: number;
  /** Milliseconds since the epoch. */
  at: number;
  action: AuditAction;
  role: Role;
  /** Types and tokens only, never a value. */
  detail: string;
  prevHash: string;
  hash: string;
}

export type AuditLog = readonly Readonly<AuditEntry>[];

export type AuditEvent = Pick<AuditEntry, "at" | "action" | "role" | "detail">;

export type Verification = { ok: true } | { ok: false; brokenAt: number };

export const GENESIS_HASH = "0".repeat(64);

/** The exact text an entry's hash covers (see the module comment). */
export function canonicalEntry({ seq, at, action, role, detail, prevHash }: Omit<AuditEntry, "hash">): string {
  return JSON.stringify({ seq, at, action, role, detail, prevHash });
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** A new log: the old one plus the event, chained to its last entry. The old log is left as it was. */
export async function append(log: AuditLog, event: AuditEvent): Promise<AuditLog> {
  const { at, action, role, detail } = event;
  const unhashed = { seq: log.length, at, action, role, detail, prevHash: log.at(-1)?.hash ?? GENESIS_HASH };
  const entry = Object.freeze({ ...unhashed, hash: await sha256Hex(canonicalEntry(unhashed)) });
  return Object.freeze([...log, entry]);
}

/**
 * Whether the chain holds, or the position of the first entry where it does
 * not. Dropping entries from the end leaves a shorter chain that still
 * holds; pass the head hash kept elsewhere (the last entry's hash, shown
 * on screen) to catch that too: a mismatch is reported at log.length.
 */
export async function verify(log: AuditLog, expectedHead?: string): Promise<Verification> {
  let prevHash = GENESIS_HASH;
  for (const [position, entry] of log.entries()) {
    const intact = entry.seq === position && entry.prevHash === prevHash && entry.hash === (await sha256Hex(canonicalEntry(entry)));
    if (!intact) return { ok: false, brokenAt: position };
    prevHash = entry.hash;
  }
  return expectedHead === undefined || expectedHead === prevHash ? { ok: true } : { ok: false, brokenAt: log.length };
}

/** The detail of a tokenize or reveal entry: each token with its type, e.g. "card 4830 2291 0475 1111; email kxq@vfzrbqa.org". */
export function tokensDetail(items: readonly { type: FindingType; token: string }[]): string {
  return items.map(({ type, token }) => `${type} ${token}`).join("; ");
}

/**
 * Free text (a stated purpose, a break-glass reason) as the log may keep it:
 * every value the detectors find in it is replaced by a fresh random token of
 * its type, so "DSAR from jane.roe@example.com" is logged with an address
 * that is not hers. Text beyond what the detectors scan is not kept at all.
 */
export function withValuesTokenized(text: string, now: number = Date.now()): string {
  const scanned = text.slice(0, MAX_SCAN_LENGTH);
  let kept = "";
  let from = 0;
  for (const finding of detect(scanned, now)) {
    kept += scanned.slice(from, finding.start) + randomToken(finding);
    from = finding.end;
  }
  return kept + scanned.slice(from) + (text.length > MAX_SCAN_LENGTH ? "…" : "");
}
