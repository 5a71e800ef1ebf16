import { describe, expect, it } from "vitest";
import { decideReveal, DEFAULT_GRANT_MS, grantAccess, grantActive, maskValue, ROLES, type RevealRequest } from "../../app/lib/playground/policy.ts";

const NOW = Date.UTC(2025, 5, 15, 12, 0, 0);

describe("PLAY-6 policy and grants", () => {
  describe("grants", () => {
    it("last 60,000 ms by default, from issue up to but not including expiry", () => {
      const grant = grantAccess("privacy-officer", NOW);
      expect(DEFAULT_GRANT_MS).toBe(60_000);
      expect(grant).toEqual({ role: "privacy-officer", issuedAt: NOW, expiresAt: NOW + 60_000 });
      expect(grantActive(grant, "privacy-officer", NOW)).toBe(true);
      expect(grantActive(grant, "privacy-officer", NOW + 59_999)).toBe(true);
      expect(grantActive(grant, "privacy-officer", NOW + 60_000)).toBe(false);
      expect(grantActive(grant, "privacy-officer", NOW - 1)).toBe(false);
    });

    it("take a duration, and hold for their own role only", () => {
      const grant = grantAccess("break-glass", NOW, 5_000);
      expect(grantActive(grant, "break-glass", NOW + 4_999)).toBe(true);
      expect(grantActive(grant, "break-glass", NOW + 5_000)).toBe(false);
      expect(grantActive(grant, "privacy-officer", NOW)).toBe(false);
      expect(grantActive(undefined, "break-glass", NOW)).toBe(false);
    });
  });

  describe("decideReveal", () => {
    const officer = (request: Partial<RevealRequest>): RevealRequest => ({
      role: "privacy-officer",
      purpose: "Subject access request #12",
      grant: grantAccess("privacy-officer", NOW),
      now: NOW + 1_000,
      ...request,
    });
    const breakGlass = (request: Partial<RevealRequest>): RevealRequest => ({
      role: "break-glass",
      reason: "Fraud in progress on the account",
      grant: grantAccess("break-glass", NOW),
      now: NOW + 1_000,
      ...request,
    });

    it("shows a support agent masked values, never the full value, even with a grant", () => {
      const decision = decideReveal({ role: "support-agent", purpose: "caller", grant: grantAccess("support-agent", NOW), now: NOW });
      expect(decision).toMatchObject({ allowed: false, view: "masked", flagged: false });
    });

    it("shows an analyst tokens only", () => {
      expect(decideReveal({ role: "analyst", purpose: "report", reason: "x", now: NOW })).toMatchObject({ allowed: false, view: "token", flagged: false });
    });

    it("reveals to a privacy officer with a stated purpose and a live grant", () => {
      expect(decideReveal(officer({}))).toEqual({ allowed: true, view: "full", flagged: false, reason: "Privacy officer reveal for a stated purpose" });
    });

    it.each([
      ["no purpose", { purpose: undefined }, /purpose/],
      ["an empty purpose", { purpose: "" }, /purpose/],
      ["a blank purpose", { purpose: "  \n\t" }, /purpose/],
      ["no grant", { grant: undefined }, /No just-in-time grant/],
      ["another role's grant", { grant: grantAccess("break-glass", NOW) }, /No just-in-time grant/],
      ["a grant expiring at this very millisecond", { now: NOW + DEFAULT_GRANT_MS }, /expired/],
      ["a grant long expired", { now: NOW + 10 * DEFAULT_GRANT_MS }, /expired/],
      ["a grant not issued yet", { now: NOW - 1 }, /No just-in-time grant/],
    ])("denies a privacy officer with %s, unflagged", (_name, request, reason) => {
      const decision = decideReveal(officer(request));
      expect(decision).toMatchObject({ allowed: false, view: "token", flagged: false });
      expect(decision.reason).toMatch(reason);
    });

    it("allows a privacy officer at the grant's last millisecond", () => {
      expect(decideReveal(officer({ now: NOW + DEFAULT_GRANT_MS - 1 })).allowed).toBe(true);
    });

    it("reveals in a break-glass with a reason and a live grant, flagged", () => {
      expect(decideReveal(breakGlass({}))).toEqual({ allowed: true, view: "full", flagged: true, reason: "Break-glass reveal, flagged for review" });
    });

    it.each([
      ["no reason", { reason: undefined }, /reason/],
      ["a blank reason", { reason: " " }, /reason/],
      ["a purpose instead of a reason", { reason: undefined, purpose: "audit" }, /reason/],
      ["no grant", { grant: undefined }, /No just-in-time grant/],
      ["an expired grant", { now: NOW + DEFAULT_GRANT_MS }, /expired/],
    ])("denies a break-glass with %s, and flags the attempt", (_name, request, reason) => {
      const decision = decideReveal(breakGlass(request));
      expect(decision).toMatchObject({ allowed: false, view: "token", flagged: true });
      expect(decision.reason).toMatch(reason);
    });

    it("gives every role a decision with a reason", () => {
      for (const role of ROLES) expect(decideReveal({ role, now: NOW }).reason.length).toBeGreaterThan(10);
    });
  });

  describe("masks for support agents", () => {
    it.each([
      ["card", "4111 1111 1111 4242", "•••• 4242"],
      ["card", "3782-822463-10005", "•••• 0005"],
      ["email", "asha.verma@example.org", "a•••@example.org"],
      ["phone", "+91 98765 43210", "+91 ••••• •••10"],
      ["phone", "(201) 555-0123", "(•••) •••-••23"],
      ["aadhaar", "2345 6789 0124", "•••• •••• 0124"],
      ["ssn", "219-09-9999", "•••-••-9999"],
      ["iban", "GB82 WEST 1234 5698 7654 32", "GB•• •••• •••• •••• ••54 32"],
      ["pan", "ABCPE1234F", "•••••••••F"],
      ["dob", "1990-04-23", "••••-••-••"],
      ["ipv4", "192.0.2.10", "•••.•.•.••"],
    ] as const)("masks a %s: %s → %s", (type, value, masked) => {
      expect(maskValue({ type, value })).toBe(masked);
    });
  });
});
