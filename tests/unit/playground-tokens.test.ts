import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { ibanCheckDigits, ibanValid, luhnValid, verhoeffCheckDigit, verhoeffValid } from "../../app/lib/playground/checksums.ts";
import { detect, type FindingType } from "../../app/lib/playground/detectors.ts";
import { callingCode } from "../../app/lib/playground/phone-numbers.ts";
import { deterministicToken, newSessionKey, randomToken, Vault } from "../../app/lib/playground/tokens.ts";

/** What a token must keep of its value: digit → 9, letter → a or A, everything else as it is. */
function shape(text: string): string {
  return text.replace(/\d/g, "9").replace(/[a-z]/g, "a").replace(/[A-Z]/g, "A");
}

const digits = (length: number): fc.Arbitrary<string> => fc.stringMatching(new RegExp(`^\\d{${length}}$`));
const upper = (length: number): fc.Arbitrary<string> => fc.stringMatching(new RegExp(`^[A-Z]{${length}}$`));

function withLuhnDigit(payload: string): string {
  const check = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"].find((digit) => luhnValid(payload + digit)) ?? "0";
  return payload + check;
}

/** Groups of `sizes` joined by `separator`. */
function grouped(value: string, sizes: readonly number[], separator: string): string {
  let at = 0;
  return sizes.map((size) => value.slice(at, (at += size))).join(separator);
}

const octetFrom = (min: number): fc.Arbitrary<number> => fc.oneof(fc.integer({ min, max: 9 }), fc.integer({ min: 10, max: 99 }), fc.integer({ min: 100, max: 255 }));
const twoDigits = (number: number): string => String(number).padStart(2, "0");

/** Dates the detector takes for a date of birth on NOW: past, and at most 120 years back. */
const birthDates = fc
  .date({ min: new Date(Date.UTC(1906, 0, 1)), max: new Date(Date.UTC(2024, 11, 31)), noInvalidDate: true })
  .map((date) => ({ year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() }));

const MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** A month written in full or as three letters (with or without a dot), in title, lower or upper case. */
const monthSpellings: fc.Arbitrary<(month: number) => string> = fc
  .tuple(fc.constantFrom("full", "short", "short."), fc.constantFrom("title", "lower", "upper"))
  .map(([length, letterCase]) => (month) => {
    const full = MONTH_NAMES[month - 1] ?? "";
    const name = length === "full" ? full : `${full.slice(0, 3)}${length === "short." ? "." : ""}`;
    return letterCase === "title" ? name : letterCase === "lower" ? name.toLowerCase() : name.toUpperCase();
  });

function ordinalSuffix(day: number): string {
  if (day >= 11 && day <= 13) return "th";
  return ["th", "st", "nd", "rd"][day % 10] ?? "th";
}

/*
 * Valid values of each type, in every form the detector reads. Some have few
 * tokens (684 for "5 April 1990": nine days, 76 years), so the test of keys
 * asks three other keys: all three giving the first key's token is a
 * one-in-three-hundred-million event.
 */
