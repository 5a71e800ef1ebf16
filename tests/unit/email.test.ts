import { describe, expect, it } from "vitest";
import { EMAIL_MAX_LENGTH, isEmailAddress } from "../../app/lib/email.ts";

describe("isEmailAddress", () => {
  it.each([
    "jane@example.com",
    "jane.doe@example.com",
    "jane+newsletter@example.com",
    "ops@mail.eu.example.co.uk",
    "a@b.io",
    "first_last-99@sub-domain.example.in",
    "JANE@EXAMPLE.COM",
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
