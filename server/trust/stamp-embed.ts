import type { Glyph, Path, Subset } from "@pdf-lib/fontkit";
import { PDFHexString, PDFName, PDFNumber, PDFOperator, PDFString, type PDFDocument, type PDFRef } from "pdf-lib";
import type { StampFont } from "./stamp-fonts.ts";
import type { ShapedRun } from "./stamp-text.ts";

/**
 * Draws shaped glyphs into a PDF with their positions (requirement TRUST-10).
 * pdf-lib's own `drawText` shapes a string again and drops the positions
 * shaping gives, which puts Arabic dots and Indic marks in the wrong place;
 * here each font is embedded as a subset of exactly the glyphs drawn (a
 * Type 0 font, Identity-H), and each glyph goes where the layout put it.
 */

/** The name a font is embedded under: its family at the stamp's weight ("noto-sans-sc" is NotoSansSC-Medium). */
function fontName(family: string): string {
  const words = family.split("-").map((word) => (word.length === 2 ? word.toUpperCase() : `${word.charAt(0).toUpperCase()}${word.slice(1)}`));
  return `${words.join("")}-Medium`;
}

/** A font of the stamp as one document embeds it: the glyphs drawn so far, written once the pages are done. */
export class EmbeddedFont {
  readonly ref: PDFRef;
  private readonly pdf: PDFDocument;
  private readonly source: StampFont;
  private readonly name: string;
  private readonly subset: Subset;
  /** Subset glyph ids by the font's own, and the glyphs in subset order (id 1 first; 0 is .notdef). */
  private readonly ids = new Map<number, number>();
  private readonly glyphs: Glyph[] = [];

  constructor(pdf: PDFDocument, source: StampFont, tag: string) {
    this.pdf = pdf;
    this.source = source;
    this.ref = pdf.context.nextRef();
    this.name = `${tag}+${fontName(source.family)}`;
    this.subset = source.font.createSubset();
    // fontkit 1.1 re-encodes the outlines of a variable font's instance with an encoder that drops a
    // contour's last repeat count and fractional coordinates, which draws some glyphs far off the
    // page (Gujarati ma, Thai ko ko); the subset takes ours instead.
    const encoder = (this.subset as Subset & { glyphEncoder?: { encodeSimple: (path: Path) => Uint8Array } }).glyphEncoder;
    // fontkit's streams take only its own Buffer class, the one its font's bytes are held in.
    const ownBuffer = (source.font as unknown as { stream?: { buffer?: { constructor: { from(bytes: Uint8Array): Uint8Array } } } }).stream?.buffer?.constructor;
    if (encoder && ownBuffer) encoder.encodeSimple = (path) => ownBuffer.from(encodeSimpleGlyph(path));
  }

  /** The glyph's code in this font, four hex digits (its id in the subset). */
  code(glyph: Glyph): string {
    let id = this.ids.get(glyph.id);
    if (id === undefined) {
      id = this.subset.includeGlyph(glyph);
      this.ids.set(glyph.id, id);
      this.glyphs[id - 1] = glyph;
    }
    return id.toString(16).padStart(4, "0");
  }

  /** Writes the font's objects: the subset's file, its descriptor and widths, and the map from glyphs back to text. */
  async embed(): Promise<void> {
    const { context } = this.pdf;
    const { font } = this.source;
    const scale = 1000 / font.unitsPerEm;
    const bytes = await subsetBytes(this.subset);
    const file = context.register(context.flateStream(bytes, { Length1: bytes.length }));
    const { minX, minY, maxX, maxY } = font.bbox;
    const descriptor = context.register(
      context.obj({
        Type: "FontDescriptor",
        FontName: this.name,
        // Symbolic: its glyphs are named by id, not by a standard encoding.
        Flags: 4,
        FontBBox: [minX * scale, minY * scale, maxX * scale, maxY * scale],
        ItalicAngle: font.italicAngle,
        Ascent: font.ascent * scale,
        Descent: font.descent * scale,
        CapHeight: (font.capHeight || font.ascent) * scale,
        StemV: 80,
        FontFile2: file,
      }),
    );
    const widths = this.glyphs.map((glyph) => Math.round(glyph.advanceWidth * scale));
    const descendant = context.register(
      context.obj({
        Type: "Font",
        Subtype: "CIDFontType2",
        BaseFont: this.name,
        CIDSystemInfo: { Registry: PDFString.of("Adobe"), Ordering: PDFString.of("Identity"), Supplement: 0 },
        FontDescriptor: descriptor,
        W: [1, widths],
        CIDToGIDMap: "Identity",
      }),
    );
    const toUnicode = context.register(context.flateStream(unicodeMap(this.glyphs)));
    context.assign(
      this.ref,
      context.obj({ Type: "Font", Subtype: "Type0", BaseFont: this.name, Encoding: "Identity-H", DescendantFonts: [descendant], ToUnicode: toUnicode }),
    );
  }
}

