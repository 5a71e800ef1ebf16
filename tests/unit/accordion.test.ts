import { describe, expect, it } from "vitest";
import { answerParagraphs, toggleItem } from "../../app/lib/accordion.ts";

describe("toggleItem (FAQ, HOME-8)", () => {
  it("opens a closed item and so closes the one that was open", () => {
    expect(toggleItem(0, 3)).toBe(3);
  });

  it("closes all when the open item is clicked", () => {
    expect(toggleItem(2, 2)).toBeNull();
  });

  it("opens an item when all are closed", () => {
    expect(toggleItem(null, 0)).toBe(0);
  });
});

describe("answerParagraphs", () => {
  it("makes each line of an answer its own paragraph", () => {
    expect(answerParagraphs("First line.\nSecond line.\nThird.")).toEqual(["First line.", "Second line.", "Third."]);
  });

  it("drops blank lines and stray spaces", () => {
    expect(answerParagraphs("  One. \n\n Two.\n")).toEqual(["One.", "Two."]);
  });

  it("keeps a one-line answer whole", () => {
    expect(answerParagraphs("Only this.")).toEqual(["Only this."]);
  });
});
