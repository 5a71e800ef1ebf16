/**
 * Phone numbers of the four countries the contact form offers, written the
 * ways people write them: +91 98765 43210, (201) 555-0123, 020 7946 0018,
 * +44 (0)20 7946 0018, 050-123-4567. Hand-written numbering rules instead of
 * libphonenumber, whose metadata alone would outweigh the whole playground.
 */
import type { PhoneCountry } from "../../../common/lead-schema.ts";

interface NumberingPlan {
  /** The country calling code, as the contact form sends it (PHONE_RULES in common/lead-schema.ts). */
  code: string;
  /** The national significant number: what follows the calling code or the trunk prefix. */
  national: RegExp;
  /**
   * What a token may write at the first places of the national number so that
   * it fits `national` again: the digits allowed there ("" for any), or "same"
   * where the value's own digit decides the kind of line and so the length.
   */
  leading: readonly string[];
}

export const NUMBERING_PLANS: Readonly<Record<PhoneCountry, NumberingPlan>> = {
  // NANP: area code and exchange never start with 0 or 1.
  US: { code: "1", national: /^[2-9]\d\d[2-9]\d{6}$/, leading: ["23456789", "", "", "23456789"] },
  // Indian mobiles: ten digits starting 6-9.
  IN: { code: "91", national: /^[6-9]\d{9}$/, leading: ["6789"] },
  // UK mobiles 7xxx xxxxxx and geographic numbers 1xxx / 2x (nine or ten digits).
  UK: { code: "44", national: /^(?:7\d{9}|[12]\d{8,9})$/, leading: ["same"] },
  // UAE mobiles 5x xxx xxxx and landlines 2/3/4/6/7/9 x xxx xxxx.
  UAE: { code: "971", national: /^(?:5\d{8}|[234679]\d{7})$/, leading: ["same"] },
};

const COUNTRIES = Object.keys(NUMBERING_PLANS) as PhoneCountry[];

function planFits(country: PhoneCountry, national: string): boolean {
  return NUMBERING_PLANS[country].national.test(national);
}

/** A written number read against the plans: its country and national significant number. */
export interface PhoneReading {
  country: PhoneCountry;
  national: string;
  /** How many of its digits come before the national number: calling code, trunk 0 or US 1. */
  prefixDigits: number;
}

/**
 * How a written number reads, or undefined when it is not a number of the
 * four countries. Without a calling code the number must be unambiguous: the
 * trunk prefix 0 (UK, then UAE, then India), the US 3-3-4 grouping
 * (optionally after a trunk 1), or India's ten digits written whole or 5-5.
 * Any other bare run of digits (an order number, a date) is not a phone.
 */
export function readPhone(written: string): PhoneReading | undefined {
  const digits = written.replace(/\D/g, "");
  const reading = (country: PhoneCountry, national: string): PhoneReading | undefined =>
    planFits(country, national) ? { country, national, prefixDigits: digits.length - national.length } : undefined;
  if (written.startsWith("+")) {
    for (const country of COUNTRIES) {
      const { code } = NUMBERING_PLANS[country];
      if (!digits.startsWith(code)) continue;
      const national = digits.slice(code.length);
      // "+44 (0)20 …": the national trunk 0 is sometimes written after the code.
      const found = reading(country, country !== "US" && national.startsWith("0") ? national.slice(1) : national);
      if (found) return found;
    }
    return undefined;
  }
  const shape = (written.match(/\d+/g) ?? []).map((group) => group.length).join("-");
  if (digits.startsWith("0")) {
    for (const country of ["UK", "UAE", "IN"] as const) {
      const found = reading(country, digits.slice(1));
      if (found) return found;
    }
    return undefined;
  }
  if (/^(?:1-)?3-3-4$/.test(shape) && /^1?$/.test(digits.slice(0, -10))) return reading("US", digits.slice(-10));
  if (shape === "10" || shape === "5-5") return reading("IN", digits);
  return undefined;
}

/** The country a written number belongs to, or undefined when it is not a number of the four countries. */
export function phoneCountry(written: string): PhoneCountry | undefined {
  return readPhone(written)?.country;
}

/** The calling code a number is written with ("+971 50 …" → "971"), if it has one. */
export function callingCode(written: string): string | undefined {
  const country = written.startsWith("+") ? phoneCountry(written) : undefined;
  return country && NUMBERING_PLANS[country].code;
}

/**
 * Runs of digits joined by spaces, dashes, dots and parentheses, optionally
 * after a "+". One character class repeated: linear, whatever the input.
 */
const NUMBER_RUN = /(?<![\w+])\+?[\d(][\d ().-]*/g;

/** Digits a number of the four countries has, all told: 04 123 4567 has nine, +44 (0)20 7946 0018 thirteen. */
const MIN_PHONE_DIGITS = 9;
const MAX_PHONE_DIGITS = 13;
/** Groups a number may be written in: "+44 (0) 20 7946 0018" has five. */
const MAX_GROUPS = 6;
/** Most characters between two groups: ") " or " (". */
const MAX_GAP = 2;

/**
 * Where phone numbers stand in `text`, as [start, end) pairs. A run may hold
 * more than a number ("call 98765 43210 2024"), so every stretch of up to six
 * of its digit groups with a phone's count of digits is tried, longest first:
 * bounded work per group, whatever the input.
 */
export function findPhoneNumbers(text: string): Array<[number, number]> {
  const found: Array<[number, number]> = [];
  for (const run of text.matchAll(NUMBER_RUN)) {
    const groups = Array.from(run[0].matchAll(/\d+/g), (group) => ({ start: run.index + group.index, end: run.index + group.index + group[0].length }));
    for (let first = 0; first < groups.length; first++) {
      const stretchEnds: number[] = [];
      let digits = 0;
      for (let last = first; last < groups.length && last < first + MAX_GROUPS && digits <= MAX_PHONE_DIGITS; last++) {
        const { start, end } = groups[last] ?? { start: 0, end: 0 };
        if (last > first && start - (groups[last - 1]?.end ?? 0) > MAX_GAP) break;
        digits += end - start;
        if (digits >= MIN_PHONE_DIGITS && digits <= MAX_PHONE_DIGITS && !/[\w@]/.test(text.charAt(end))) stretchEnds.push(end);
      }
      const groupStart = groups[first]?.start ?? 0;
      // The + belongs to the first group only; an opening parenthesis to any group.
      const start = first === 0 && run[0].startsWith("+") ? run.index : text.charAt(groupStart - 1) === "(" ? groupStart - 1 : groupStart;
      const end = stretchEnds.reverse().find((stretchEnd) => phoneCountry(text.slice(start, stretchEnd)) !== undefined);
      if (end !== undefined) {
        found.push([start, end]);
        while (groups[first + 1] && (groups[first + 1]?.start ?? 0) < end) first++;
      }
    }
  }
  return found;
}