const GENERATORS: Readonly<Record<FindingType, fc.Arbitrary<string>>> = {
  card: fc.oneof(
    fc.tuple(digits(14), fc.constantFrom(" ", "-", "")).map(([body, separator]) => grouped(withLuhnDigit(`4${body}`), [4, 4, 4, 4], separator)),
    fc.tuple(fc.constantFrom("51", "53", "55"), digits(13), fc.constantFrom(" ", "")).map(([prefix, body, separator]) => grouped(withLuhnDigit(prefix + body), [4, 4, 4, 4], separator)),
    fc.tuple(fc.constantFrom("34", "37"), digits(12), fc.constantFrom(" ", "")).map(([prefix, body, separator]) => grouped(withLuhnDigit(prefix + body), [4, 6, 5], separator)),
    fc.tuple(fc.constantFrom("6011", "6522", "8172", "5085"), digits(11)).map(([prefix, body]) => withLuhnDigit(prefix + body)),
  ),
  aadhaar: fc
    .tuple(fc.integer({ min: 2, max: 9 }), digits(10), fc.constantFrom(" ", ""))
    .map(([first, body, separator]) => grouped(`${first}${body}${verhoeffCheckDigit(`${first}${body}`)}`, [4, 4, 4], separator)),
  iban: fc.oneof(
    fc.tuple(upper(4), digits(14), fc.boolean()).map(([bank, account, spaced]) => {
      const compact = `GB${ibanCheckDigits("GB", bank + account)}${bank}${account}`;
      return spaced ? grouped(compact, [4, 4, 4, 4, 4, 2], " ") : compact;
    }),
    digits(18).map((bban) => grouped(`DE${ibanCheckDigits("DE", bban)}${bban}`, [4, 4, 4, 4, 4, 2], " ")),
  ),
  ssn: fc
    .tuple(fc.integer({ min: 1, max: 899 }).filter((area) => area !== 666), fc.integer({ min: 1, max: 99 }), fc.integer({ min: 1, max: 9999 }), fc.constantFrom("-", " "))
    .map(([area, group, serial, separator]) => [String(area).padStart(3, "0"), String(group).padStart(2, "0"), String(serial).padStart(4, "0")].join(separator)),
  phone: fc.oneof(
    fc.tuple(fc.integer({ min: 6, max: 9 }), digits(4), digits(5)).map(([first, rest, tail]) => `+91 ${first}${rest} ${tail}`),
    fc.tuple(fc.integer({ min: 2, max: 9 }), digits(2), fc.integer({ min: 2, max: 9 }), digits(2), digits(4)).map(([a, area, b, exchange, line]) => `(${a}${area}) ${b}${exchange}-${line}`),
    fc.tuple(digits(3), digits(6)).map(([block, line]) => `+44 7${block} ${line}`),
    fc.tuple(digits(3), digits(6)).map(([block, line]) => `07${block} ${line}`),
    fc.tuple(digits(1), digits(3), digits(4)).map(([carrier, block, line]) => `+971 5${carrier} ${block} ${line}`),
  ),
  email: fc
    .tuple(fc.stringMatching(/^[a-z][a-z\d]{3,11}(?:\.[a-z\d]{1,6})?$/), fc.stringMatching(/^[a-z]{4,10}$/), fc.constantFrom(".org", ".com", ".co.uk"))
    .map(([local, domain, tld]) => `${local}@${domain}${tld}`),
  pan: fc.tuple(upper(3), fc.constantFrom("P", "C", "H", "F", "A", "T", "B", "L", "J", "G"), upper(1), digits(4), upper(1)).map((parts) => parts.join("")),
  // Every octet width, each as likely, 0 first included: 0.121.100.100 also spells a UK number, and must still be an address.
  ipv4: fc.tuple(octetFrom(0), octetFrom(0), octetFrom(0), octetFrom(0)).map((octets) => octets.join(".")),
  ipv6: fc
    .tuple(fc.array(fc.stringMatching(/^[1-9a-f][\da-f]{0,3}$/), { minLength: 8, maxLength: 8 }), fc.boolean())
    .map(([groups, compressed]) => (compressed ? `${groups.slice(0, 3).join(":")}::${groups.slice(5).join(":")}` : groups.join(":"))),
  dob: fc.oneof(
    birthDates.map(({ year, month, day }) => `${year}-${twoDigits(month)}-${twoDigits(day)}`),
    fc
      .tuple(birthDates, fc.boolean(), fc.boolean(), fc.boolean())
      .map(([{ year, month, day }, monthFirst, padDay, padMonth]) => {
        const [dayPart, monthPart] = [padDay ? twoDigits(day) : String(day), padMonth ? twoDigits(month) : String(month)];
        return monthFirst ? `${monthPart}/${dayPart}/${year}` : `${dayPart}/${monthPart}/${year}`;
      }),
    fc
      .tuple(birthDates, monthSpellings, fc.boolean(), fc.boolean(), fc.boolean(), fc.boolean())
      .map(([{ year, month, day }, spell, monthFirst, padDay, withSuffix, comma]) => {
        const dayPart = `${padDay ? twoDigits(day) : day}${withSuffix ? ordinalSuffix(day) : ""}`;
        return monthFirst ? `${spell(month)} ${dayPart}${comma ? "," : ""} ${year}` : `${dayPart} ${spell(month)}${comma ? "," : ""} ${year}`;
      }),
  ),
};

const TYPES = Object.keys(GENERATORS) as FindingType[];
const NOW = Date.UTC(2025, 5, 15);

let keyA: CryptoKey;
let keyB: CryptoKey;
let keyC: CryptoKey;
let keyD: CryptoKey;

beforeAll(async () => {
  [keyA, keyB, keyC, keyD] = await Promise.all([newSessionKey(), newSessionKey(), newSessionKey(), newSessionKey()]);
});

