import { PDFDocument, PDFName, PDFNumber } from "pdf-lib";
import { EmbeddedFont, lineOperators, operator } from "./stamp-embed.ts";
import type { StampFonts } from "./stamp-fonts.ts";
import { layoutText, lineWidth, type ShapedRun } from "./stamp-text.ts";

/**
 * Stamps a gated document for one requester (requirements TRUST-5, TRUST-10):
 * every page carries their name, company, address, the date and the request
 * id, at the top and across the page, in whatever script they wrote them, so
 * a copy that travels says whose it was. Runs in a stamping worker, never on
 * the server's event loop (stamp-pool.ts).
 */

export interface StampDetails {
  name: string;
  company: string;
  email: string;
  requestId: string;
  date: Date;
}

const SIZE = 7;
const LINE_HEIGHT = 9;
const MARGIN = 36;
/** The watermark's largest size; a long name is drawn smaller, to fit the page's diagonal. */
const WATERMARK_SIZE = 28;
const WATERMARK_OPACITY = 0.12;
const INK = [0.31, 0.27, 0.9];

/** A subset's name tag: six capitals, one per font in the document (ISO 32000 9.6.4). */
function subsetTag(index: number): string {
  return `VVST${String.fromCharCode(65 + (Math.floor(index / 26) % 26))}${String.fromCharCode(65 + (index % 26))}`;
}

function stampLines(details: StampDetails): string[] {
  const date = details.date.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
  return [
    `Prepared for ${details.name}, ${details.company} (${details.email})`,
    `Downloaded ${date} · Request ${details.requestId} · Confidential under the Veilvault Trust Center non-disclosure terms`,
  ];
}

/** The document with every page stamped in the fonts its text needs, each embedded as a subset of the glyphs drawn. */
export async function stampPdf(source: Uint8Array, details: StampDetails, fonts: StampFonts): Promise<Uint8Array> {
  const pdf = await PDFDocument.load(source);
  const texts = stampLines(details);
  const watermark = layoutText(`${details.name} · ${details.company}`, fonts, WATERMARK_SIZE)[0] ?? [];
  const headers = new Map<number, ShapedRun[][]>();
  const embedded = new Map<string, EmbeddedFont>();
  const embed = (run: ShapedRun): EmbeddedFont => {
    let font = embedded.get(run.font.file);
    if (!font) {
      font = new EmbeddedFont(pdf, run.font, subsetTag(embedded.size));
      embedded.set(run.font.file, font);
    }
    return font;
  };
  for (const page of pdf.getPages()) {
    const { width: pageWidth, height: pageHeight } = page.getSize();
    // Pages of one size share a layout.
    let header = headers.get(pageWidth);
    if (!header) {
      header = texts.flatMap((text) => layoutText(text, fonts, SIZE, pageWidth - 2 * MARGIN));
      headers.set(pageWidth, header);
    }
    const keys = new Map<EmbeddedFont, PDFName>();
    const keyed = (line: readonly ShapedRun[]) =>
      line.map((run) => {
        const font = embed(run);
        let fontKey = keys.get(font);
        if (!fontKey) {
          fontKey = page.node.newFontDictionary("VvStamp", font.ref);
          keys.set(font, fontKey);
        }
        return { run, font, fontKey };
      });
    const faint = page.node.newExtGState("VvStampGS", pdf.context.obj({ Type: "ExtGState", ca: WATERMARK_OPACITY }));
    // Across the page, faint, shrunk to fit its diagonal.
    const diagonal = Math.hypot(pageWidth, pageHeight) * 0.7;
    const size = Math.min(WATERMARK_SIZE, (WATERMARK_SIZE * diagonal) / Math.max(1, lineWidth(watermark, WATERMARK_SIZE)));
    const angle = (Math.atan2(pageHeight, pageWidth) * 180) / Math.PI;
    const length = lineWidth(watermark, size);
    const radians = (angle * Math.PI) / 180;
    // Page furniture, not content: assistive technology reads the document, not the stamp, on every page.
    page.pushOperators(
      operator("BMC", PDFName.of("Artifact")),
      operator("q"),
      operator("rg", ...INK.map((value) => PDFNumber.of(value))),
      ...header.flatMap((line, index) => lineOperators(pdf, keyed(line), { x: MARGIN, y: pageHeight - 20 - index * LINE_HEIGHT, size: SIZE, angle: 0 })),
      operator("gs", faint),
      ...lineOperators(pdf, keyed(watermark), {
        x: pageWidth / 2 - (length / 2) * Math.cos(radians),
        y: pageHeight / 2 - (length / 2) * Math.sin(radians),
        size,
        angle,
      }),
      operator("Q"),
      operator("EMC"),
    );
  }
  for (const font of embedded.values()) await font.embed();
  // The exact text, whatever the fonts could draw, where a viewer's properties show it.
  pdf.setSubject(`Prepared for ${details.name}, ${details.company} (${details.email}); request ${details.requestId}`);
  pdf.setKeywords(["confidential", `request ${details.requestId}`]);
  pdf.setModificationDate(details.date);
  return pdf.save({ useObjectStreams: false });
}
