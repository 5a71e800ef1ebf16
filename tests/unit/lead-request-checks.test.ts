import { describe, expect, it } from "vitest";
import { csvCell, leadsCsv } from "../../server/db/csv.ts";
import { idempotencyKey, isSameOriginOrAllowed, ownOrigins, spamReason } from "../../server/lib/request-checks.ts";

describe("isSameOriginOrAllowed", () => {
  const own = ownOrigins("https://veilvault.example", { address: "10.0.4.7", port: 3000 });
  const allowed = ["https://partner.example"];

  it("trusts the configured site, never the Host a request names", () => {
    expect(own).toEqual(["https://veilvault.example"]);
    // A DNS-rebinding page names itself in both Host and Origin.
    expect(isSameOriginOrAllowed({ host: "evil.example", origin: "http://evil.example" }, own, [])).toBe(false);
  });

  it("adds the loopback names of the port a loopback request arrived on, and only those", () => {
    const local = ownOrigins("https://veilvault.example", { address: "127.0.0.1", port: 4310 });
    expect(local).toContain("http://127.0.0.1:4310");
    expect(local).toContain("http://localhost:4310");
    expect(local).toContain("http://[::1]:4310");
    expect(local).not.toContain("http://localhost:4311");
    expect(ownOrigins("https://veilvault.example", { address: "::ffff:127.0.0.1", port: 80 })).toContain("http://localhost");
    expect(ownOrigins("https://veilvault.example", { address: "::1", port: 8443 })).toContain("https://localhost:8443");
    expect(ownOrigins("https://veilvault.example", { address: "192.168.1.9", port: 4310 })).toEqual(["https://veilvault.example"]);
    expect(isSameOriginOrAllowed({ origin: "http://rebound.example:4310" }, local, [])).toBe(false);
  });

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
  });

  it("neutralises formulas hidden behind compatibility forms and invisible characters", () => {
    expect(csvCell("\uFF1D1+2")).toBe("'\uFF1D1+2"); // fullwidth equals
    expect(csvCell("\uFE66HYPERLINK()")).toBe("'\uFE66HYPERLINK()"); // small equals
    expect(csvCell("\u200B=1+2")).toBe("'\u200B=1+2"); // zero-width space first
    expect(csvCell("\uFEFF\u00A0@SUM(A1)")).toBe("'\uFEFF\u00A0@SUM(A1)");
    expect(csvCell("\uFF0B1")).toBe("'\uFF0B1"); // fullwidth plus
    expect(csvCell("Zoë = CFO")).toBe("Zoë = CFO");
  });

  it("replaces stray control characters, keeping tabs and line breaks", () => {
    expect(csvCell("Ada\u0000Lovelace")).toBe("Ada\uFFFDLovelace");
    expect(csvCell("a\tb")).toBe("a\tb");
    expect(leadsCsv([])).toBe("id,createdAt,firstName,lastName,email,companyName,contactNumber,description,termsAccepted,spam,spamReason\r\n");
  });
});
