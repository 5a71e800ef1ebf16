/**
 * Format-preserving tokens: a token has its value's length and shape (digits
 * stay digits, letters stay letters of the same case, everything else stays
 * where it is), so forms, column widths and validators downstream still work.
 * A token is a valid value of its type: the detector that found the value
 * finds the token again as that type. What else a token keeps, per type:
 * - phone: the + and calling code, or the national trunk digit (0, or the US
 *   1), and it fits the country's numbering plan: a NANP area code and
 *   exchange start 2-9, an Indian mobile 6-9, a UK or UAE number keeps the
 *   first digit that says mobile or which kind of landline (and so its length);
 * - email: the shape local@domain.tld, and the top-level domain unless told not to;
 * - card: the leading digits that name the network (4 Visa, 37 Amex, 2221-2720
 *   Mastercard…) and the last four, at a length the network issues, and it
 *   passes Luhn, as PCI DSS lets a token look like a card;
 * - Aadhaar: a first digit of 2-9 and a Verhoeff check digit, as issued numbers have;
 * - SSN: an area, group and serial the issuance rules allow (no 000, 666 or
 *   9xx area, no 00 group, no 0000 serial);
 * - PAN: the fourth letter, the holder type (P for a person, C a company…);
 * - IBAN: the country code, with check digits recomputed so it passes MOD 97;
 * - IPv4: every octet is an octet again (0-9, 10-99 or 100-255, as many
 *   digits as the value's), so the token is an address that parsers accept;
 * - IPv6: letters stay hex letters;
 * - person name: the first words become given names and the last a family
 *   name, each of the same length and case (particles such as "van der" and
 *   "bin" stay), so the text still reads as one about a person and the
 *   detector finds the token again; a word longer than nine letters, of which
 *   the lists hold few, may become letters instead, first one capital;
 * - date of birth: a real past date in the value's format: separators stay,
 *   a month name becomes a month name of the same length (three letters, or a
 *   full name: April → March), so the token does not give the birth month away
 *   (August and September are the only full names of their length, and stay),
 *   an ordinal suffix is the new day's (23rd → 14th), a year is 1930-2005, a
 *   day at most 28 so every month has it, and both parts of a slash date at
 *   most 12, so 04/05/1990 is valid read either way round.
 * A token never equals its value. Random tokens come from crypto.getRandomValues;
 * deterministic ones from HMAC-SHA-256 under a per-session key, so the same
 * value gives the same token for the session and nobody can recompute it later.
 */
import { ibanCheckDigits, luhnSum, verhoeffCheckDigit } from "./checksums.ts";
import { NUMBERING_PLANS, readPhone } from "./phone-numbers.ts";
import { issuerPrefix, MONTHS, type Finding, type FindingType } from "./detectors.ts";
import { namesOfLength, nameWords } from "./person-names.ts";

export type TokenMode = "random" | "deterministic";

export interface TokenOptions {
  /** Keep an e-mail's top-level domain (.org stays .org). Default true. */
  keepEmailTld?: boolean;
  /** A token already standing for another value: the vault passes this so tokens stay unique. */
  taken?: (token: string) => boolean;
}

export type TokenSubject = Pick<Finding, "type" | "value">;

/** Beyond this many candidates equal to the value (odds below 10^-32 for one free digit), give up. */
const MAX_ATTEMPTS = 32;

const LOWER = "abcdefghijklmnopqrstuvwxyz";
const isDigit = (char: string): boolean => char >= "0" && char <= "9";

/** A value's UTF-16 units, indexed as slice() and put() index them (every detector but names matches ASCII only). */
const units = (text: string): string[] => Array.from({ length: text.length }, (_, index) => text.charAt(index));

/** Where a text's digits stand, as indices into its UTF-16 units. */
const digitPositions = (text: string): number[] => units(text).flatMap((char, index) => (isDigit(char) ? [index] : []));