describe("PLAY-5 tokens", () => {
  describe.each(TYPES)("%s", (type) => {
    const values = GENERATORS[type];

    it("generated values are what the detector reports as this type", () => {
      fc.assert(
        fc.property(values, (value) => {
          // A date is a date of birth only after a cue.
          const findings = detect(`${type === "dob" ? "DOB" : "Value"}: ${value}, noted.`, NOW);
          expect(findings.map((finding) => `${finding.type} ${finding.value}`)).toEqual([`${type} ${value}`]);
        }),
      );
    });

    it("a random token has the value's length and shape and never equals it", () => {
      fc.assert(
        fc.property(values, (value) => {
          const token = randomToken({ type, value });
          expect(token).toHaveLength(value.length);
          expect(shape(token)).toBe(shape(value));
          expect(token).not.toBe(value);
        }),
      );
    });

    it("a deterministic token has the shape, is stable for a key and differs between keys", async () => {
      await fc.assert(
        fc.asyncProperty(values, async (value) => {
          const subject = { type, value };
          const [first, again] = await Promise.all([deterministicToken(subject, keyA), deterministicToken(subject, keyA)]);
          const otherKeys = await Promise.all([keyB, keyC, keyD].map((key) => deterministicToken(subject, key)));
          expect(shape(first)).toBe(shape(value));
          expect(first).not.toBe(value);
          expect(again).toBe(first);
          expect(otherKeys.some((token) => token !== first)).toBe(true);
        }),
      );
    });
  });

  it("a card token keeps the first digit and the last four, and passes Luhn", async () => {
    await fc.assert(
      fc.asyncProperty(GENERATORS.card, fc.boolean(), async (value, random) => {
        const token = random ? randomToken({ type: "card", value }) : await deterministicToken({ type: "card", value }, keyA);
        const tokenDigits = token.replace(/\D/g, "");
        const valueDigits = value.replace(/\D/g, "");
        expect(tokenDigits.slice(-4)).toBe(valueDigits.slice(-4));
        expect(tokenDigits.charAt(0)).toBe(valueDigits.charAt(0));
        expect(luhnValid(tokenDigits)).toBe(true);
      }),
    );
  });

  it("an Aadhaar token never passes Verhoeff", () => {
    fc.assert(
      fc.property(GENERATORS.aadhaar, (value) => {
        expect(verhoeffValid(randomToken({ type: "aadhaar", value }).replace(/\D/g, ""))).toBe(false);
      }),
    );
  });

  it("an IBAN token keeps its country and passes MOD 97", () => {
    fc.assert(
      fc.property(GENERATORS.iban, (value) => {
        const token = randomToken({ type: "iban", value });
        expect(token.slice(0, 2)).toBe(value.slice(0, 2));
        expect(ibanValid(token.replace(/ /g, ""))).toBe(true);
      }),
    );
  });

  it("a phone token keeps its calling code or trunk 0", () => {
    fc.assert(
      fc.property(GENERATORS.phone, (value) => {
        const token = randomToken({ type: "phone", value });
        const code = callingCode(value);
        if (code) expect(token.startsWith(`+${code}`)).toBe(true);
        if (value.startsWith("0")) expect(token.startsWith("0")).toBe(true);
      }),
    );
  });

  it("an e-mail token keeps local@domain.tld, and the top-level domain unless told not to", () => {
    fc.assert(
      fc.property(GENERATORS.email, (value) => {
        const tld = value.slice(value.lastIndexOf("."));
        const kept = randomToken({ type: "email", value });
        expect(kept.endsWith(tld)).toBe(true);
        expect(kept.indexOf("@")).toBe(value.indexOf("@"));
        const replaced = randomToken({ type: "email", value }, { keepEmailTld: false });
        expect(shape(replaced)).toBe(shape(value));
      }),
    );
  });

  it("an IPv4 token is an address, each octet with as many digits as the value's", async () => {
    await fc.assert(
      fc.asyncProperty(GENERATORS.ipv4, fc.boolean(), async (value, random) => {
        const token = random ? randomToken({ type: "ipv4", value }) : await deterministicToken({ type: "ipv4", value }, keyA);
        const octets = token.split(".");
        expect(octets.map((octet) => octet.length)).toEqual(value.split(".").map((octet) => octet.length));
        // String(Number(octet)) drops a leading zero, so this also refuses "01".
        for (const octet of octets) expect(String(Number(octet)) === octet && Number(octet) <= 255, `${octet} in ${token}`).toBe(true);
      }),
    );
  });

  it("a date-of-birth token is a date of birth again, in the value's format", async () => {
    // The rest once the month name and a day's ordinal suffix are left out: separators and digit runs' places.
    const monthOf = (date: string): string => date.replace(/\d+(?:st|nd|rd|th)?/gi, "9").replace(/[a-z]+/gi, (word) => (word.length === 3 ? "Mon" : "Month"));
    await fc.assert(
      fc.asyncProperty(GENERATORS.dob, fc.boolean(), async (value, random) => {
        const token = random ? randomToken({ type: "dob", value }) : await deterministicToken({ type: "dob", value }, keyA);
        expect(token).toHaveLength(value.length);
        expect(shape(token)).toBe(shape(value));
        expect(monthOf(token)).toBe(monthOf(value));
        expect(detect(`DOB: ${token}, noted.`, NOW).map((finding) => `${finding.type} ${finding.value}`)).toEqual([`dob ${token}`]);
      }),
    );
  });

  it("a date-of-birth token does not give the birth month away", () => {
    const months = (value: string) => new Set(Array.from({ length: 200 }, () => /[A-Za-z]{3,}/.exec(randomToken({ type: "dob", value }))?.[0]));
    expect(months("23 April 1990")).toEqual(new Set(["April", "March"]));
    expect(months("Apr 23, 1990").size).toBeGreaterThan(6);
    expect(months("23 MAY 1990").size).toBeGreaterThan(6);
  });

  it("an IPv6 token stays hexadecimal", () => {
    fc.assert(
      fc.property(GENERATORS.ipv6, (value) => {
        expect(randomToken({ type: "ipv6", value })).toMatch(/^[\da-f:]+$/);
      }),
    );
  });

  it("retries past a token that is taken, and gives up only when nothing can change", () => {
    // The vault marks tokens of other values as taken; here, a tenth of all candidates.
    const taken = (token: string): boolean => token.endsWith("7");
    for (let run = 0; run < 50; run++) {
      const token = randomToken({ type: "ipv4", value: "10.20.30.40" }, { taken });
      expect(token.endsWith("7")).toBe(false);
      expect(token).not.toBe("10.20.30.40");
    }
    expect(() => randomToken({ type: "email", value: "@." })).toThrow(/nothing to replace/);
  });
});

