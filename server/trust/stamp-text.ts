import bidiFactory from "bidi-js";
import type { Glyph, GlyphPosition, GlyphRun } from "@pdf-lib/fontkit";
import { StampFonts, type StampFont } from "./stamp-fonts.ts";

/**
 * Lays out the stamp's text (requirement TRUST-10) as a browser would: each
 * character in a font that draws it, right-to-left scripts ordered by the
 * Unicode Bidirectional Algorithm within the English line, and each piece
 * shaped by fontkit, so Arabic letters join and Indic vowel signs and
 * conjuncts take their places. The result is glyphs and their positions,
 * left to right, ready to draw.
 */

const bidi = bidiFactory();

/** Drawn for a character no stamp font has; the document's metadata keeps the exact text. */
export const MISSING = "?";

/** One font, one direction, shaped: glyphs in drawing order, left to right, with positions in font units. */
export interface ShapedRun {
  font: StampFont;
  glyphs: Glyph[];
  positions: GlyphPosition[];
  /** The run's width in font units. */
  advance: number;
  /**
   * The run's text, where reading its glyphs in order would not give it back
   * (an Indic vowel sign drawn before its consonant): PDF's ActualText.
   */
  actualText: string | undefined;
}

/** fontkit 1.1 takes a script, language and direction after the features; its type declarations omit them. */
type Layout = (text: string, features: string[] | Record<string, boolean>, script: undefined, language: undefined, direction: "ltr" | "rtl") => GlyphRun;

/** The positioning features, off: fontkit fails on some fonts' positioning data (a null mark anchor in Noto Sans Gurmukhi). */
const NO_POSITIONING = { kern: false, mark: false, mkmk: false, abvm: false, blwm: false, dist: false, curs: false };

/**
 * `text` shaped in `font`. Should fontkit fail on the font's positioning
 * data, the glyphs are shaped without it (marks in their default places);
 * should it fail on shaping itself, the characters' own glyphs are drawn in
 * order. A name is always drawn, at worst less well.
 */
function layoutRun(font: StampFont, text: string, direction: "ltr" | "rtl"): GlyphRun | { glyphs: Glyph[]; positions: GlyphPosition[] } {
  const layout = font.font.layout.bind(font.font) as unknown as Layout;
  for (const features of [[], NO_POSITIONING]) {
    try {
      return layout(text, features, undefined, undefined, direction);
    } catch {
      // Try the next, simpler way.
    }
  }
  const glyphs = font.font.glyphsForString(text);
  if (direction === "rtl") glyphs.reverse();
  return { glyphs, positions: glyphs.map((glyph) => ({ xAdvance: glyph.advanceWidth, yAdvance: 0, xOffset: 0, yOffset: 0 })) };
}

/** Characters that belong with what precedes them: a mark, a joiner, a space or punctuation inside a word of another script. */
const FOLLOWS = /[\p{M}\p{Default_Ignorable_Code_Point}\p{Zs}\p{P}\p{S}]/u;

interface Piece {
  start: number;
  end: number;
  font: StampFont;
  level: number;
}

/** `text` with every character no font draws replaced, and the font of each piece of it. */
function pieces(text: string, fonts: StampFonts): { drawn: string; pieces: Piece[] } {
  const preferred = StampFonts.preferences(text);
  let drawn = "";
  const chosen: { start: number; end: number; font: StampFont }[] = [];
  let previous: StampFont | undefined;
  for (const character of text) {
    const codePoint = character.codePointAt(0) ?? 0;
    let font = previous && FOLLOWS.test(character) && fonts.has(previous, codePoint) ? previous : fonts.fontFor(codePoint, preferred);
    let shown = character;
    if (!font) {
      font = fonts.fallback();
      shown = MISSING;
    }
    chosen.push({ start: drawn.length, end: drawn.length + shown.length, font });
    drawn += shown;
    previous = font;
  }
  const { levels } = bidi.getEmbeddingLevels(drawn, "ltr");
  const result: Piece[] = [];
  for (const { start, end, font } of chosen) {
    const level = levels[start] ?? 0;
    const last = result.at(-1);
    if (last && last.font === font && last.level === level) last.end = end;
    else result.push({ start, end, font, level });
  }
  return { drawn, pieces: result };
}

