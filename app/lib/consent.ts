import { VISITOR_INPUT } from "./scroll.ts";
import { COOKIE_CONSENT_ACCEPTED, COOKIE_CONSENT_KEY, COOKIE_CONSENT_REJECTED } from "./constants.ts";

/**
 * Cookie consent, as SPEC.md and DECISIONS.md define it: the choice itself under
 * `cookie-consent` ('true' or 'false'), plus a record of when and under which
 * policy version it was made, so it can be asked again after six months or when
 * the cookie policy changes. Storage may be missing or throw at any call: a read
 * failure means "ask", a write failure is ignored.
 */

/** Bump when the cookie policy changes materially: everyone is asked again. */
export const CONSENT_POLICY_VERSION = "2024-01-01";
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

function choiceFromValue(value: string | null): ConsentChoice | null {
  if (value === COOKIE_CONSENT_ACCEPTED) return "accepted";
  if (value === COOKIE_CONSENT_REJECTED) return "rejected";
  return null;
}

function parseRecord(raw: string): ConsentRecord | null {
  const parsed: unknown = JSON.parse(raw);
  if (typeof parsed !== "object" || parsed === null) return null;
  const { choice, at, version } = parsed as Record<string, unknown>;
  if ((choice !== "accepted" && choice !== "rejected") || typeof at !== "number" || typeof version !== "string") {
    return null;
  }
  return { choice, at, version };
}

function writeRecord(storage: StorageWriter, choice: ConsentChoice, now: number): void {
  const record: ConsentRecord = { choice, at: now, version: CONSENT_POLICY_VERSION };
  storage.setItem(CONSENT_RECORD_KEY, JSON.stringify(record));
}

/**
 * The stored choice if it is still valid, or null when the visitor must be
 * asked. A choice stored without any record (a returning visitor of the
 * earlier site, which kept only `cookie-consent`) counts as made now: its
 * record is written, so the six-month clock starts today.
 */
export function readConsent(storage: (StorageReader & StorageWriter) | null | undefined, now: number): ConsentChoice | null {
  try {
    if (!storage) return null;
    const choice = choiceFromValue(storage.getItem(COOKIE_CONSENT_KEY));
    if (!choice) return null;
    const raw = storage.getItem(CONSENT_RECORD_KEY);
    if (!raw) {
      writeRecord(storage, choice, now);
      return choice;
    }
    const record = parseRecord(raw);
    if (!record || record.choice !== choice) return null;
    if (record.version !== CONSENT_POLICY_VERSION) return null;
    if (now - record.at > CONSENT_MAX_AGE_MS || record.at > now) return null;
    return choice;
  } catch {
    return null;
  }
}

/** Stores the choice and its record; failures are silently ignored (SPEC.md section 8). */
export function writeConsent(storage: StorageWriter | null | undefined, choice: ConsentChoice, now: number): void {
  try {
    if (!storage) return;
    storage.setItem(COOKIE_CONSENT_KEY, choice === "accepted" ? COOKIE_CONSENT_ACCEPTED : COOKIE_CONSENT_REJECTED);
    writeRecord(storage, choice, now);
  } catch {
    // SPEC.md section 8: a storage write failure is ignored; the banner still closes.
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

/**
 * Inline script for <head>: runs before the first paint, marks <html> with the
 * `js` class and, when readConsent would return null, with data-consent="ask";
 * like readConsent, it writes the record of a choice stored without one. It
 * repeats readConsent's rules in plain ES5; a unit test runs both over the
 * same cases so they cannot drift apart.
 *
 * A page opened at an anchor (/#faqs) also gets data-render-all before the
 * first layout: every block is laid out for real (app.css .render-when-near),
 * so the browser's own jump to the anchor lands on it in every engine. The
 * visitor's first scrolling input is marked (data-visitor-scrolled), so that
 * settleLandingAnchor (app/lib/scroll.ts) never pulls them back.
 */
export const consentBootScript = `(function(d){d.classList.add("js");if(window.location.hash.length>1){d.dataset.renderAll="";var m=function(){d.dataset.visitorScrolled=""};${JSON.stringify(VISITOR_INPUT)}.forEach(function(t){window.addEventListener(t,m,{once:true,passive:true})})}try{var s=window.localStorage,v=s.getItem(${JSON.stringify(
  COOKIE_CONSENT_KEY,
)}),r=s.getItem(${JSON.stringify(CONSENT_RECORD_KEY)}),n=Date.now(),c=v===${JSON.stringify(
  COOKIE_CONSENT_ACCEPTED,
)}?"accepted":v===${JSON.stringify(COOKIE_CONSENT_REJECTED)}?"rejected":null;if(c&&!r){s.setItem(${JSON.stringify(
  CONSENT_RECORD_KEY,
)},JSON.stringify({choice:c,at:n,version:${JSON.stringify(CONSENT_POLICY_VERSION)}}));return}r=JSON.parse(r);if(c&&r&&r.choice===c&&r.version===${JSON.stringify(
  CONSENT_POLICY_VERSION,
)}&&typeof r.at==="number"&&n-r.at<=${CONSENT_MAX_AGE_MS}&&r.at<=n)return}catch(e){}d.dataset.consent="ask"})(document.documentElement)`;
