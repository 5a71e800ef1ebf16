import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { cspHash } from "../../scripts/build/lib/csp-hash.ts";

function reference(content: string): string {
  return `sha256-${createHash("sha256").update(Buffer.from(content, "utf8")).digest("base64")}`;
}

describe("cspHash", () => {
  it("hashes the empty string to the well-known SHA-256 value", () => {
    expect(cspHash("")).toBe("sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=");
  });

  it.each(["alert(1)", "const a = 1;\nconst b = 2;\n", "  padded  ", "é — ünïcödé ✓ 🔒"])(
    "matches node:crypto's base64 SHA-256 of the UTF-8 bytes for %j",
    (content) => {
      expect(cspHash(content)).toBe(reference(content));
    },
  );

  it("has the sha256- prefix and no quotes (the CSP builder adds them)", () => {
    expect(cspHash("alert(1)")).toMatch(/^sha256-[A-Za-z0-9+/]{43}=$/);
  });

  it("differs for content that differs only in whitespace", () => {
    expect(cspHash("alert(1)")).not.toBe(cspHash("alert(1) "));
  });
});
