import { describe, expect, it } from "vitest";
import { inertLinks, quoted } from "../../server/delivery/requester-text.ts";

/** What a requester types, as an approver's e-mail shows it (requirement TRUST-5). */
describe("inertLinks", () => {
  it.each([
    ["Approve: https://evil.example/trust/approve?token=x", "Approve: hxxps[:]//evil[.]example/trust/approve?token=x"],
    ["HTTP://EVIL.EXAMPLE", "hxxp[:]//EVIL[.]EXAMPLE"],
    ["https：//evil．example", "hxxps[:]//evil[.]example"],
    ["evil。com/approve and www.evil.example", "evil[.]com/approve and www[.]evil[.]example"],
    ["ftp://files.evil.org", "ftp[:]//files[.]evil[.]org"],
    ["mailto:x@evil.com, x@evil.com, tel:+441234", "mailto[:]x@evil[.]com, x@evil[.]com, tel[:]+441234"],
    ["javascript:alert(1)", "javascript[:]alert(1)"],
    ["10.0.0.1/approve", "10[.]0[.]0[.]1/approve"],
    ["xn--80ak6aa92e.com and пример.рф", "xn--80ak6aa92e[.]com and пример[.]рф"],
  ])("makes %j inert", (typed, shown) => {
    expect(inertLinks(typed)).toBe(shown);
  });

  it("leaves prose without links as it was, numbers and sentence ends included", () => {
    const prose = "We need 2.5 reports for version 1.2 of our review. Thanks! Note: due by 3 March.";
    expect(inertLinks(prose)).toBe(prose);
  });
});

describe("quoted", () => {
  it("marks every line, blank ones and those split by any line break a mail client honours", () => {
    expect(quoted(["Name: Ana", "one\ntwo\r\n\r\nthree\u2028four\u2029five"])).toEqual(["> Name: Ana", "> one", "> two", ">", "> three", "> four", "> five"]);
  });
});
