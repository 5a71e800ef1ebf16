/**
 * Finds personal data in pasted text, the way data-loss-prevention scanners
 * do: a pattern finds a candidate, then the check real systems apply decides
 * (Luhn and issuer ranges for cards, Verhoeff for Aadhaar, MOD 97 for IBAN,
 * the numbering plans for phones, issuance rules for SSNs). Person names
 * come from word lists and context (person-names.ts). Everything runs in
 * the visitor's browser, so every pattern is linear: bounded repeats of one
 * character class, no nested quantifiers, and look-arounds to refuse a
 * candidate embedded in a longer word or number.
 */
import { ibanValid, luhnValid, verhoeffValid } from "./checksums.ts";
import { findPersonNames } from "./person-names.ts";
import { findPhoneNumbers } from "./phone-numbers.ts";

export type FindingType = "card" | "aadhaar" | "iban" | "ssn" | "phone" | "email" | "pan" | "ipv4" | "ipv6" | "dob" | "name";

export interface Finding {
  type: FindingType;
  /** UTF-16 offsets into the text, end exclusive, as String.prototype.slice takes them. */
  start: number;
  end: number;
  value: string;
}

/**
 * Only this much of a text is scanned; the rest is left as it is. The
 * playground's text box should refuse more, so nothing is silently skipped.
 */
export const MAX_SCAN_LENGTH = 20_000;

/** Which finding wins where candidates overlap: lower first. A card number also reads as digits of a phone. */
/** A name gives way to everything: Jane.Roe@example.com is an address, not a name inside one. */
const PRECEDENCE: Readonly<Record<FindingType, number>> = { card: 0, aadhaar: 1, iban: 2, ssn: 3, phone: 4, email: 5, pan: 5, ipv4: 5, ipv6: 5, dob: 5, name: 6 };

type Detector = (text: string, now: number) => Finding[];

function matching(type: FindingType, pattern: RegExp, valid: (value: string, groups: readonly (string | undefined)[]) => boolean): Detector {
  return (text) =>
    [...text.matchAll(pattern)]
      .filter((match) => valid(match[0], match))
      .map((match) => ({ type, start: match.index, end: match.index + match[0].length, value: match[0] }));
}

const digitsOf = (value: string): string => value.replace(/\D/g, "");

/**
 * The networks a card number is checked against, each by the leading digits
 * that name it and the lengths it issues: Visa 4; Mastercard 51-55 and
 * 2221-2720; Amex 34 and 37; RuPay 60, 65, 81, 82 and 508, and Discover 6011
 * and 65, from 16 digits.
 */
const ISSUERS: ReadonlyArray<{ prefix: RegExp; lengths: readonly number[] }> = [
  { prefix: /^4/, lengths: [13, 16, 19] },
  { prefix: /^(?:5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/, lengths: [16] },
  { prefix: /^3[47]/, lengths: [15] },
  { prefix: /^(?:60|65|8[12]|508)/, lengths: [16, 17, 18, 19] },
];

/** The leading digits that name the card's network ("37" of an Amex), or undefined for a number no network issues. */
export function issuerPrefix(digits: string): string | undefined {
  for (const { prefix, lengths } of ISSUERS) {
    const found = prefix.exec(digits);
    if (found && lengths.includes(digits.length)) return found[0];
  }
  return undefined;
}

export function knownIssuer(digits: string): boolean {
  return issuerPrefix(digits) !== undefined;
}

/*
 * The number patterns refuse to end at an "@": 98765.43210@example.org is an
 * address, and the phone number's higher precedence must not split it.
 */

/**
 * 13-19 digits written whole, 4-4-4-x or 4-6-5/4-6-4 (Amex, Diners), one
 * separator kind throughout. Never starting right after another digit group:
 * the groups of a German IBAN (DE10 4981 9301 4430 6134 00) can pass Luhn.
 */
const CARD = /(?<!\w|\d[ -])(?:\d{13,19}|\d{4}([ -])\d{4}\1\d{4}\1\d{1,4}|\d{4}([ -])\d{6}\2\d{4,5})(?![\w@])/g;

/** 12 digits, 4-4-4 with spaces or dashes or none, never inside a longer run of groups. */
const AADHAAR = /(?<!\w|\d[ -])[2-9]\d{3}([ -]?)\d{4}\1\d{4}(?![\w@]|[ -]\d)/g;

/** 3-2-4 with dashes or spaces: written whole, nine digits are far more often something else. */
const SSN = /(?<!\w|\d[ -])(\d{3})([ -])(\d{2})\2(\d{4})(?![\w@]|[ -]\d)/g;

/** The ten fourth letters the Income Tax Department gives holder types: Person, Company, HUF, Firm, AOP, Trust, BOI, Local authority, Juridical person, Government. */
const PAN = /(?<!\w)[A-Z]{3}[PCHFATBLJG][A-Z]\d{4}[A-Z](?!\w)/g;

/** Lengths from the SWIFT IBAN registry for the countries a visitor is likely to paste. */
export const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AE: 23, AT: 20, BE: 16, CH: 21, DE: 22, DK: 18, ES: 24, FI: 18, FR: 27, GB: 22,
  IE: 22, IT: 27, LU: 20, NL: 18, NO: 15, PL: 28, PT: 25, SA: 24, SE: 24,
};

