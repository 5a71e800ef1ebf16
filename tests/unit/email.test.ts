import { describe, expect, it } from "vitest";
import { EMAIL_MAX_LENGTH, isEmailAddress } from "../../common/email.ts";

describe("isEmailAddress", () => {
  it.each([
    "jane@example.com",
    "jane.doe@example.com",
    "jane+newsletter@example.com",
    "ops@mail.eu.example.co.uk",
    "a@b.io",
    "first_last-99@sub-domain.example.in",
    "JANE@EXAMPLE.COM",
    "josé@exámple.com",
    "用户@例子.广告",
    "θσερ@παράδειγμα.δοκιμή",
  ])("accepts %j", (address) => {
    expect(isEmailAddress(address)).toBe(true);
  });

  it.each([
    ["empty", ""],
    ["missing @", "jane.example.com"],
    ["missing local part", "@example.com"],
    ["missing domain", "jane@"],
    ["no dot in the domain", "jane@localhost"],
    ["domain ends with a dot", "jane@example."],
    ["domain starts with a dot", "jane@.example.com"],
    ["empty domain label", "jane@example..com"],
    ["two @", "jane@doe@example.com"],
    ["space in the local part", "jane doe@example.com"],
    ["space in the domain", "jane@exa mple.com"],
    ["leading space", " jane@example.com"],
    ["trailing space", "jane@example.com "],
    ["tab", "jane@example.com\t"],
    ["newline", "jane@example.com\nx@y.z"],
    ["a right-to-left override in the domain", "ceo@moc.\u202Eelgoog.com"],
    ["a left-to-right isolate", "ceo@\u2066example.com"],
    ["a zero-width space", "ja\u200Bne@example.com"],
    ["a zero-width joiner", "jane@exam\u200Dple.com"],
    ["a word joiner", "jane\u2060@example.com"],
    ["a byte order mark inside", "jane@exa\uFEFFmple.com"],
    ["a left-to-right mark", "jane@example.com\u200E"],
    ["a soft hyphen", "jane@exam\u00ADple.com"],
    ["the Hangul filler U+3164", "jane\u3164@example.com"],
    ["the braille blank U+2800", "jane@example.com\u2800"],
    ["a no-break space", "jane@example.com\u00A0"],
    ["NUL", "jane@exa\u0000mple.com"],
    ["DEL", "jane\u007F@example.com"],
    ["NEL, a C1 control", "jane@example.com\u0085"],
    ["a lone high surrogate", "jane\ud800@example.com"],
    ["a lone low surrogate", "jane@example.com\udc00"],
  ])("rejects %s: %j", (_why, address) => {
    expect(isEmailAddress(address)).toBe(false);
  });

  it("has the RFC 5321 length limit of 254", () => {
    expect(EMAIL_MAX_LENGTH).toBe(254);
  });

  it("accepts exactly 254 characters and rejects 255", () => {
    const domain = "@example.com";
    const at254 = `${"a".repeat(254 - domain.length)}${domain}`;
    const at255 = `${"a".repeat(255 - domain.length)}${domain}`;
    expect(at254).toHaveLength(254);
    expect(at255).toHaveLength(255);
    expect(isEmailAddress(at254)).toBe(true);
    expect(isEmailAddress(at255)).toBe(false);
  });
});