/** Indices of the value's characters that the token keeps as they are (letters and digits only). */
function keptIndices({ type, value }: TokenSubject, keepEmailTld: boolean): Set<number> {
  const digitIndices = digitPositions(value);
  switch (type) {
    case "phone":
      return new Set(digitIndices.slice(0, readPhone(value)?.prefixDigits ?? 0));
    case "card": {
      const prefix = issuerPrefix(value.replace(/\D/g, "")) ?? "";
      return new Set([...digitIndices.slice(0, prefix.length), ...digitIndices.slice(-4)]);
    }
    case "pan":
      return new Set([3]);
    case "email": {
      const dot = value.lastIndexOf(".");
      return new Set(keepEmailTld ? Array.from(value.slice(dot), (_, offset) => dot + offset) : []);
    }
    case "iban":
      return new Set([0, 1]);
    case "dob":
      // A random month name would rarely be one; dateDigits() makes an ordinal suffix fit the new day.
      return new Set(units(value).flatMap((char, index) => (/[a-z]/i.test(char) ? [index] : [])));
    default:
      return new Set();
  }
}

/** Replaces the characters from `index` with `text`. */
function put(token: string, index: number, text: string): string {
  return token.slice(0, index) + text + token.slice(index + text.length);
}

/** Lowest and highest number a run of digits may become. */
type Range = readonly [min: number, max: number];

/** `draw` mapped into `range`, written with `width` digits (a range that starts below 10 in two digits keeps its 0). */
function drawn(draw: number, [min, max]: Range, width: number): string {
  return String(min + (draw % (max - min + 1))).padStart(width, "0");
}

/** By digit count: a token's octet has as many digits as the value's and no leading zero, as the detector insists. */
const OCTETS: readonly Range[] = [
  [0, 9],
  [10, 99],
  [100, 255],
];

/** Before any `now` from 2006 on, and within the detector's 120 years until 2050. */
const BIRTH_YEARS: Range = [1930, 2005];

/** The range for a run of a date's digits, or undefined for one that is no part of a date the detector reads. */
function dateRange(value: string, run: string, position: number): Range | undefined {
  if (run.length === 4) return BIRTH_YEARS;
  if (run.length === 1 || (run.length === 2 && run.startsWith("0"))) return [1, 9];
  if (run.length !== 2) return undefined;
  // Either part of a slash date may be the month; of an ISO date, the second run is.
  const month = value.includes("/") || (value.includes("-") && position === 1);
  return month ? [10, 12] : [10, 28];
}

function ordinal(day: number): string {
  if (day >= 11 && day <= 13) return "th";
  return ["th", "st", "nd", "rd"][day % 10] ?? "th";
}

/** Spelt in the case of `like`, letter by letter. */
function inCaseOf(text: string, like: string): string {
  return Array.from(text, (char, index) => (/[A-Z]/.test(like.charAt(index)) ? char.toUpperCase() : char)).join("");
}

/** Another month, spelt as long as `word` (its first three letters, or a full name of that length), or undefined when `word` names none. */
function monthLike(word: string, draw: number): string | undefined {
  const lower = word.toLowerCase();
  if (lower.length < 3 || !MONTHS.some((month) => month.startsWith(lower))) return undefined;
  const spellings = lower.length === 3 ? MONTHS.map((month) => month.slice(0, 3)) : MONTHS.filter((month) => month.length === lower.length);
  const chosen = spellings[draw % spellings.length];
  return chosen && inCaseOf(chosen, word);
}

/** `token` with the date's digits, its month name, and an ordinal suffix after the day, rewritten so the token is a date too. */
function dateDigits(value: string, token: string, draws: Uint16Array): string {
  let dated = token;
  // A run of letters after a digit is an ordinal suffix, handled with its day below.
  for (const { 0: word, index } of value.matchAll(/(?<!\d)[a-z]+/gi)) {
    const month = monthLike(word, draws[index] ?? 0);
    if (month) dated = put(dated, index, month);
  }
  for (const [position, { 0: run, index }] of [...value.matchAll(/\d+/g)].entries()) {
    const range = dateRange(value, run, position);
    if (!range) continue;
    const digits = drawn(draws[index] ?? 0, range, run.length);
    dated = put(dated, index, digits);
    const suffix = value.slice(index + run.length, index + run.length + 2);
    if (run.length < 4 && /^(?:st|nd|rd|th)$/i.test(suffix)) dated = put(dated, index + run.length, inCaseOf(ordinal(Number(digits)), suffix));
  }
  return dated;
}

