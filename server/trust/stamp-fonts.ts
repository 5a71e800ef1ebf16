import { readFileSync } from "node:fs";
import { join } from "node:path";
import fontkit from "@pdf-lib/fontkit";
import type { Font } from "@pdf-lib/fontkit";
import type { StampFontEntry } from "../../common/trust-center.ts";
// fontkit's Indic shaper was compiled to generators that expect this global (pdf-lib issues #785, #1419).
import "regenerator-runtime/runtime.js";

/**
 * The stamp's fonts (requirement TRUST-10): the build's TrueType files and
 * the code points each draws, opened only when a name needs one. Dozens of
 * CJK slices stay on disk until a name uses a character they hold.
 */

/** One font the stamp may draw with. */
export interface StampFont {
  /** Its file: the same file is the same font. */
  readonly file: string;
  readonly family: string;
  readonly font: Font;
}

/** Kept open at once; a stamp needs a handful, a long CJK name a few dozen. */
const OPEN_FONTS = 64;

/** Inter's weight: the Noto families are variable, and drawn at the same weight (their default is often Thin). */
const WEIGHT = 500;

/** What fontkit 1.1 offers for variable fonts, which its type declarations omit. */
interface VariableFont {
  variationAxes: Record<string, { min: number; default: number; max: number } | undefined>;
  getVariation(settings: Record<string, number>): Font;
}

const CJK_FAMILIES = new Set(["noto-sans-sc", "noto-sans-jp", "noto-sans-kr", "noto-sans-tc"]);

/** Han ideographs are in every CJK family: a line with kana is drawn in Japanese forms, one with hangul in Korean. */
const CJK_PREFERENCES: readonly { pattern: RegExp; family: string }[] = [
  { pattern: /[\p{Script=Hiragana}\p{Script=Katakana}]/u, family: "noto-sans-jp" },
  { pattern: /\p{Script=Hangul}/u, family: "noto-sans-kr" },
];

function covers(ranges: readonly (readonly [number, number])[], codePoint: number): boolean {
  let low = 0;
  let high = ranges.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const [first, last] = ranges[middle] ?? [0, -1];
    if (codePoint < first) high = middle - 1;
    else if (codePoint > last) low = middle + 1;
    else return true;
  }
  return false;
}

export class StampFonts {
  private readonly dir: string;
  private readonly entries: readonly StampFontEntry[];
  private readonly first: StampFontEntry;
  /** Open fonts by file, least recently used first. */
  private readonly open = new Map<string, StampFont>();

  constructor(dir: string, entries: readonly StampFontEntry[]) {
    const [first] = entries;
    if (!first) throw new Error("the stamp has no font");
    this.first = first;
    this.dir = dir;
    this.entries = entries;
  }

  /** The families `text` prefers to the usual order, for characters several families draw. */
  static preferences(text: string): string[] {
    return CJK_PREFERENCES.filter(({ pattern }) => pattern.test(text)).map(({ family }) => family);
  }

  /** The first font that draws `codePoint`, or for a CJK character one of the `preferred` CJK families; undefined when none does. */
  fontFor(codePoint: number, preferred: readonly string[] = []): StampFont | undefined {
    let entry = this.entries.find((candidate) => covers(candidate.ranges, codePoint));
    if (entry && CJK_FAMILIES.has(entry.family) && preferred.length > 0) {
      entry = this.entries.find((candidate) => preferred.includes(candidate.family) && covers(candidate.ranges, codePoint)) ?? entry;
    }
    return entry && this.load(entry);
  }

  /** Whether `font` draws `codePoint`. */
  has(font: StampFont, codePoint: number): boolean {
    const entry = this.entries.find((candidate) => candidate.file === font.file);
    return entry !== undefined && covers(entry.ranges, codePoint);
  }

  /** The font a character no font draws is replaced in. */
  fallback(): StampFont {
    return this.load(this.first);
  }

  private load(entry: StampFontEntry): StampFont {
    const found = this.open.get(entry.file);
    if (found) {
      this.open.delete(entry.file);
      this.open.set(entry.file, found);
      return found;
    }
    const opened = fontkit.create(readFileSync(join(this.dir, entry.file)));
    const weight = (opened as unknown as VariableFont).variationAxes.wght;
    const instance = weight ? (opened as unknown as VariableFont).getVariation({ wght: Math.min(weight.max, Math.max(weight.min, WEIGHT)) }) : opened;
    const font: StampFont = { file: entry.file, family: entry.family, font: instance };
    this.open.set(entry.file, font);
    const [oldest] = this.open.keys();
    if (this.open.size > OPEN_FONTS && oldest !== undefined) this.open.delete(oldest);
    return font;
  }
}
