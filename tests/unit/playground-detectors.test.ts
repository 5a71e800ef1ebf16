import { beforeAll, describe, expect, it } from "vitest";
import { PHONE_RULES } from "../../common/lead-schema.ts";
import { ibanCheckDigits, ibanValid, luhnValid, verhoeffCheckDigit, verhoeffValid } from "../../app/lib/playground/checksums.ts";
import { detect, ipv6Valid, knownIssuer, MAX_SCAN_LENGTH, resolveOverlaps, type FindingType } from "../../app/lib/playground/detectors.ts";
import { callingCode, NUMBERING_PLANS, phoneCountry } from "../../app/lib/playground/phone-numbers.ts";

/** A fixed "today" so the date-of-birth window does not move under the tests. */
const NOW = Date.UTC(2025, 5, 15);

/** What detect() reports in `text`, as "type value" lines. */
function found(text: string): string[] {
  return detect(text, NOW).map(({ type, value }) => `${type} ${value}`);
}

/** Whether `value`, alone in a sentence, is reported as exactly one finding of `type` covering all of it. */
function detectedAs(type: FindingType, value: string): boolean {
  const text = `Here: ${value} — thanks`;
  const findings = detect(text, NOW);
  return findings.length === 1 && findings[0]?.type === type && findings[0].value === value && text.slice(findings[0].start, findings[0].end) === value;
}

interface DetectorCases {
  type: FindingType;
  valid: string[];
  /** Each with why it must not be reported as this type. */
  invalid: Array<[string, string]>;
}

