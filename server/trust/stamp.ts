import fontkit from "@pdf-lib/fontkit";
import { degrees, PDFDocument, PDFName, PDFOperator, rgb, type PDFFont, type PDFPage } from "pdf-lib";

/**
 * Stamps a gated document for one requester (requirement TRUST-5): every page
 * carries their name, company, address, the date and the request id, at the
 * top and across the page, so a copy that travels says whose it was.
 */

export interface StampDetails {
  name: string;
  company: string;
  email: string;
  requestId: string;
  date: Date;
}

/** A font the stamp may draw with, and which characters it has. */
export interface StampFont {
  bytes: Uint8Array;
  has(codePoint: number): boolean;
}

interface FontkitFont {
  hasGlyphForCodePoint(codePoint: number): boolean;
}

/** Reads a font file (TTF, OTF or WOFF) once, at start-up. */
export function stampFont(bytes: Uint8Array): StampFont {
  const font = fontkit.create(Buffer.from(bytes)) as unknown as FontkitFont;
  return { bytes, has: (codePoint) => font.hasGlyphForCodePoint(codePoint) };
}

/** A character no stamp font has is drawn as this; the document's metadata keeps the exact text. */
const MISSING = "?";
const SIZE = 7;
const LINE_HEIGHT = 9;
const MARGIN = 36;
const INK = rgb(0.31, 0.27, 0.9);

interface Run {
  font: PDFFont;
  text: string;
}

/** The first of `fonts` that draws `character`, if any does. */
function firstFontOf(fonts: readonly StampFont[], character: string): StampFont | undefined {
  const codePoint = character.codePointAt(0) ?? 0;
  return fonts.find((font) => font.has(codePoint));
}

/** The text cut into runs, each in the first font that has its characters. */
function runs(text: string, fonts: readonly { embedded: PDFFont; source: StampFont }[]): Run[] {
  const result: Run[] = [];
  for (const character of text) {
    const source = firstFontOf(
      fonts.map((font) => font.source),
      character,
    );
    const match = fonts.find((font) => font.source === source);
    const font = match?.embedded ?? fonts[0]?.embedded;
    if (!font) throw new Error("the stamp has no font");
    const drawn = match ? character : MISSING;
    const last = result.at(-1);
    if (last?.font === font) last.text += drawn;
    else result.push({ font, text: drawn });
  }
  return result;
}

function width(line: readonly Run[], size: number): number {
  return line.reduce((sum, run) => sum + run.font.widthOfTextAtSize(run.text, size), 0);
}

/** Breaks runs into lines no wider than `maxWidth`, character by character: linear in the text, whatever it holds. */
function wrap(text: readonly Run[], size: number, maxWidth: number): Run[][] {
  const lines: Run[][] = [[]];
  let used = 0;
  for (const run of text) {
    for (const character of run.text) {
      const advance = run.font.widthOfTextAtSize(character, size);
      let line = lines[lines.length - 1] ?? [];
      if (used + advance > maxWidth && line.length > 0) {
        line = [];
        lines.push(line);
        used = 0;
      }
      const last = line.at(-1);
      if (last?.font === run.font) last.text += character;
      else line.push({ font: run.font, text: character });
      used += advance;
    }
  }
  return lines;
}

function drawLine(page: PDFPage, line: readonly Run[], x: number, y: number, size: number, options: { opacity?: number; rotate?: number } = {}): void {
  let offset = 0;
  const angle = ((options.rotate ?? 0) * Math.PI) / 180;
  for (const run of line) {
    page.drawText(run.text, {
      x: x + offset * Math.cos(angle),
      y: y + offset * Math.sin(angle),
      size,
      font: run.font,
      color: INK,
      opacity: options.opacity ?? 1,
      rotate: degrees(options.rotate ?? 0),
    });
    offset += run.font.widthOfTextAtSize(run.text, size);
  }
}

/** Page furniture, not content: assistive technology reads the document, not the stamp, on every page. */
function asArtifact(page: PDFPage, draw: () => void): void {
  page.pushOperators(PDFOperator.of("BMC" as never, [PDFName.of("Artifact")]));
  draw();
  page.pushOperators(PDFOperator.of("EMC" as never));
}

function stampLines(details: StampDetails): string[] {
  const date = details.date.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
  return [
    `Prepared for ${details.name}, ${details.company} (${details.email})`,
    `Downloaded ${date} · Request ${details.requestId} · Confidential under the Veilvault Trust Center non-disclosure terms`,
  ];
}

/** The document with every page stamped; `fonts` in the order they are tried for each character. */
export async function stampPdf(source: Uint8Array, details: StampDetails, fonts: readonly StampFont[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.load(source);
  pdf.registerFontkit(fontkit);
  const lines = stampLines(details);
  const watermarkText = `${details.name} · ${details.company}`;
  // Only the fonts the stamp's characters need are embedded: most stamps need Latin alone.
  const used = new Set([...lines, watermarkText].flatMap((text) => Array.from(text).map((character) => firstFontOf(fonts, character))));
  const needed = fonts.filter((font, index) => index === 0 || used.has(font));
  const embedded = await Promise.all(needed.map(async (font) => ({ embedded: await pdf.embedFont(font.bytes, { subset: true }), source: font })));
  const header = lines.map((line) => runs(line, embedded));
  const watermark = runs(watermarkText, embedded);
  for (const page of pdf.getPages()) {
    const { width: pageWidth, height: pageHeight } = page.getSize();
    const wrapped = header.flatMap((line) => wrap(line, SIZE, pageWidth - 2 * MARGIN));
    asArtifact(page, () => {
      wrapped.forEach((line, index) => drawLine(page, line, MARGIN, pageHeight - 20 - index * LINE_HEIGHT, SIZE));
      // Across the page, faint, shrunk to fit its diagonal.
      const diagonal = Math.hypot(pageWidth, pageHeight) * 0.7;
      const size = Math.min(28, (28 * diagonal) / Math.max(1, width(watermark, 28)));
      const angle = (Math.atan2(pageHeight, pageWidth) * 180) / Math.PI;
      const length = width(watermark, size);
      const radians = (angle * Math.PI) / 180;
      const x = pageWidth / 2 - (length / 2) * Math.cos(radians);
      const y = pageHeight / 2 - (length / 2) * Math.sin(radians);
      drawLine(page, watermark, x, y, size, { opacity: 0.12, rotate: angle });
    });
  }
  // The exact text, whatever the fonts could draw, where a viewer's properties show it.
  pdf.setSubject(`Prepared for ${details.name}, ${details.company} (${details.email}); request ${details.requestId}`);
  pdf.setKeywords(["confidential", `request ${details.requestId}`]);
  pdf.setModificationDate(details.date);
  return pdf.save({ useObjectStreams: false });
}
