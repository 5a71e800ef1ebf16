// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { hashTarget } from "../../app/lib/scroll.ts";

describe("hashTarget", () => {
  beforeEach(() => {
    document.body.innerHTML = `
      <section id="faqs">FAQ</section>
      <section id="how-it-works">How</section>
      <section id="über uns">Encoded</section>
    `;
  });

  afterEach(() => {
    document.body.innerHTML = "";
  });

  it("returns the element for #faqs", () => {
    const target = hashTarget("#faqs");
    expect(target).not.toBeNull();
    expect(target).toBe(document.getElementById("faqs"));
    expect(target?.textContent).toBe("FAQ");
  });

  it("returns the element for a hyphenated id", () => {
    expect(hashTarget("#how-it-works")?.textContent).toBe("How");
  });

  it("decodes a percent-encoded id", () => {
    expect(hashTarget("#%C3%BCber%20uns")?.textContent).toBe("Encoded");
  });

  it("looks up in the given document", () => {
    const other = document.implementation.createHTMLDocument("other");
    other.body.innerHTML = '<div id="faqs">Other</div>';
    expect(hashTarget("#faqs", other)?.textContent).toBe("Other");
  });

  it.each([
    ["an empty hash", ""],
    ["a bare #", "#"],
    ["a missing id", "#pricing"],
    ["a malformed percent-encoding", "#%E0%A4%A"],
    ["a lone percent sign", "#%"],
  ])("returns null for %s (%j)", (_why, hash) => {
    expect(hashTarget(hash)).toBeNull();
  });
});