const CASES: DetectorCases[] = [
  {
    type: "email",
    valid: ["asha.verma@example.org", "a+tag@mail.example.com", "x_y-z%1@example.co.uk", "JOHN@EXAMPLE.ORG"],
    invalid: [
      ["no top-level domain", "user@localhost"],
      ["numeric top-level domain", "user@example.123"],
      ["leading dot", ".user@example.org"],
      ["double dot", "us..er@example.org"],
      ["no local part", "@example.org"],
    ],
  },
  {
    type: "phone",
    valid: [
      "+91 98765 43210",
      "+919876543210",
      "+91-98765-43210",
      "98765 43210",
      "+1 (201) 555-0123",
      "(201) 555-0123",
      "201-555-0123",
      "201.555.0123",
      "1-800-555-0199",
      "+44 7700 900123",
      "07700 900123",
      "020 7946 0018",
      "+44 (0)20 7946 0018",
      "+971 50 123 4567",
      "050-123-4567",
      "+971 4 123 4567",
      "04 123 4567",
    ],
    invalid: [
      ["India starting with 5", "+91 58765 43210"],
      ["India with nine digits", "+91 98765 4321"],
      ["US area code starting with 1", "(101) 555-0123"],
      ["US exchange starting with 0", "201-055-0123"],
      ["US ten digits unseparated, no +1", "2015550123"],
      ["UK number starting with 3 after +44", "+44 3700 900123"],
      ["UAE mobile too short", "+971 50 123 456"],
      ["unknown calling code", "+33 1 23 45 67 89"],
      ["a date", "2024-11-05"],
    ],
  },
  {
    type: "card",
    valid: ["4111 1111 1111 1111", "4111-1111-1111-1111", "4111111111111111", "5555 5555 5555 4444", "2221 0000 0000 0009", "3782 822463 10005", "378282246310005", "6011 1111 1111 1117", "4222222222222", "6522 0000 0000 0006", "5085 0000 0000 0007", "8172 0000 0000 0005"],
    invalid: [
      ["Luhn fails", "4111 1111 1111 1112"],
      ["unknown issuer, Luhn passes", "9111 1111 1111 1115"],
      ["Mastercard range ends at 55", "5611 1111 1111 1113"],
      ["Amex at sixteen digits", "3782 8224 6310 0052"],
      ["twelve digits", "4111 1111 1111"],
      ["mixed separators", "4111 1111-1111 1111"],
    ],
  },
  {
    type: "aadhaar",
    valid: ["2345 6789 0124", "234567890124", "2345-6789-0124", `9999 9999 999${verhoeffCheckDigit("99999999999")}`],
    invalid: [
      ["Verhoeff fails", "2345 6789 0123"],
      ["first digit 1", `1234 5678 901${verhoeffCheckDigit("12345678901")}`],
      ["first digit 0", `0234 5678 901${verhoeffCheckDigit("02345678901")}`],
      ["eleven digits", "2345 6789 012"],
    ],
  },
  {
    type: "pan",
    valid: ["ABCPE1234F", "AAACB1234Z", "ZZZTA0000A"],
    invalid: [
      ["fourth letter not a holder type", "ABCDE1234F"],
      ["lower case", "abcpe1234f"],
      ["one digit short", "ABCPE123F"],
    ],
  },
  {
    type: "ssn",
    valid: ["219-09-9999", "123-45-6789", "665 12 3456"],
    invalid: [
      ["area 000", "000-12-3456"],
      ["area 666", "666-12-3456"],
      ["area 900-999", "912-12-3456"],
      ["group 00", "123-00-4567"],
      ["serial 0000", "123-45-0000"],
      ["mixed separators", "123-45 6789"],
    ],
  },
  {
    type: "iban",
    valid: ["GB82 WEST 1234 5698 7654 32", "GB82WEST12345698765432", "DE89 3704 0044 0532 0130 00", "FR14 2004 1010 0505 0001 3M02 606", "NL91 ABNA 0417 1643 00", "CH93 0076 2011 6238 5295 7", "AE07 0331 2345 6789 0123 456", "SA03 8000 0000 6080 1016 7519", "ES91 2100 0418 4502 0005 1332", "IT60 X054 2811 1010 0000 0123 456"],
    invalid: [
      ["check digits wrong", "GB83 WEST 1234 5698 7654 32"],
      ["one character short for GB", "GB82 WEST 1234 5698 7654 3"],
      ["country not in the table", "XX82 WEST 1234 5698 7654 32"],
    ],
  },
  {
    type: "ipv4",
    valid: ["192.0.2.10", "0.0.0.0", "255.255.255.255", "203.0.113.42"],
    invalid: [
      ["octet above 255", "192.0.2.256"],
      ["leading zero", "192.168.01.1"],
      ["five parts", "1.2.3.4.5"],
      ["three parts", "1.2.3"],
    ],
  },
  {
    type: "ipv6",
    valid: ["2001:db8::1", "2001:0db8:85a3:0000:0000:8a2e:0370:7334", "fe80::1ff:fe23:4567:890a", "::1", "2001:DB8:0:0:1::1"],
    invalid: [
      ["two ::", "2001::db8::1"],
      ["nine groups", "1:2:3:4:5:6:7:8:9"],
      ["seven groups without ::", "1:2:3:4:5:6:7"],
      ["group of five", "2001:db8::12345"],
      ["a clock time", "12:30:45"],
    ],
  },
];