/** Country, check digits, then the BBAN whole or in groups of four. */
const IBAN = /(?<!\w)[A-Z]{2}\d\d(?: ?[A-Z\d]{4}){2,7}(?: ?[A-Z\d]{1,3})?(?![\w@])/g;

/*
 * The local part is capped at 64 characters (RFC 5321) and may not start
 * right after another local-part character, so each "@" is looked at once.
 */
const EMAIL = /(?<![\w.%+-])[\w.%+-]{1,64}@[A-Za-z\d-]{1,63}(?:\.[A-Za-z\d-]{1,63}){1,8}(?![\w-]|\.[A-Za-z\d])/g;

function emailValid(value: string): boolean {
  // No dot at either end of the local part or twice in a row; a top-level domain of letters.
  return !/^\.|\.\.|\.@|@-|-\.|\.-/.test(value) && /\.[A-Za-z]{2,63}$/.test(value);
}

/** 0-255 without leading zeros: "01" has none of the four alternatives. */
const OCTET = "(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)";
const IPV4 = new RegExp(`(?<![\\w.])${OCTET}(?:\\.${OCTET}){3}(?!\\w|\\.\\d)`, "g");

/** Hex groups joined by colons; whether they make an address is decided by ipv6Valid. */
const IPV6 = /(?<![\w:.])[\dA-Fa-f]{0,4}(?::[\dA-Fa-f]{0,4}){2,8}(?![\w:]|\.\d)/g;

export function ipv6Valid(value: string): boolean {
  const halves = value.split("::");
  const groups = halves.flatMap((half) => (half ? half.split(":") : []));
  if (halves.length > 2 || groups.length === 0 || !groups.every((group) => /^[\dA-Fa-f]{1,4}$/.test(group))) return false;
  // Full form: eight groups. Compressed: "::" stands for at least one group of zeros.
  return halves.length === 2 ? groups.length <= 7 : groups.length === 8;
}

/*
 * A date is a date of birth only near a cue on the same line: on its own it
 * may be an order date, a visit, a deadline.
 */
const DOB_CUE = /\b(?:dob|d\.o\.b|date of birth|birth ?date|born)(?![a-z])/gi;
/** How far after its cue a date of birth may start. */
const DOB_REACH = 30;
/** Longest date written in one of the formats ("September 30th, 1990"). */
const LONGEST_DATE = 21;
const DATE =
  /(?<!\w)(?:(\d{4})-(\d\d)-(\d\d)|(\d\d?)\/(\d\d?)\/(\d{4})|(\d\d?)(?:st|nd|rd|th)? ([a-z]{3,9})\.?,? (\d{4})|([a-z]{3,9})\.? (\d\d?)(?:st|nd|rd|th)?,? (\d{4}))(?!\w)/gi;
/** The months as dates of birth spell them, in full; any first three or more letters name one too. */
export const MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];
/** How far back a date of birth may lie. */
const MAX_AGE_YEARS = 120;

function monthNumber(name: string | undefined): number {
  const lower = name?.toLowerCase() ?? "";
  return MONTHS.findIndex((month) => lower.length >= 3 && month.startsWith(lower)) + 1;
}

function pastBirthDate(year: number, month: number, day: number, now: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real && date.getTime() <= now && year >= new Date(now).getUTCFullYear() - MAX_AGE_YEARS;
}