function shape(piece: Piece, text: string): ShapedRun {
  const rtl = piece.level % 2 === 1;
  // A right-to-left piece shows brackets and the like mirrored.
  const shown = rtl ? Array.from(text, (character) => bidi.getMirroredCharacter(character) ?? character).join("") : text;
  const run = layoutRun(piece.font, shown, rtl ? "rtl" : "ltr");
  const advance = run.positions.reduce((sum, position) => sum + position.xAdvance, 0);
  const read = run.glyphs.map((glyph) => String.fromCodePoint(...glyph.codePoints)).join("");
  // Right to left, readers put the glyphs back in logical order themselves.
  return { font: piece.font, glyphs: run.glyphs, positions: run.positions, advance, actualText: !rtl && read !== shown ? shown : undefined };
}

/** The pieces that fall within [start, end), cut to it. */
function within(all: readonly Piece[], start: number, end: number): Piece[] {
  return all.filter((piece) => piece.end > start && piece.start < end).map((piece) => ({ ...piece, start: Math.max(start, piece.start), end: Math.min(end, piece.end) }));
}

/** Unicode's rule L2: from the highest level down to the lowest odd one, reverse every stretch at that level or above. */
function visualOrder(line: readonly Piece[]): Piece[] {
  const result = [...line];
  const levels = result.map((piece) => piece.level);
  const lowestOdd = Math.min(...levels.filter((level) => level % 2 === 1));
  for (let level = Math.max(...levels); level >= lowestOdd; level -= 1) {
    const at = (index: number) => result[index]?.level ?? -1;
    for (let index = 0; index < result.length; ) {
      if (at(index) < level) {
        index += 1;
        continue;
      }
      let end = index;
      while (end < result.length && at(end) >= level) end += 1;
      result.splice(index, end - index, ...result.slice(index, end).reverse());
      index = end;
    }
  }
  return result;
}

/** Where a line may break: after each space, or, inside a word too long for a line, between graphemes. */
function chunks(text: string): { start: number; end: number }[] {
  const result: { start: number; end: number }[] = [];
  let start = 0;
  for (const match of text.matchAll(/\s+/gu)) {
    const end = match.index + match[0].length;
    result.push({ start, end });
    start = end;
  }
  if (start < text.length) result.push({ start, end: text.length });
  return result;
}

const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });

/**
 * `text` laid out in lines no wider than `maxWidth` (in points at `size`),
 * each line's runs left to right. A line breaks after a space, or inside a
 * word wider than a whole line, between graphemes; widths are measured per
 * word, so the work is linear in the text.
 */
export function layoutText(text: string, fonts: StampFonts, size: number, maxWidth = Number.POSITIVE_INFINITY): ShapedRun[][] {
  const { drawn, pieces: all } = pieces(text, fonts);
  const width = (start: number, end: number) =>
    within(all, start, end).reduce((sum, piece) => sum + (shape(piece, drawn.slice(piece.start, piece.end)).advance * size) / piece.font.font.unitsPerEm, 0);
  const lines: { start: number; end: number }[] = [];
  let line = { start: 0, end: 0 };
  let used = 0;
  const place = (start: number, end: number, advance: number) => {
    if (used + advance > maxWidth && line.end > line.start) {
      lines.push(line);
      line = { start, end: start };
      used = 0;
    }
    line.end = end;
    used += advance;
  };
  for (const chunk of chunks(drawn)) {
    const advance = width(chunk.start, chunk.end);
    if (advance <= maxWidth) {
      place(chunk.start, chunk.end, advance);
      continue;
    }
    for (const { index, segment } of graphemes.segment(drawn.slice(chunk.start, chunk.end))) {
      const start = chunk.start + index;
      place(start, start + segment.length, width(start, start + segment.length));
    }
  }
  if (line.end > line.start) lines.push(line);
  return lines.map(({ start, end }) => visualOrder(within(all, start, end)).map((piece) => shape(piece, drawn.slice(piece.start, piece.end))));
}

/** A line's width in points at `size`. */
export function lineWidth(line: readonly ShapedRun[], size: number): number {
  return line.reduce((sum, run) => sum + (run.advance * size) / run.font.font.unitsPerEm, 0);
}
