import { COOKIE_CONSENT_ACCEPTED, COOKIE_CONSENT_KEY, COOKIE_CONSENT_REJECTED } from "./constants.ts";

/**
 * Cookie consent, as requirements CONSENT-2 to CONSENT-5 define it: the choice itself under
 * `cookie-consent` ('true' or 'false'), plus a record of when and under which
 * policy version it was made, so it can be asked again after six months or when
 * the cookie policy changes. Storage may be missing or throw at any call: a read
 * failure means "ask", a write failure is ignored.
 */

/** Bump when the cookie policy changes materially: everyone is asked again. */
export const CONSENT_POLICY_VERSION = "2026-11-26";
export const CONSENT_RECORD_KEY = "cookie-consent-record";
/** Six months, counted generously as 183 days. */
export const CONSENT_MAX_AGE_MS = 183 * 24 * 60 * 60 * 1000;

export type ConsentChoice = "accepted" | "rejected";

export interface ConsentRecord {
  choice: ConsentChoice;
  /** Milliseconds since the epoch. */
  at: number;
  version: string;
}

type StorageReader = Pick<Storage, "getItem">;
type StorageWriter = Pick<Storage, "setItem">;

/** Where and how a choice is stored; the head script receives the same values. */
export const CONSENT_STORAGE = {
  choiceKey: COOKIE_CONSENT_KEY,
  recordKey: CONSENT_RECORD_KEY,
  accepted: COOKIE_CONSENT_ACCEPTED,
  rejected: COOKIE_CONSENT_REJECTED,
  version: CONSENT_POLICY_VERSION,
  maxAgeMs: CONSENT_MAX_AGE_MS,
} as const;

export type ConsentStorage = typeof CONSENT_STORAGE;

/**
 * The stored choice if it is still valid, or null when the visitor must be
 * asked. A choice stored without any record (a returning visitor of the
 * earlier site, which kept only `cookie-consent`) counts as made now: its
 * record is written, so the six-month clock starts today.
 *
 * It names nothing outside its own body: the head script that runs before the
 * first paint is built from this function's source (boot-script.ts), so
 * the page and the app cannot disagree about a choice.
 */
export function consentFromStorage(
  storage: (StorageReader & StorageWriter) | null | undefined,
  now: number,
  keys: ConsentStorage,
): ConsentChoice | null {
  try {
    if (!storage) return null;
    const value = storage.getItem(keys.choiceKey);
    const choice = value === keys.accepted ? "accepted" : value === keys.rejected ? "rejected" : null;
    if (!choice) return null;
    const raw = storage.getItem(keys.recordKey);
    if (!raw) {
      storage.setItem(keys.recordKey, JSON.stringify({ choice, at: now, version: keys.version }));
      return choice;
    }
    const record: unknown = JSON.parse(raw);
    if (typeof record !== "object" || record === null) return null;
    const { choice: recorded, at, version } = record as Record<string, unknown>;
    if (recorded !== choice || version !== keys.version || typeof at !== "number") return null;
    if (now - at > keys.maxAgeMs || at > now) return null;
    return choice;
  } catch {
    return null;
  }
}

export function readConsent(storage: (StorageReader & StorageWriter) | null | undefined, now: number): ConsentChoice | null {
  return consentFromStorage(storage, now, CONSENT_STORAGE);
}

/** Stores the choice and its record; failures are silently ignored (requirement CONSENT-4). */
export function writeConsent(storage: StorageWriter | null | undefined, choice: ConsentChoice, now: number): void {
  try {
    if (!storage) return;
    storage.setItem(COOKIE_CONSENT_KEY, choice === "accepted" ? COOKIE_CONSENT_ACCEPTED : COOKIE_CONSENT_REJECTED);
    const record: ConsentRecord = { choice, at: now, version: CONSENT_POLICY_VERSION };
    storage.setItem(CONSENT_RECORD_KEY, JSON.stringify(record));
  } catch {
    // CONSENT-4: a storage write failure is ignored; the banner still closes.
  }
}

/** The window's localStorage, or null where merely touching it throws (blocked storage). */
export function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