function birthDateValid(groups: readonly (string | undefined)[], now: number): boolean {
  const [, isoYear, isoMonth, isoDay, first, second, slashYear, day, , year, , dayAfter, yearAfter] = groups.map(Number);
  if (isoYear) return pastBirthDate(isoYear, isoMonth ?? 0, isoDay ?? 0, now);
  // 04/05/1990 reads both ways: day first (most of the world) or month first (US).
  if (slashYear) return pastBirthDate(slashYear, second ?? 0, first ?? 0, now) || pastBirthDate(slashYear, first ?? 0, second ?? 0, now);
  if (year) return pastBirthDate(year, monthNumber(groups[8]), day ?? 0, now);
  return pastBirthDate(yearAfter ?? 0, monthNumber(groups[10]), dayAfter ?? 0, now);
}

function birthDates(text: string, now: number): Finding[] {
  return [...text.matchAll(DOB_CUE)].flatMap((cue) => {
    const from = cue.index + cue[0].length;
    const line = text.slice(from, from + DOB_REACH + LONGEST_DATE).split("\n")[0] ?? "";
    const date = [...line.matchAll(DATE)].find((match) => match.index <= DOB_REACH && birthDateValid(match, now));
    return date ? [{ type: "dob" as const, start: from + date.index, end: from + date.index + date[0].length, value: date[0] }] : [];
  });
}

const DETECTORS: readonly Detector[] = [
  matching("card", CARD, (value) => luhnValid(digitsOf(value)) && knownIssuer(digitsOf(value))),
  matching("aadhaar", AADHAAR, (value) => verhoeffValid(digitsOf(value))),
  matching("iban", IBAN, (value) => {
    const compact = value.replace(/ /g, "");
    return IBAN_LENGTHS[compact.slice(0, 2)] === compact.length && ibanValid(compact);
  }),
  matching("ssn", SSN, (_value, [, area, , group, serial]) => !/^(?:000|666|9)/.test(area ?? "") && group !== "00" && serial !== "0000"),
  (text) => findPhoneNumbers(text).map(([start, end]) => ({ type: "phone", start, end, value: text.slice(start, end) })),
  matching("email", EMAIL, emailValid),
  matching("pan", PAN, () => true),
  matching("ipv4", IPV4, () => true),
  matching("ipv6", IPV6, ipv6Valid),
  birthDates,
  (text) => findPersonNames(text).map(([start, end]) => ({ type: "name", start, end, value: text.slice(start, end) })),
];

/**
 * Every finding in the first MAX_SCAN_LENGTH characters of `text`, sorted
 * and never overlapping. `now` bounds dates of birth.
 */
export function detect(text: string, now: number = Date.now()): Finding[] {
  const scanned = text.slice(0, MAX_SCAN_LENGTH);
  return resolveOverlaps(withoutPhonesInAddresses(DETECTORS.flatMap((detector) => detector(scanned, now)), scanned.length));
}

/**
 * A valid dotted quad is an address even where its digits also spell a phone
 * number (0.121.100.100 reads as a UK number after its trunk 0), though a phone
 * outranks an address elsewhere. One mask of the addresses' spans keeps it linear.
 */
function withoutPhonesInAddresses(found: readonly Finding[], length: number): Finding[] {
  const inAddress = new Uint8Array(length);
  for (const finding of found) if (finding.type === "ipv4") inAddress.fill(1, finding.start, finding.end);
  return found.filter((finding) => finding.type !== "phone" || inAddress.subarray(finding.start, finding.end).includes(0));
}

/** The candidates that survive, by PRECEDENCE, then the earlier, then the longer; sorted by position. */
export function resolveOverlaps(found: readonly Finding[]): Finding[] {
  const candidates = [...found].sort((a, b) => PRECEDENCE[a.type] - PRECEDENCE[b.type] || a.start - b.start || b.end - a.end);
  const taken = new Uint8Array(candidates.reduce((end, finding) => Math.max(end, finding.end), 0));
  const kept = candidates.filter((finding) => {
    if (taken.subarray(finding.start, finding.end).includes(1)) return false;
    taken.fill(1, finding.start, finding.end);
    return true;
  });
  return kept.sort((a, b) => a.start - b.start);
}