interface Point {
  x: number;
  y: number;
  onCurve: boolean;
}

/** The points of a TrueType outline, contour by contour, on the integer grid the format has. */
function contours(path: Path): Point[][] {
  const result: Point[][] = [];
  let current: Point[] = [];
  const point = (x: number | undefined, y: number | undefined, onCurve: boolean) => current.push({ x: Math.round(x ?? 0), y: Math.round(y ?? 0), onCurve });
  const close = () => {
    if (current.length > 0) result.push(current);
    current = [];
  };
  // fontkit's paths: a TrueType outline has no cubic curves.
  for (const { command, args } of (path as Path & { commands: { command: string; args: number[] }[] }).commands) {
    if (command === "moveTo") {
      close();
      point(args[0], args[1], true);
    } else if (command === "lineTo") point(args[0], args[1], true);
    else if (command === "quadraticCurveTo") {
      point(args[0], args[1], false);
      point(args[2], args[3], true);
    } else if (command === "closePath") close();
  }
  close();
  return result;
}

/**
 * A simple glyph's `glyf` entry (OpenType's glyf table, simple glyph
 * description): every point with its own flag and 16-bit deltas, no
 * hinting. A little larger than a packed one, and plainly right.
 */
export function encodeSimpleGlyph(path: Path): Uint8Array {
  const outline = contours(path);
  const points = outline.flat();
  const xs = points.map((point) => point.x);
  const ys = points.map((point) => point.y);
  const size = 10 + 2 * outline.length + 2 + points.length * 5;
  const bytes = Buffer.alloc(size + ((4 - (size % 4)) % 4));
  let offset = bytes.writeInt16BE(outline.length, 0);
  const box = points.length > 0 ? [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)] : [0, 0, 0, 0];
  for (const value of box) offset = bytes.writeInt16BE(value, offset);
  let end = -1;
  for (const contour of outline) offset = bytes.writeUInt16BE((end += contour.length), offset);
  offset = bytes.writeUInt16BE(0, offset);
  // ON_CURVE_POINT alone: x and y follow as signed 16-bit deltas.
  for (const point of points) offset = bytes.writeUInt8(point.onCurve ? 1 : 0, offset);
  for (const axis of [xs, ys]) {
    let last = 0;
    for (const value of axis) {
      offset = bytes.writeInt16BE(value - last, offset);
      last = value;
    }
  }
  return bytes;
}

function subsetBytes(subset: Subset): Promise<Uint8Array> {
  return new Promise((resolve) => {
    const parts: Uint8Array[] = [];
    subset
      .encodeStream()
      .on("data", (part) => parts.push(part))
      .on("end", () => resolve(Buffer.concat(parts)));
  });
}

function utf16Hex(codePoints: readonly number[]): string {
  return Array.from(String.fromCodePoint(...codePoints), (character) =>
    Array.from({ length: character.length }, (_, index) => character.charCodeAt(index).toString(16).padStart(4, "0")).join(""),
  ).join("");
}

