import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { cspHash, inlineHashes } from "../../scripts/build/lib/inline-hashes.ts";

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

describe("inlineHashes", () => {
  it("hashes an inline classic script", () => {
    expect(inlineHashes("<script>alert(1)</script>").scripts).toEqual([cspHash("alert(1)")]);
  });

  it("hashes an inline module script with other attributes", () => {
    const html = '<script type="module" async="" data-boot="{&quot;a&quot;:1}">start()</script>';
    expect(inlineHashes(html).scripts).toEqual([cspHash("start()")]);
  });

  it("hashes a text/javascript script and one with an id", () => {
    const html = '<script type="text/javascript">a()</script><script id="_R_">b()</script>';
    expect(inlineHashes(html).scripts).toEqual([cspHash("a()"), cspHash("b()")]);
  });

  it("hashes the exact content between the tags, whitespace and newlines included", () => {
    const code = "\n  window.x = 1;\n";
    expect(inlineHashes(`<script>${code}</script>`).scripts).toEqual([cspHash(code)]);
  });

  it("hashes an empty inline script", () => {
    expect(inlineHashes("<script></script>").scripts).toEqual([cspHash("")]);
  });

  it("skips scripts loaded with src=", () => {
    const html =
      '<script src="/assets/a.js"></script><script type="module" src="/assets/b.js"></script>' +
      '<script async src="/assets/c.js"></script>';
    expect(inlineHashes(html).scripts).toEqual([]);
  });

  it("does not mistake data-src= for src=", () => {
    expect(inlineHashes('<script data-src="x">go()</script>').scripts).toEqual([cspHash("go()")]);
  });

  it("skips JSON-LD and other data blocks", () => {
    const html =
      '<script type="application/ld+json">{"@type":"Organization"}</script>' +
      '<script type="application/json">{"a":1}</script><script type="text/plain">x</script>';
    expect(inlineHashes(html).scripts).toEqual([]);
  });

  it("does not mistake data-type= for type=", () => {
    expect(inlineHashes('<script data-type="application/json">go()</script>').scripts).toEqual([cspHash("go()")]);
  });

  it("does not match elements whose name only starts with script or style", () => {
    const html = "<scripts>a()</scripts><styles>b</styles>";
    expect(inlineHashes(html)).toEqual({ scripts: [], styles: [] });
  });

  it("hashes <style> and <style id> contents", () => {
    const html = '<style>body{margin:0}</style><style id="x">.a{color:red}</style>';
    expect(inlineHashes(html).styles).toEqual([cspHash("body{margin:0}"), cspHash(".a{color:red}")]);
  });

  it("does not count scripts as styles nor styles as scripts", () => {
    const html = "<style>p{}</style><script>p()</script>";
    expect(inlineHashes(html)).toEqual({ scripts: [cspHash("p()")], styles: [cspHash("p{}")] });
  });

  it("dedupes identical scripts and styles, keeping first-seen order", () => {
    const html =
      "<script>b()</script><script>a()</script><script>b()</script>" +
      '<style>.y{}</style><style id="z">.y{}</style><style>.x{}</style>';
    expect(inlineHashes(html)).toEqual({
      scripts: [cspHash("b()"), cspHash("a()")],
      styles: [cspHash(".y{}"), cspHash(".x{}")],
    });
  });

  it("returns empty lists for a page without inline code", () => {
    expect(inlineHashes('<!DOCTYPE html><html><head><link rel="stylesheet" href="/a.css"/></head></html>')).toEqual({
      scripts: [],
      styles: [],
    });
  });

  it("handles a page mixing every kind", () => {
    const html = [
      "<!DOCTYPE html><html><head>",
      "<style>:root{--c:#000}</style>",
      '<script>document.documentElement.dataset.js="1"</script>',
      '<script type="application/ld+json">{"@context":"https://schema.org"}</script>',
      '<link rel="stylesheet" href="/assets/root.css"/>',
      "</head><body>",
      '<script src="/assets/x.js"></script>',
      '<script type="module" async="" data-boot="{}">boot()</script>',
      "</body></html>",
    ].join("\n");
    expect(inlineHashes(html)).toEqual({
      scripts: [cspHash('document.documentElement.dataset.js="1"'), cspHash("boot()")],
      styles: [cspHash(":root{--c:#000}")],
    });
  });
});
