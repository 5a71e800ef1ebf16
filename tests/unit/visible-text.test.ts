import { describe, expect, it } from "vitest";
import { cleanText, hasUnseenCharacter, hiddenTextProblem, normaliseText } from "../../common/visible-text.ts";

describe("normaliseText and cleanText", () => {
  it("composes to NFC, so one text has one form", () => {
    expect(normaliseText("Zoe\u0301")).toBe("Zoé");
    expect(normaliseText("Zoé")).toBe("Zoé");
    expect(cleanText("  Zoe\u0301\n")).toBe("Zoé");
  });

  it("leaves a lone surrogate in place for the checks to refuse, rather than throwing", () => {
    expect(normaliseText("a\ud800")).toBe("a\ud800");
  });
});

describe("hiddenTextProblem", () => {
  it.each([
    ["NUL", "Ada\u0000"],
    ["a C0 control", "Ada\u001B[31m"],
    ["DEL", "Ada\u007F"],
    ["NEL, a C1 control", "Ada\u0085"],
    ["another C1 control", "Ada\u009F"],
    ["a lone high surrogate", "\ud800"],
    ["a lone low surrogate", "Ada\udc00"],
    ["a high surrogate without its pair", "Ada\ud83dx"],
    ["LRE", "\u202AAda"],
    ["RLE", "\u202BAda"],
    ["PDF", "Ada\u202C"],
    ["LRO", "\u202DAda"],
    ["RLO", "moc.\u202Eelgoog"],
    ["LRI", "\u2066Ada"],
    ["RLI", "\u2067Ada"],
    ["FSI", "\u2068Ada"],
    ["PDI", "Ada\u2069"],
    ["an override alone", "\u202E"],
    ["a tab in a one-line field", "Ada\tLovelace"],
    ["a line feed in a one-line field", "Ada\nLovelace"],
    ["a carriage return in a one-line field", "Ada\rLovelace"],
  ])("finds %s hidden in a line", (_why, value) => {
    expect(hiddenTextProblem(value, "line")).toBe("hidden");
  });

  it.each([
    ["NUL", "Hello\u0000"],
    ["a vertical tab", "Hello\u000Bworld"],
    ["a form feed", "Hello\u000Cworld"],
    ["NEL", "Hello\u0085world"],
    ["DEL", "Hello\u007F"],
    ["an override", "Hello \u202Edlrow"],
    ["a lone surrogate", "Hello \udfff"],
  ])("finds %s hidden in a multi-line text", (_why, value) => {
    expect(hiddenTextProblem(value, "multiline")).toBe("hidden");
  });

  it("allows tabs and line breaks in a multi-line text", () => {
    expect(hiddenTextProblem("Line one\n\tLine two\r\nLine three", "multiline")).toBeUndefined();
    expect(hiddenTextProblem("Line one\u2028Line two", "multiline")).toBeUndefined();
  });

  it("finds the Unicode line and paragraph separators hidden in a one-line text", () => {
    expect(hiddenTextProblem("Ada\u2028Lovelace", "line")).toBe("hidden");
    expect(hiddenTextProblem("Acme\u2029Ltd", "line")).toBe("hidden");
  });

  it.each([
    ["zero-width spaces", "\u200B\u200B"],
    ["a zero-width non-joiner", "\u200C"],
    ["a zero-width joiner", "\u200D"],
    ["a word joiner", "\u2060"],
    ["a byte order mark", "\uFEFF"],
    ["LRM and RLM", "\u200E\u200F"],
    ["the Hangul filler U+3164", "\u3164"],
    ["the Hangul choseong filler U+115F", "\u115F"],
    ["the halfwidth Hangul filler U+FFA0", "\uFFA0"],
    ["a soft hyphen", "\u00AD"],
    ["the braille blank U+2800", "\u2800\u2800"],
    ["a variation selector", "\uFE0F"],
    ["an ideographic space", "\u3000"],
    ["a tag character", "\u{E0041}"],
    ["white space and format characters mixed", " \u200B\u00A0\u2060 "],
  ])("finds %s invisible-only", (_why, value) => {
    expect(hiddenTextProblem(value, "line")).toBe("invisible-only");
    expect(hiddenTextProblem(value, "multiline")).toBe("invisible-only");
  });

  it("finds a message of nothing but blank lines and joiners invisible-only", () => {
    expect(hiddenTextProblem("\u200B\n\t\u200D", "multiline")).toBe("invisible-only");
  });

  it.each([
    ["an empty value (the required check's job)", ""],
    ["a plain name", "Ada"],
    ["an Arabic name", "ليلى"],
    ["an Arabic name with a right-to-left mark", "ليلى\u200F"],
    ["a Hebrew name with a left-to-right mark", "\u200Eדנה"],
    ["a Persian word with a zero-width non-joiner", "می‌خواهم"],
    ["Hindi with a zero-width joiner", "क्‍षमा"],
    ["an emoji family joined with zero-width joiners", "👨‍👩‍👧‍👦"],
    ["an emoji with a variation selector", "❤️"],
    ["a name in NFD", "Zoe\u0301"],
    ["a soft hyphen inside a word", "Donau\u00ADdampf"],
    ["a braille word", "⠁⠃⠉"],
  ])("accepts %s", (_why, value) => {
    expect(hiddenTextProblem(value, "line")).toBeUndefined();
    expect(hiddenTextProblem(value, "multiline")).toBeUndefined();
  });
});

describe("hasUnseenCharacter", () => {
  it.each(["a\u200Bb", "a\u202Eb", "a\u0000b", "a\ud800b", "a b", "a\u00A0b", "a\u00ADb", "a\u3164b", "a\u2800b", "a\u200Eb", "a\u200Db"])(
    "finds one in %j",
    (value) => {
      expect(hasUnseenCharacter(value)).toBe(true);
    },
  );

  it.each(["josé@exámple.com", "用户@例子.广告", "asha@example.com"])("finds none in %j", (value) => {
    expect(hasUnseenCharacter(value)).toBe(false);
  });
});

describe("hostile input", () => {
  const SIZE = 100_000;
  const hostile: [string, string][] = [
    ["zero-width spaces", "\u200B".repeat(SIZE)],
    ["zero-width spaces and white space alternating", "\u200B ".repeat(SIZE / 2)],
    ["line feeds", "\n".repeat(SIZE)],
    ["tabs and line feeds alternating", "\t\n".repeat(SIZE / 2)],
    ["visible letters, then an override at the very end", `${"a".repeat(SIZE - 1)}\u202E`],
    ["joiners between letters", "a\u200D".repeat(SIZE / 2)],
    ["surrogate pairs", "😀".repeat(SIZE / 2)],
  ];

  // Linear work takes a few milliseconds; quadratic work on 100,000 characters
  // would take minutes. The bound sits far from both, so a busy machine cannot trip it.
  it.each(hostile)("classifies 100,000 characters of %s in well under 500 ms", (_why, value) => {
    expect(value).toHaveLength(SIZE);
    const started = performance.now();
    hiddenTextProblem(value, "line");
    hiddenTextProblem(value, "multiline");
    hasUnseenCharacter(value);
    cleanText(value);
    expect(performance.now() - started).toBeLessThan(500);
  });
});
