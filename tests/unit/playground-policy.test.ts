import { describe, expect, it } from "vitest";
import {
  approveGrant,
  askForGrant,
  decideReveal,
  DEFAULT_GRANT_MS,
  grantActive,
  maskValue,
  ROLES,
  type Grant,
  type GrantRequest,
  type RevealRequest,
  type Role,
} from "../../app/lib/playground/policy.ts";

const NOW = Date.UTC(2025, 5, 15, 12, 0, 0);
const PURPOSE = "Subject access request #12";
const REASON = "Fraud in progress on the account";

/** The grant a role ends up with after asking (and, for a privacy officer, a second person approving). */
function grantFor(role: Role, why: string, now = NOW, durationMs = DEFAULT_GRANT_MS): Grant {
  const answer = askForGrant(role, why, "you", now, durationMs);
  if ("grant" in answer) return answer.grant;
  if (!("pending" in answer)) throw new Error(answer.refused);
  const approved = approveGrant(answer.pending, "data-protection-lead", now, durationMs);
  if ("refused" in approved) throw new Error(approved.refused);
  return approved;
}

describe("PLAY-6 policy and grants", () => {
  describe("grants", () => {
    it("last 60,000 ms by default, from issue up to but not including expiry", () => {
      const grant = grantFor("privacy-officer", PURPOSE);
      expect(DEFAULT_GRANT_MS).toBe(60_000);
      expect(grant).toEqual({ role: "privacy-officer", why: PURPOSE, requestedBy: "you", approvedBy: "data-protection-lead", issuedAt: NOW, expiresAt: NOW + 60_000 });
      expect(grantActive(grant, "privacy-officer", NOW)).toBe(true);
      expect(grantActive(grant, "privacy-officer", NOW + 59_999)).toBe(true);
      expect(grantActive(grant, "privacy-officer", NOW + 60_000)).toBe(false);
      expect(grantActive(grant, "privacy-officer", NOW - 1)).toBe(false);
    });

    it("take a duration, and hold for their own role only", () => {
      const grant = grantFor("break-glass", REASON, NOW, 5_000);
      expect(grantActive(grant, "break-glass", NOW + 4_999)).toBe(true);
      expect(grantActive(grant, "break-glass", NOW + 5_000)).toBe(false);
      expect(grantActive(grant, "privacy-officer", NOW)).toBe(false);
      expect(grantActive(undefined, "break-glass", NOW)).toBe(false);
    });

    it("need the purpose or reason first: asking with none, or only spaces, is refused", () => {
      expect(askForGrant("privacy-officer", undefined, "you", NOW)).toEqual({ refused: "State the purpose first: the approver decides on it" });
      expect(askForGrant("privacy-officer", "  ", "you", NOW)).toEqual({ refused: "State the purpose first: the approver decides on it" });
      expect(askForGrant("break-glass", "", "you", NOW)).toEqual({ refused: "State the reason first: it is flagged with the grant" });
    });

    it("are never given to a support agent or an analyst", () => {
      expect(askForGrant("support-agent", PURPOSE, "you", NOW)).toEqual({ refused: "A support agent never sees full values" });
      expect(askForGrant("analyst", PURPOSE, "you", NOW)).toEqual({ refused: "An analyst never sees full values" });
    });

    it("wait for a second person for a privacy officer, who may not approve their own", () => {
      const answer = askForGrant("privacy-officer", `  ${PURPOSE} `, "you", NOW);
      expect(answer).toEqual({ pending: { role: "privacy-officer", why: PURPOSE, requestedBy: "you" } });
      const request = (answer as { pending: GrantRequest }).pending;
      expect(approveGrant(request, "you", NOW)).toEqual({ refused: "A grant needs the approval of a second person" });
      expect(approveGrant(request, "data-protection-lead", NOW + 2_000)).toMatchObject({ approvedBy: "data-protection-lead", issuedAt: NOW + 2_000 });
    });

    it("open at once for break-glass, approved by nobody beforehand", () => {
      expect(askForGrant("break-glass", REASON, "you", NOW)).toEqual({
        grant: { role: "break-glass", why: REASON, requestedBy: "you", approvedBy: undefined, issuedAt: NOW, expiresAt: NOW + DEFAULT_GRANT_MS },
      });
    });
  });

  describe("decideReveal", () => {
    const officer = (request: Partial<RevealRequest>): RevealRequest => ({
      role: "privacy-officer",
      purpose: PURPOSE,
      grant: grantFor("privacy-officer", PURPOSE),
      now: NOW + 1_000,
      ...request,
    });
    const breakGlass = (request: Partial<RevealRequest>): RevealRequest => ({
      role: "break-glass",
      reason: REASON,
      grant: grantFor("break-glass", REASON),
      now: NOW + 1_000,
      ...request,
    });

    it("shows a support agent masked values, never the full value, even with a grant", () => {
      const decision = decideReveal({ role: "support-agent", purpose: "caller", grant: grantFor("privacy-officer", "caller"), now: NOW });
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
      ["another role's grant", { grant: grantFor("break-glass", PURPOSE) }, /No just-in-time grant/],
      ["a grant for another purpose", { purpose: "Marketing list clean-up" }, /another purpose/],
      ["a grant its requester approved", { grant: { ...grantFor("privacy-officer", PURPOSE), approvedBy: "you" } }, /second person/],
      ["a grant nobody approved", { grant: { ...grantFor("privacy-officer", PURPOSE), approvedBy: undefined } }, /second person/],
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
      ["a grant for another reason", { reason: "Chargeback dispute" }, /another reason/],
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
