import { describe, expect, it } from "vitest";
import { csvCell, leadsCsv } from "../../scripts/lib/leads-csv.ts";
import { idempotencyKey, isSameOriginOrAllowed, ownOrigins, spamReason } from "../../server/leads/request-checks.ts";

describe("isSameOriginOrAllowed", () => {
  const own = ownOrigins({ host: "veilvault.example" }, "https://veilvault.example");
  const allowed = ["https://partner.example"];

  it("accepts our own origin, a configured one, and clients that send neither header", () => {
    expect(isSameOriginOrAllowed({ origin: "https://veilvault.example" }, own, [])).toBe(true);
    expect(isSameOriginOrAllowed({ origin: "https://partner.example" }, own, allowed)).toBe(true);
    expect(isSameOriginOrAllowed({}, own, [])).toBe(true);
    expect(isSameOriginOrAllowed({ "sec-fetch-site": "same-origin" }, own, [])).toBe(true);
  });

  it("refuses other origins, the opaque null origin and cross-site fetch metadata", () => {
    expect(isSameOriginOrAllowed({ origin: "https://veilvault.example.attacker.test" }, own, allowed)).toBe(false);
    expect(isSameOriginOrAllowed({ origin: "null" }, own, allowed)).toBe(false);
    expect(isSameOriginOrAllowed({ "sec-fetch-site": "cross-site" }, own, allowed)).toBe(false);
    expect(isSameOriginOrAllowed({ "sec-fetch-site": "same-site" }, own, allowed)).toBe(false);
  });
});

describe("spamReason", () => {
  it("flags a filled honeypot first, then a form sent too fast or without timing", () => {
    expect(spamReason({ "x-form-trap": "x", "x-form-fill-ms": "9000" }, 3000)).toBe("honeypot");
    expect(spamReason({ "x-form-fill-ms": "2999" }, 3000)).toBe("too-fast");
    expect(spamReason({}, 3000)).toBe("too-fast");
    expect(spamReason({ "x-form-trap": " ", "x-form-fill-ms": "3000" }, 3000)).toBeUndefined();
  });
});

describe("idempotencyKey", () => {
  it("takes a well-formed key, reports a malformed one, and allows none", () => {
    expect(idempotencyKey({ "idempotency-key": "0b6f7c1e-2d7a-4c5e-9b1a-3f2e1d0c9b8a" })).toBe("0b6f7c1e-2d7a-4c5e-9b1a-3f2e1d0c9b8a");
    expect(idempotencyKey({ "idempotency-key": "short" })).toBe(false);
    expect(idempotencyKey({ "idempotency-key": "has space in it" })).toBe(false);
    expect(idempotencyKey({})).toBeUndefined();
  });
});

describe("leads CSV", () => {
  it("quotes what needs quoting and defuses spreadsheet formulas", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell('say "hi", then go')).toBe('"say ""hi"", then go"');
    expect(csvCell("=1+2")).toBe("'=1+2");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("line\nbreak")).toBe('"line\nbreak"');
    expect(leadsCsv([])).toBe("id,createdAt,firstName,lastName,email,companyName,contactNumber,description,termsAccepted,spam,spamReason\r\n");
  });
});