describe("PLAY-4 detectors", () => {
  describe("checksums against published examples", () => {
    it("Luhn", () => {
      for (const valid of ["79927398713", "4111111111111111", "5555555555554444", "378282246310005", "6011111111111117"]) expect(luhnValid(valid), valid).toBe(true);
      for (const invalid of ["79927398710", "79927398714", "4111111111111112", "0"]) expect(luhnValid(invalid), invalid).toBe(false);
    });

    it("Verhoeff (236 → 3, 12345 → 1, 123456789012 → 0)", () => {
      expect(verhoeffCheckDigit("236")).toBe("3");
      expect(verhoeffCheckDigit("12345")).toBe("1");
      expect(verhoeffCheckDigit("123456789012")).toBe("0");
      expect(verhoeffValid("2363")).toBe(true);
      expect(verhoeffValid("123451")).toBe(true);
      expect(verhoeffValid("2364")).toBe(false);
      // Verhoeff catches the swap of neighbours that Luhn misses.
      expect(verhoeffValid("3263")).toBe(false);
    });

    it("every single-digit change breaks Verhoeff", () => {
      const number = "234567890124";
      for (let index = 0; index < number.length; index++) {
        for (let digit = 0; digit <= 9; digit++) {
          const changed = number.slice(0, index) + String(digit) + number.slice(index + 1);
          expect(verhoeffValid(changed), changed).toBe(changed === number);
        }
      }
    });

    it("IBAN MOD 97-10 (ISO 13616 examples)", () => {
      expect(ibanValid("GB82WEST12345698765432")).toBe(true);
      expect(ibanValid("DE89370400440532013000")).toBe(true);
      expect(ibanValid("GB82WEST12345698765433")).toBe(false);
      expect(ibanValid("gb82west12345698765432")).toBe(false);
      expect(ibanCheckDigits("GB", "WEST12345698765432")).toBe("82");
      expect(ibanCheckDigits("DE", "370400440532013000")).toBe("89");
    });

    it("card issuer ranges", () => {
      expect(knownIssuer("4111111111111")).toBe(true);
      expect(knownIssuer("2720990000000000")).toBe(true);
      expect(knownIssuer("2721000000000000")).toBe(false);
      expect(knownIssuer("2220990000000000")).toBe(false);
      expect(knownIssuer("5080000000000000")).toBe(true);
      expect(knownIssuer("8100000000000000")).toBe(true);
      expect(knownIssuer("3400000000000000")).toBe(false);
    });

    it("IPv6 forms", () => {
      expect(ipv6Valid("::")).toBe(false);
      expect(ipv6Valid("::1:2:3:4:5:6:7")).toBe(true);
      expect(ipv6Valid("1:2:3:4:5:6:7:8")).toBe(true);
      expect(ipv6Valid("1::2:3:4:5:6:7:8")).toBe(false);
    });
  });

  for (const { type, valid, invalid } of CASES) {
    describe(type, () => {
      it.each(valid)("finds %s", (value) => {
        expect(detectedAs(type, value), found(`Here: ${value} — thanks`).join(", ")).toBe(true);
      });

      it.each(invalid)("does not report it when there is %s: %s", (_why, value) => {
        expect(found(`Here: ${value} — thanks`).filter((line) => line.startsWith(`${type} `))).toEqual([]);
      });

      // Letters around an address make another address, so e-mail is checked on its own below.
      if (type !== "email") {
        it("does not report a value embedded in a word or a longer number", () => {
          for (const value of valid.slice(0, 2)) {
            expect(found(`x${value}y`).filter((line) => line.startsWith(`${type} `)), value).toEqual([]);
            if (/^\w/.test(value) && /\w$/.test(value)) expect(found(`7${value}7`).filter((line) => line.startsWith(`${type} `)), value).toEqual([]);
          }
        });
      }
    });
  }

  it("does not stretch an address over a word it touches", () => {
    expect(found("(asha.verma@example.org)")).toEqual(["email asha.verma@example.org"]);
    expect(found("mail a@example.org.")).toEqual(["email a@example.org"]);
    expect(found("mail a@example.org-x")).toEqual([]);
  });

  describe("phone numbers", () => {
    it("uses the contact form's four countries and calling codes", () => {
      for (const [country, plan] of Object.entries(NUMBERING_PLANS)) {
        expect(PHONE_RULES[country as keyof typeof PHONE_RULES].code).toBe(plan.code);
      }
      expect(Object.keys(NUMBERING_PLANS).sort()).toEqual(Object.keys(PHONE_RULES).sort());
    });

    it("knows each number's country and calling code", () => {
      expect(phoneCountry("+91 98765 43210")).toBe("IN");
      expect(phoneCountry("(201) 555-0123")).toBe("US");
      expect(phoneCountry("+44 (0)20 7946 0018")).toBe("UK");
      expect(phoneCountry("050 123 4567")).toBe("UAE");
      expect(phoneCountry("5-201-555-0123")).toBeUndefined();
      expect(callingCode("+971 50 123 4567")).toBe("971");
      expect(callingCode("07700 900123")).toBeUndefined();
    });

    it("separates a number from the numbers around it", () => {
      expect(found("call 98765 43210 2024")).toEqual(["phone 98765 43210"]);
      expect(found("ref 12 +91 98765 43210")).toEqual(["phone +91 98765 43210"]);
    });
  });

  describe("dates of birth", () => {
    it.each([
      ["DOB: 1990-04-23", "1990-04-23"],
      ["D.O.B. 23/04/1990", "23/04/1990"],
      ["date of birth 04/23/1990", "04/23/1990"],
      ["Born on 23 April 1990 in Pune", "23 April 1990"],
      ["birthdate: April 23, 1990", "April 23, 1990"],
      ["born 29 Feb 2000", "29 Feb 2000"],
      ["DOB 1906-01-01", "1906-01-01"],
    ])("finds the date near a cue in %s", (text, date) => {
      expect(found(text)).toEqual([`dob ${date}`]);
    });

    it.each([
      ["no cue", "Visit on 1990-04-23"],
      ["cue on another line", "DOB:\n1990-04-23"],
      ["cue too far away", `DOB ${"x".repeat(40)} 1990-04-23`],
      ["not a calendar date", "DOB 1990-02-30"],
      ["29 February of a common year", "DOB 29/02/2001"],
      ["month 13 both ways", "DOB 13/13/1990"],
      ["in the future", "DOB 2030-01-01"],
      ["more than 120 years ago", "DOB 1900-01-01"],
      ["not a month", "born 23 Smarch 1990"],
      ["a cue inside a word", "Osborne 1990-04-23"],
    ])("reports nothing with %s", (_why, text) => {
      expect(found(text)).toEqual([]);
    });
  });

  describe("overlaps and order", () => {
    it("reports findings sorted and never overlapping", () => {
      const text = "Mail a@example.org, card 4111 1111 1111 1111, phone +91 98765 43210, SSN 219-09-9999.";
      const findings = detect(text, NOW);
      expect(findings.map((finding) => finding.type)).toEqual(["email", "card", "phone", "ssn"]);
      for (const [index, finding] of findings.entries()) {
        expect(text.slice(finding.start, finding.end)).toBe(finding.value);
        if (index > 0) expect(finding.start).toBeGreaterThanOrEqual(findings[index - 1]!.end);
      }
    });

    it("resolves overlaps by precedence: card, Aadhaar, IBAN, SSN, phone, then the rest", () => {
      const at = (type: FindingType, start: number, end: number) => ({ type, start, end, value: "x".repeat(end - start) });
      const order: FindingType[] = ["card", "aadhaar", "iban", "ssn", "phone", "email"];
      for (const [rank, stronger] of order.entries()) {
        for (const weaker of order.slice(rank + 1)) {
          // The weaker one comes first and is longer: precedence still decides.
          expect(resolveOverlaps([at(weaker, 0, 20), at(stronger, 5, 15)]).map((finding) => finding.type)).toEqual([stronger]);
        }
      }
      expect(resolveOverlaps([at("email", 3, 9), at("pan", 0, 5), at("ipv4", 10, 12)]).map((finding) => finding.type)).toEqual(["pan", "ipv4"]);
    });

    it("keeps a dotted quad an address when its digits also spell a phone number", () => {
      expect(detect("The login came from 0.121.100.100 today.", NOW).map((finding) => `${finding.type} ${finding.value}`)).toEqual(["ipv4 0.121.100.100"]);
      // A phone written with dots that is no address stays a phone.
      expect(detect("Call 0121.496.0000 today.", NOW).map((finding) => finding.type)).not.toContain("ipv4");
    });

    it("keeps an IBAN whole when its groups read as a card", () => {
      // Found by the PLAY-5 property test: 4981 9301 4430 6134 passes Luhn as a Visa number.
      expect(found("IBAN DE10 4981 9301 4430 6134 00")).toEqual(["iban DE10 4981 9301 4430 6134 00"]);
      expect(found("Card 4981 9301 4430 6134")).toEqual(["card 4981 9301 4430 6134"]);
    });

    it("keeps an address whole when its local part reads as a number", () => {
      expect(found("98765.43210@example.org")).toEqual(["email 98765.43210@example.org"]);
      expect(found("4111111111111111@example.org")).toEqual(["email 4111111111111111@example.org"]);
      expect(found("Aadhaar 2345 6789 0124 4")).toEqual([]);
    });

    it("does not report a digit run that fails its checksum as that type, nor as a weaker one", () => {
      expect(found("4111 1111 1111 1112")).toEqual([]);
      expect(found("2345 6789 0123")).toEqual([]);
    });

    it("scans only the first MAX_SCAN_LENGTH characters", () => {
      const late = `${"x".repeat(MAX_SCAN_LENGTH)} a@example.org`;
      expect(detect(late, NOW)).toEqual([]);
      expect(MAX_SCAN_LENGTH).toBe(20_000);
    });
  });

  describe("time on hostile input", () => {
    // Compile the patterns first: the budget is for scanning, not for the first call's set-up.
    beforeAll(() => {
      detect("warm up: a@example.org +91 98765 43210 4111 1111 1111 1111 DOB 1990-04-23", NOW);
    });
    const size = MAX_SCAN_LENGTH;
    const fill = (unit: string, length = size): string => unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
    /**
     * The scan's cost in ms of this thread's own CPU time, the least of five
     * scans: wall time on a busy machine counts the time the thread waited for
     * a core, and a long scan waits more often than a short one.
     */
    const fastestScan = (text: string, times = 1): number => {
      let fastest = Infinity;
      for (let run = 0; run < 5; run++) {
        const started = process.threadCpuUsage();
        for (let time = 0; time < times; time++) detect(text, NOW);
        const used = process.threadCpuUsage(started);
        fastest = Math.min(fastest, (used.user + used.system) / 1000);
      }
      return fastest;
    };
    it.each([
      ["one long digit run", fill("1")],
      ["digits and spaces", fill("1 ")],
      ["digit groups of four", fill("4111 ")],
      ["digits and dots", fill("1.")],
      ["digits and dashes", fill("12-")],
      ["plus signs and digits", fill("+1 ")],
      ["parentheses", fill("(1) ")],
      ["at signs", fill("@")],
      ["dots", fill(".")],
      ["local parts and at signs", fill("a@")],
      ["a 19,999-character local part", `${"a".repeat(size - 1)}@`],
      ["labels and dots after an @", `a@${fill("b.")}`],
      ["colons and hex", fill("a:")],
      ["double colons", fill("1::")],
      ["upper-case letters and digits", fill("GB82WEST")],
      ["date-of-birth cues", fill("DOB 1990-04-2 ")],
      ["phone-like runs", fill("98765 43210 ")],
      ["capitalised words, as a name runs", fill("Asha ")],
      ["one 20,000-letter capitalised word", `A${"b".repeat(size - 1)}`],
      ["titles", fill("Dr. ")],
      ["particles between names", fill("Anne van ")],
      ["hyphens and apostrophes in a word", fill("Al-O'")],
      ["cue words", fill("thanks ")],
    ])("scans 20,000 characters of %s in linear time, well under 200 ms", (_name, text) => {
      // Judged against a tenth of the text scanned ten times: the same number
      // of characters, so a linear scan costs about the same, a quadratic one
      // ten times less. Both figures are whole scans' worth of CPU time, big
      // enough for the thread clock, which reads 0 for a scan of a few
      // hundred microseconds. Under 2 ms counts as 2 ms, the clock's noise.
      const whole = fastestScan(text);
      const tenTenths = fastestScan(text.slice(0, size / 10), 10);
      expect(whole / Math.max(tenTenths, 2), `${whole.toFixed(1)} ms for the whole, ${tenTenths.toFixed(1)} ms for a tenth ten times`).toBeLessThan(4);
      expect(whole).toBeLessThan(200);
    });
  });
});