/** Area 001-899 but 666, group 01-99, serial 0001-9999: the numbers the SSA issues. */
function ssnDigits(token: string, draws: Uint16Array): string {
  let issued = token;
  for (const [position, { 0: run, index }] of [...token.matchAll(/\d+/g)].entries()) {
    const draw = draws[index] ?? 0;
    // 898 areas: 001-665 as drawn, 666-898 moved up one past 666.
    const area = 1 + (draw % 898);
    const digits = position === 0 ? String(area >= 666 ? area + 1 : area).padStart(3, "0") : drawn(draw, [1, 10 ** run.length - 1], run.length);
    issued = put(issued, index, digits);
  }
  return issued;
}

/** `token` with the first digits of its national number made ones the country's numbering plan allows there. */
function phoneDigits(value: string, token: string, draws: Uint16Array): string {
  const reading = readPhone(value);
  if (!reading) return token;
  const national = digitPositions(value).slice(reading.prefixDigits);
  let planned = token;
  NUMBERING_PLANS[reading.country].leading.forEach((allowed, position) => {
    const index = national[position];
    if (index === undefined || allowed === "") return;
    planned = put(planned, index, allowed === "same" ? value.charAt(index) : allowed.charAt((draws[index] ?? 0) % allowed.length));
  });
  return planned;
}

/** Where a word's capitals stand: "McArthur" → "AaAaaaaa". */
const casePattern = (name: string): string => name.replace(/\p{Lu}/gu, "A").replace(/\p{Ll}/gu, "a");

/** The names a word of `length` letters, of `kind`, written with capitals where `pattern` has them, may become; worked out once per kind, length and pattern. */
const namePools = new Map<string, readonly string[]>();
function namePool(kind: "given" | "family", length: number, pattern: string): readonly string[] {
  const key = `${kind}:${length}:${pattern}`;
  let pool = namePools.get(key);
  if (!pool) {
    const listed = namesOfLength(length, kind);
    // Long names are few: below eight of this length, any listed name of it will do.
    const any = listed.length >= 8 ? listed : [...listed, ...namesOfLength(length, kind === "given" ? "family" : "given")];
    // Letters keep their case place by place: "McArthur" takes a name written like it, or, if none is, any put in its case.
    const alike = any.filter((name) => casePattern(name) === pattern);
    pool = pattern.includes("A") && alike.length > 0 ? alike : any;
    namePools.set(key, pool);
  }
  return pool;
}

/** Past this many attempts a name's words are drawn as letters: a short name has few names of its length to be. */
const NAME_ATTEMPTS = MAX_ATTEMPTS / 2;