describe("PLAY-5 the vault", () => {
  const TEXT = "Mail asha@example.org or call +91 98765 43210; card 4111 1111 1111 1111. Again: asha@example.org.";

  it("tokenizes every finding in place and reveals each token's value", async () => {
    const vault = new Vault();
    const findings = detect(TEXT, NOW);
    const { text, replacements, values } = await vault.tokenize(TEXT, findings, "random");
    expect(text).toHaveLength(TEXT.length);
    expect(shape(text)).toBe(shape(TEXT));
    for (const finding of findings) expect(text).not.toContain(finding.value);
    for (const [index, replacement] of replacements.entries()) {
      expect(text.slice(replacement.start, replacement.end)).toBe(replacement.token);
      expect(vault.reveal(replacement.token)).toBe(findings[index]!.value);
      expect(vault.typeOf(replacement.token)).toBe(findings[index]!.type);
      expect(values.get(replacement.token)).toBe(findings[index]!.value);
    }
    // The address appears twice: two tokens, which would otherwise show that the two are equal, and each reveals it.
    const emailTokens = replacements.filter((replacement) => replacement.type === "email").map((replacement) => replacement.token);
    expect(emailTokens).toHaveLength(2);
    expect(emailTokens[0]).not.toBe(emailTokens[1]);
    for (const token of emailTokens) expect(vault.reveal(token)).toBe("asha@example.org");
    expect(vault.replaceTokens(text, ({ value }) => value)).toBe(TEXT);
    expect(vault.reveal("not a token")).toBeUndefined();
  });

  it("gives the same deterministic tokens for the same key, and others for another key", async () => {
    const findings = detect(TEXT, NOW);
    const first = await new Vault(keyA).tokenize(TEXT, findings, "deterministic");
    const again = await new Vault(keyA).tokenize(TEXT, findings, "deterministic");
    const other = await new Vault(keyB).tokenize(TEXT, findings, "deterministic");
    const ownKey = await new Vault().tokenize(TEXT, findings, "deterministic");
    expect(again.text).toBe(first.text);
    expect(other.text).not.toBe(first.text);
    expect(ownKey.text).not.toBe(first.text);
    // Deterministic: the address that appears twice keeps one token, the cost of joins that the page names.
    const emailTokens = first.replacements.filter((replacement) => replacement.type === "email").map((replacement) => replacement.token);
    expect(emailTokens).toHaveLength(2);
    expect(emailTokens[0]).toBe(emailTokens[1]);
    const card = findings.find((finding) => finding.type === "card")!;
    expect(first.text).toContain(await deterministicToken(card, keyA));
  });

  it("refuses findings that are not this text's, or overlap", async () => {
    const vault = new Vault();
    const findings = detect(TEXT, NOW);
    await expect(vault.tokenize(`${TEXT} `.slice(1), findings, "random")).rejects.toThrow(/Findings/);
    await expect(vault.tokenize(TEXT, [findings[1]!, findings[0]!, ...findings.slice(1)], "random")).rejects.toThrow(/Findings/);
  });
});
