import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { ibanValid, luhnValid, verhoeffValid } from "../../app/lib/playground/checksums.ts";
import { detect, issuerPrefix, type FindingType } from "../../app/lib/playground/detectors.ts";
import { callingCode } from "../../app/lib/playground/phone-numbers.ts";
import { deterministicToken, newSessionKey, randomToken, Vault } from "../../app/lib/playground/tokens.ts";
import { GENERATORS } from "./fixtures/playground-values.ts";

/** What a token must keep of its value: digit → 9, letter → a or A (any script's), everything else as it is. */
function shape(text: string): string {
  return text.replace(/\d/g, "9").replace(/\p{Ll}/gu, "a").replace(/\p{Lu}/gu, "A");
}

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

    it("a token is a valid value of this type: over 1,000 values, the detector finds every token, random and deterministic, again as this type", async () => {
      await fc.assert(
        fc.asyncProperty(values, async (value) => {
          const tokens = [randomToken({ type, value }), await deterministicToken({ type, value }, keyA)];
          for (const token of tokens) {
            const findings = detect(`${type === "dob" ? "DOB" : "Value"}: ${token}, noted.`, NOW);
            expect(findings.map((finding) => `${finding.type} ${finding.value}`), `${value} → ${token}`).toEqual([`${type} ${token}`]);
          }
        }),
        { numRuns: 1_000 },
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

  it("a card token keeps the digits that name its network and the last four, and passes Luhn", async () => {
    await fc.assert(
      fc.asyncProperty(GENERATORS.card, fc.boolean(), async (value, random) => {
        const token = random ? randomToken({ type: "card", value }) : await deterministicToken({ type: "card", value }, keyA);
        const tokenDigits = token.replace(/\D/g, "");
        const valueDigits = value.replace(/\D/g, "");
        expect(tokenDigits.slice(-4)).toBe(valueDigits.slice(-4));
        expect(issuerPrefix(tokenDigits)).toBe(issuerPrefix(valueDigits));
        expect(luhnValid(tokenDigits)).toBe(true);
      }),
    );
  });

  it("an Aadhaar token is one UIDAI could issue: first digit 2-9, and it passes Verhoeff", () => {
    fc.assert(
      fc.property(GENERATORS.aadhaar, (value) => {
        const token = randomToken({ type: "aadhaar", value }).replace(/\D/g, "");
        expect(token).toMatch(/^[2-9]\d{11}$/);
        expect(verhoeffValid(token)).toBe(true);
      }),
    );
  });

  it("the values an outside check saw fail get tokens of their own kind: NANP, UK and Indian mobiles, an Amex", () => {
    for (let run = 0; run < 200; run++) {
      expect(randomToken({ type: "phone", value: "+1 (201) 555-0123" })).toMatch(/^\+1 \([2-9]\d\d\) [2-9]\d\d-\d{4}$/);
      expect(randomToken({ type: "phone", value: "+44 7700 900456" })).toMatch(/^\+44 7\d{3} \d{6}$/);
      expect(randomToken({ type: "phone", value: "+91 98765 43210" })).toMatch(/^\+91 [6-9]\d{4} \d{5}$/);
      expect(randomToken({ type: "card", value: "3782 822463 10005" })).toMatch(/^37\d\d \d{6} \d0005$/);
    }
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