/** `value`, a person's name, with every word but its particles replaced by a name of the same length and case, or letters. */
function nameToken(value: string, draws: Uint16Array, attempt: number): string {
  let token = value;
  const words = nameWords(value).filter(({ particle }) => !particle);
  for (const [position, { word, index }] of words.entries()) {
    // A given name first, a family name last: "Asha Verma" reads as a name again, not as "Verma Asha".
    const kind = position === words.length - 1 && words.length > 1 ? "family" : "given";
    // Each part of Olsen-Brown or O'Neil on its own.
    for (const { 0: part, index: offset } of word.matchAll(/[^'’-]+/g)) {
      const at = index + offset;
      const lowerCase = part === part.toLowerCase();
      const choices = attempt >= NAME_ATTEMPTS ? [] : namePool(kind, part.length, casePattern(part));
      const draw = draws[at] ?? 0;
      const drawnName = choices[draw % choices.length] ?? Array.from(part, (_, position) => LOWER.charAt((draws[at + position] ?? 0) % LOWER.length)).join("");
      const cased = lowerCase ? drawnName.toLowerCase() : inCaseOf(drawnName.toLowerCase(), part);
      token = put(token, at, cased);
    }
  }
  return token;
}

/** One candidate token, drawing one 16-bit number per character of the value. */
function candidate(subject: TokenSubject, draws: Uint16Array, keepEmailTld: boolean, attempt = 0): string {
  const { type, value } = subject;
  if (type === "name") return nameToken(value, draws, attempt);
  const kept = keptIndices(subject, keepEmailTld);
  const letters = type === "ipv6" ? "abcdef" : LOWER;
  let token = units(value)
    .map((char, index) => {
      const draw = draws[index] ?? 0;
      if (kept.has(index)) return char;
      if (isDigit(char)) return String(draw % 10);
      const letter = letters.charAt(draw % letters.length);
      if (char >= "a" && char <= "z") return letter;
      return char >= "A" && char <= "Z" ? letter.toUpperCase() : char;
    })
    .join("");
  const digitIndices = digitPositions(token);
  if (type === "card") {
    // The fifth digit from the right is not doubled by Luhn: it alone makes the sum a multiple of 10.
    const fix = digitIndices.at(-5) ?? 0;
    const sum = luhnSum(put(token, fix, "0").replace(/\D/g, ""));
    token = put(token, fix, String((10 - (sum % 10)) % 10));
  }
  if (type === "aadhaar") {
    const [first = 0, last = 0] = [digitIndices.at(0), digitIndices.at(-1)];
    token = put(token, first, drawn(draws[first] ?? 0, [2, 9], 1));
    token = put(token, last, verhoeffCheckDigit(token.replace(/\D/g, "").slice(0, -1)));
  }
  if (type === "ssn") token = ssnDigits(token, draws);
  if (type === "phone") token = phoneDigits(value, token, draws);
  if (type === "ipv4") {
    for (const { 0: octet, index } of value.matchAll(/\d+/g)) {
      const range = OCTETS[octet.length - 1];
      if (range) token = put(token, index, drawn(draws[index] ?? 0, range, octet.length));
    }
  }
  if (type === "dob") token = dateDigits(value, token, draws);
  if (type === "iban") {
    const compact = token.replace(/ /g, "");
    const check = ibanCheckDigits(compact.slice(0, 2), compact.slice(4));
    token = put(put(token, 2, check.charAt(0)), 3, check.charAt(1));
  }
  return token;
}

function usable(subject: TokenSubject, options: TokenOptions, token: string): boolean {
  return token !== subject.value && !options.taken?.(token);
}

function nothingToReplace(subject: TokenSubject): Error {
  return new Error(`No token differs from this ${subject.type}: it has nothing to replace`);
}

/** A fresh random token on every call. */
export function randomToken(subject: TokenSubject, options: TokenOptions = {}): string {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const token = candidate(subject, crypto.getRandomValues(new Uint16Array(subject.value.length)), options.keepEmailTld ?? true, attempt);
    if (usable(subject, options, token)) return token;
  }
  throw nothingToReplace(subject);
}

/** A secret for one playground session: never extractable, never stored. */
export function newSessionKey(): Promise<CryptoKey> {
  return crypto.subtle.generateKey({ name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
}

const HMAC_BYTES = 32;

/** HMAC-SHA-256 in counter mode over attempt, type and value: as many bytes as the value needs. */
async function keyedDraws(key: CryptoKey, { type, value }: TokenSubject, attempt: number): Promise<Uint16Array> {
  const blocks = Math.ceil((value.length * 2) / HMAC_BYTES);
  const encoder = new TextEncoder();
  const macs = await Promise.all(
    Array.from({ length: blocks }, (_, block) => crypto.subtle.sign("HMAC", key, encoder.encode(`${attempt}\n${block}\n${type}\n${value}`))),
  );
  const bytes = new Uint8Array(blocks * HMAC_BYTES);
  macs.forEach((mac, block) => bytes.set(new Uint8Array(mac), block * HMAC_BYTES));
  return new Uint16Array(bytes.buffer);
}

/** The same token for the same value and key; another key gives another token. */
export async function deterministicToken(subject: TokenSubject, key: CryptoKey, options: TokenOptions = {}): Promise<string> {
  // Each attempt has its own HMAC input, so a retry is as deterministic as the first try.
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const token = candidate(subject, await keyedDraws(key, subject, attempt), options.keepEmailTld ?? true, attempt);
    if (usable(subject, options, token)) return token;
  }
  throw nothingToReplace(subject);
}

/** Where a token stands in a tokenized text: a token is as long as its value, so a finding's offsets still hold. */
export interface Replacement {
  type: FindingType;
  start: number;
  end: number;
  token: string;
}

export interface Tokenized {
  text: string;
  replacements: Replacement[];
  /** token → value, for the tokens of this text. */
  values: ReadonlyMap<string, string>;
}

const escapeForPattern = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The token↔value map of one playground session, in memory only: no storage
 * API is touched, so closing the tab forgets every value. No two values share
 * a token. In deterministic mode a value keeps its token within a vault; in
 * random mode every occurrence gets a token of its own, so equal values are
 * not visible as equal tokens.
 */
export class Vault {
  readonly #byToken = new Map<string, TokenSubject>();
  readonly #byValue = new Map<string, string>();
  #key: Promise<CryptoKey> | undefined;

  /** Without a key, the deterministic mode makes its own session key on first use. */
  constructor(key?: CryptoKey) {
    this.#key = key && Promise.resolve(key);
  }

  async tokenize(text: string, findings: readonly Finding[], mode: TokenMode, options: Pick<TokenOptions, "keepEmailTld"> = {}): Promise<Tokenized> {
    const pieces: string[] = [];
    const replacements: Replacement[] = [];
    const values = new Map<string, string>();
    let from = 0;
    for (const finding of [...findings].sort((a, b) => a.start - b.start)) {
      if (finding.start < from || text.slice(finding.start, finding.end) !== finding.value) {
        throw new Error("Findings must be detect()'s for this very text: in order, not overlapping");
      }
      const token = await this.#tokenFor(finding, mode, options);
      pieces.push(text.slice(from, finding.start), token);
      replacements.push({ type: finding.type, start: finding.start, end: finding.end, token });
      values.set(token, finding.value);
      from = finding.end;
    }
    pieces.push(text.slice(from));
    return { text: pieces.join(""), replacements, values };
  }

  async #tokenFor(subject: TokenSubject, mode: TokenMode, options: Pick<TokenOptions, "keepEmailTld">): Promise<string> {
    const unique = { ...options, taken: (token: string) => this.#byToken.has(token) };
    // Random: every occurrence its own token, as one token for a repeated value would show that the values are equal.
    const lookup = mode === "deterministic" ? [options.keepEmailTld ?? true, subject.type, subject.value].join("\n") : undefined;
    const known = lookup === undefined ? undefined : this.#byValue.get(lookup);
    if (known) return known;
    const token = mode === "random" ? randomToken(subject, unique) : await deterministicToken(subject, await (this.#key ??= newSessionKey()), unique);
    if (lookup !== undefined) this.#byValue.set(lookup, token);
    this.#byToken.set(token, { type: subject.type, value: subject.value });
    return token;
  }

  /** The value behind a token; whether the viewer may see it is policy.ts's decision, not the vault's. */
  reveal(token: string): string | undefined {
    return this.#byToken.get(token)?.value;
  }

  typeOf(token: string): FindingType | undefined {
    return this.#byToken.get(token)?.type;
  }

  /** `text` with every token of this vault replaced by what `render` makes of it (the value, a mask, the token). */
  replaceTokens(text: string, render: (subject: TokenSubject, token: string) => string): string {
    const tokens = [...this.#byToken.keys()].sort((a, b) => b.length - a.length);
    if (tokens.length === 0) return text;
    const pattern = new RegExp(tokens.map(escapeForPattern).join("|"), "g");
    return text.replace(pattern, (token) => {
      const subject = this.#byToken.get(token);
      return subject ? render(subject, token) : token;
    });
  }
}