/** The ToUnicode CMap: each glyph to the characters it stands for; a glyph that stands for none (a detached dot) maps to nothing. */
function unicodeMap(glyphs: readonly Glyph[]): string {
  const entries = glyphs.flatMap((glyph, index) =>
    glyph.codePoints.length > 0 ? [`<${(index + 1).toString(16).padStart(4, "0")}> <${utf16Hex(glyph.codePoints)}>`] : [],
  );
  const blocks: string[] = [];
  // The CMap format allows at most 100 entries to a block.
  for (let start = 0; start < entries.length; start += 100) {
    const block = entries.slice(start, start + 100);
    blocks.push(`${block.length} beginbfchar\n${block.join("\n")}\nendbfchar`);
  }
  return [
    "/CIDInit /ProcSet findresource begin",
    "12 dict begin",
    "begincmap",
    "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def",
    "/CMapName /Adobe-Identity-UCS def",
    "/CMapType 2 def",
    "1 begincodespacerange",
    "<0000> <FFFF>",
    "endcodespacerange",
    ...blocks,
    "endcmap",
    "CMapName currentdict /CMap defineresource pop",
    "end",
    "end",
  ].join("\n");
}

/** What an operator takes; a marked-content property list (a dictionary) is written like the rest, though the type omits it. */
export type OperatorArg = NonNullable<Parameters<typeof PDFOperator.of>[1]>[number];
export const operator = (name: string, ...args: OperatorArg[]) => PDFOperator.of(name as never, args);
const number = (value: number) => PDFNumber.of(Math.round(value * 1000) / 1000);

/** Where and how a line is drawn: its start on the baseline, its size, and its angle in degrees. */
export interface Placement {
  x: number;
  y: number;
  size: number;
  angle: number;
}

/**
 * The operators that draw `line` (runs left to right) at `placement`, each
 * run in its font's resource `fontKey`. Glyphs that sit on the pen's path
 * go in one TJ with their advances; a glyph shaping moved off it (a mark)
 * gets a text matrix of its own.
 */
export function lineOperators(pdf: PDFDocument, line: readonly { run: ShapedRun; font: EmbeddedFont; fontKey: PDFName }[], placement: Placement): PDFOperator[] {
  const radians = (placement.angle * Math.PI) / 180;
  const cos = Math.cos(radians);
  const sin = Math.sin(radians);
  const matrix = (along: number, across: number) => [
    number(cos),
    number(sin),
    number(-sin),
    number(cos),
    number(placement.x + along * cos - across * sin),
    number(placement.y + along * sin + across * cos),
  ];
  const operators: PDFOperator[] = [];
  let pen = 0;
  for (const { run, font, fontKey } of line) {
    const scale = placement.size / run.font.font.unitsPerEm;
    if (run.actualText !== undefined) {
      const properties = pdf.context.obj({ ActualText: PDFHexString.fromText(run.actualText) });
      operators.push(operator("BDC", PDFName.of("Span"), properties as unknown as OperatorArg));
    }
    operators.push(operator("BT"), operator("Tf", fontKey, number(placement.size)));
    let pending: (PDFHexString | PDFNumber)[] = [];
    const flush = () => {
      if (pending.length > 0) operators.push(operator("TJ", pdf.context.obj(pending)));
      pending = [];
    };
    let onPath = false;
    run.glyphs.forEach((glyph, index) => {
      const position = run.positions[index] ?? { xAdvance: glyph.advanceWidth, xOffset: 0, yOffset: 0 };
      const code = PDFHexString.of(font.code(glyph));
      if (position.xOffset !== 0 || position.yOffset !== 0) {
        flush();
        operators.push(operator("Tm", ...matrix(pen + position.xOffset * scale, position.yOffset * scale)), operator("Tj", code));
        onPath = false;
      } else {
        if (!onPath) {
          flush();
          operators.push(operator("Tm", ...matrix(pen, 0)));
          onPath = true;
        }
        pending.push(code);
        // TJ has already moved the pen by the glyph's own width; the layout's advance may differ (kerning, marks).
        const adjustment = ((glyph.advanceWidth - position.xAdvance) * 1000) / run.font.font.unitsPerEm;
        if (Math.abs(adjustment) > 0.001) pending.push(number(adjustment));
      }
      pen += position.xAdvance * scale;
    });
    flush();
    operators.push(operator("ET"));
    if (run.actualText !== undefined) operators.push(operator("EMC"));
  }
  return operators;
}
