import { describe, expect, it } from "vitest";
import { tabIndexForKey } from "../../app/lib/tabs.ts";

describe("tabIndexForKey (WAI-ARIA tabs)", () => {
  it("moves right and left, wrapping at the ends", () => {
    expect(tabIndexForKey(0, "ArrowRight", 4)).toBe(1);
    expect(tabIndexForKey(3, "ArrowRight", 4)).toBe(0);
    expect(tabIndexForKey(0, "ArrowLeft", 4)).toBe(3);
    expect(tabIndexForKey(2, "ArrowLeft", 4)).toBe(1);
  });

  it("jumps to the first and last tab with Home and End", () => {
    expect(tabIndexForKey(2, "Home", 4)).toBe(0);
    expect(tabIndexForKey(1, "End", 4)).toBe(3);
  });

  it("ignores other keys", () => {
    expect(tabIndexForKey(1, "ArrowDown", 4)).toBeNull();
    expect(tabIndexForKey(1, "Enter", 4)).toBeNull();
  });
});
