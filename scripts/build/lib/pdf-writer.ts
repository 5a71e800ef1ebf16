/**
 * What the site's PDFs share (the SOC 2 guide, the security overview, the
 * Trust Center's documents): A4 pages in the brand's type and colours, a
 * cover, and a writer that adds tagged blocks top to bottom.
 *
 * The PDFs are tagged: headings, paragraphs and lists sit in a structure tree
 * in reading order, decoration and page furniture are marked as artifacts, and
 * the document carries its language and title, so screen readers and reflow
 * work. Page breaks are taken only between blocks (`ensureSpace`), which keeps
 * every marked block on one page and the footer outside any of them.
 */
import { createRequire } from "node:module";
import PDFDocument from "pdfkit";
import { accentGradient, brandColors, brandMark } from "../../../app/site/brand.ts";

const require = createRequire(import.meta.url);

export interface PdfContext {
  siteName: string;
  siteUrl: string;
  language: string;
  /** The edition shown on the cover and stored as the creation date. */
  date: Date;
}

export type Doc = PDFKit.PDFDocument;
export type Struct = PDFKit.PDFStructureElement;

export const PAGE = { width: 595.28, height: 841.89 } as const;
export const MARGIN = { x: 64, top: 72, bottom: 72 } as const;
export const CONTENT_WIDTH = PAGE.width - 2 * MARGIN.x;
/** Where content must end: the footer lives below. */
const CONTENT_BOTTOM = PAGE.height - MARGIN.bottom;

export const FONT = { regular: "Inter", semibold: "Inter-SemiBold", bold: "Inter-Bold" } as const;
export const COLOR = {
  ink: brandColors.ink,
  text: brandColors.text,
  muted: brandColors.textMuted,
  surfaceMuted: brandColors.surfaceMuted,
  line: "#E2E8F0",
  accent: "#4F46E5",
  onInk: "#FFFFFF",
  onInkMuted: "#CBD5E1",
} as const;

export function registerFonts(doc: Doc): void {
  const file = (weight: number) => require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`);
  doc.registerFont(FONT.regular, file(400));
  doc.registerFont(FONT.semibold, file(600));
  doc.registerFont(FONT.bold, file(700));
}

/** Drawing that carries no content: backgrounds, rules, check boxes, the mark. */
export function artifact(doc: Doc, draw: () => void, type: "Layout" | "Pagination" = "Layout"): void {
  doc.markContent("Artifact", { type });
  doc.save();
  draw();
  doc.restore();
  doc.endMarkedContent();
}

export function accentFill(doc: Doc, x: number, y: number, width: number): PDFKit.PDFLinearGradient {
  const gradient = doc.linearGradient(x, y, x + width, y);
  for (const stop of accentGradient) gradient.stop(stop.offset, stop.color);
  return gradient;
}

function drawBrandMark(doc: Doc, x: number, y: number, size: number): void {
  const scale = size / brandMark.size;
  doc.save().translate(x, y).scale(scale);
  for (const element of brandMark.elements) {
    if (element.layer === "edge") continue;
    const path = doc.path(element.d);
    if (element.fill === "ink") path.fill(COLOR.ink);
    else if (element.fill === "accent") path.fill(accentFill(doc, 6, 0, 20), element.fillRule ?? "nonzero");
  }
  doc.restore();
}

/** One guide, written top to bottom; each method adds a block to the structure tree. */
export class GuideWriter {
  private pageNumber = 1;
  readonly doc: Doc;
  readonly root: Struct;
  private readonly footerText: string;

  constructor(doc: Doc, footerText: string) {
    this.doc = doc;
    this.footerText = footerText;
    this.root = doc.struct("Document");
    doc.addStructure(this.root);
  }

  newPage(): void {
    this.doc.addPage();
    this.pageNumber += 1;
    this.drawFooter();
    this.doc.x = MARGIN.x;
    this.doc.y = MARGIN.top;
  }

  private drawFooter(): void {
    const { doc } = this;
    const y = PAGE.height - MARGIN.bottom + 28;
    // Text below the bottom margin would make PDFKit start another page.
    const { margins } = doc.page;
    const bottom = margins.bottom;
    margins.bottom = 0;
    artifact(
      doc,
      () => {
        doc.moveTo(MARGIN.x, y - 12).lineTo(PAGE.width - MARGIN.x, y - 12).lineWidth(0.5).stroke(COLOR.line);
        doc.font(FONT.regular).fontSize(8.5).fillColor(COLOR.muted);
        doc.text(this.footerText, MARGIN.x, y, { width: CONTENT_WIDTH, lineBreak: false });
        doc.text(String(this.pageNumber), MARGIN.x, y, { width: CONTENT_WIDTH, align: "right", lineBreak: false });
      },
      "Pagination",
    );
    margins.bottom = bottom;
  }

  /** Starts a new page unless `height` more points fit on this one. */
  ensureSpace(height: number): void {
    if (this.doc.y + height > CONTENT_BOTTOM) this.newPage();
  }

  private textHeight(text: string, font: string, size: number, width = CONTENT_WIDTH, lineGap = 0): number {
    return this.doc.font(font).fontSize(size).heightOfString(text, { width, lineGap });
  }

  /** A chapter heading; chapters also become bookmarks. */
  h1(text: string, { eyebrow, startPage = false }: { eyebrow?: string; startPage?: boolean } = {}): void {
    const { doc } = this;
    if (startPage) this.newPage();
    else if (doc.y + 180 > CONTENT_BOTTOM) this.newPage();
    else doc.y += 24;
    doc.outline.addItem(text);
    if (eyebrow) {
      this.root.add(
        doc.struct("P", {}, () => {
          doc.font(FONT.semibold).fontSize(9).fillColor(COLOR.accent);
          doc.text(eyebrow.toUpperCase(), MARGIN.x, doc.y, { width: CONTENT_WIDTH });
        }),
      );
      doc.moveDown(0.4);
    }
    this.root.add(
      doc.struct("H1", {}, () => {
        doc.font(FONT.bold).fontSize(24).fillColor(COLOR.text);
        doc.text(text, MARGIN.x, doc.y, { width: CONTENT_WIDTH });
      }),
    );
    const ruleY = doc.y + 8;
    artifact(doc, () => doc.rect(MARGIN.x, ruleY, 56, 3).fill(accentFill(doc, MARGIN.x, ruleY, 56)));
    doc.y = ruleY + 22;
  }

  h2(text: string, keepWith = 60): void {
    const { doc } = this;
    this.ensureSpace(this.textHeight(text, FONT.semibold, 14) + keepWith);
    doc.moveDown(0.3);
    this.root.add(
      doc.struct("H2", {}, () => {
        doc.font(FONT.semibold).fontSize(14).fillColor(COLOR.text);
        doc.text(text, MARGIN.x, doc.y, { width: CONTENT_WIDTH });
      }),
    );
    doc.moveDown(0.35);
  }

  /** A subsection heading, kept with the lines after it. */
  h3(text: string, keepWith = 40): void {
    const { doc } = this;
    this.ensureSpace(this.textHeight(text, FONT.semibold, 11.5) + keepWith);
    doc.moveDown(0.2);
    this.root.add(
      doc.struct("H3", {}, () => {
        doc.font(FONT.semibold).fontSize(11.5).fillColor(COLOR.text);
        doc.text(text, MARGIN.x, doc.y, { width: CONTENT_WIDTH });
      }),
    );
    doc.moveDown(0.3);
  }

  paragraph(
    text: string,
    { size = 10.5, color = COLOR.text, font = FONT.regular }: { size?: number; color?: string; font?: string } = {},
  ): void {
    const { doc } = this;
    const lineGap = size * 0.45;
    this.ensureSpace(this.textHeight(text, font, size, CONTENT_WIDTH, lineGap));
    this.root.add(
      doc.struct("P", {}, () => {
        doc.font(font).fontSize(size).fillColor(color);
        doc.text(text, MARGIN.x, doc.y, { width: CONTENT_WIDTH, lineGap });
      }),
    );
    doc.moveDown(0.6);
  }

  /** A labelled line such as "Timeline: 6-8 weeks"; the label is part of the text read aloud. */
  labelled(label: string, value: string): void {
    const { doc } = this;
    this.ensureSpace(20);
    this.root.add(
      doc.struct("P", {}, () => {
        doc.font(FONT.semibold).fontSize(10.5).fillColor(COLOR.text);
        doc.text(`${label}: `, MARGIN.x, doc.y, { width: CONTENT_WIDTH, continued: true });
        doc.font(FONT.regular).fillColor(COLOR.muted).text(value);
      }),
    );
    doc.moveDown(0.3);
  }

  /** A list whose items start with a bullet or an empty check box, drawn as decoration. */
  list(items: readonly string[], marker: "bullet" | "checkbox" = "bullet"): void {
    const { doc } = this;
    const indent = 18;
    const width = CONTENT_WIDTH - indent;
    const list = doc.struct("L");
    this.root.add(list);
    for (const item of items) {
      this.ensureSpace(this.textHeight(item, FONT.regular, 10.5, width, 4) + 4);
      const top = doc.y;
      artifact(doc, () => {
        if (marker === "checkbox") doc.roundedRect(MARGIN.x, top + 2, 9, 9, 1.5).lineWidth(0.9).stroke(COLOR.accent);
        else doc.circle(MARGIN.x + 4, top + 6.5, 2).fill(COLOR.accent);
      });
      const entry = doc.struct("LI");
      list.add(entry);
      entry.add(
        doc.struct("LBody", {}, () => {
          doc.font(FONT.regular).fontSize(10.5).fillColor(COLOR.text);
          doc.text(item, MARGIN.x + indent, top, { width, lineGap: 4 });
        }),
      );
      entry.end();
      doc.y += 4;
    }
    list.end();
    doc.x = MARGIN.x;
    doc.moveDown(0.4);
  }

  /** A shaded box holding one paragraph, for notes the reader must not miss. */
  note(title: string, text: string): void {
    const { doc } = this;
    const padding = 16;
    const width = CONTENT_WIDTH - 2 * padding;
    const height =
      this.textHeight(title, FONT.semibold, 11, width) + 6 + this.textHeight(text, FONT.regular, 10, width, 4) + 2 * padding;
    this.ensureSpace(height + 12);
    const top = doc.y;
    artifact(doc, () => {
      doc.roundedRect(MARGIN.x, top, CONTENT_WIDTH, height, 10).fill(COLOR.surfaceMuted);
      doc.rect(MARGIN.x, top + 10, 3, height - 20).fill(COLOR.accent);
    });
    this.root.add(
      doc.struct("P", {}, () => {
        doc.font(FONT.semibold).fontSize(11).fillColor(COLOR.text);
        doc.text(title, MARGIN.x + padding, top + padding, { width });
        doc.moveDown(0.3);
        doc.font(FONT.regular).fontSize(10).fillColor(COLOR.muted);
        doc.text(text, MARGIN.x + padding, doc.y, { width, lineGap: 4 });
      }),
    );
    doc.x = MARGIN.x;
    doc.y = top + height + 16;
  }

  /** Figures side by side in tiles, each read as one paragraph ("5 Trust Services Criteria"). */
  figures(figures: readonly { value: string; label: string }[]): void {
    const { doc } = this;
    const gap = 12;
    const width = (CONTENT_WIDTH - gap * (figures.length - 1)) / figures.length;
    const height = 78;
    this.ensureSpace(height + 16);
    const top = doc.y;
    figures.forEach((figure, index) => {
      const x = MARGIN.x + index * (width + gap);
      artifact(doc, () => doc.roundedRect(x, top, width, height, 10).lineWidth(0.75).stroke(COLOR.line));
      this.root.add(
        doc.struct("P", {}, () => {
          // Long values ("12 months") shrink to stay on one line inside the tile.
          const size = Math.min(24, (24 * (width - 28)) / doc.font(FONT.bold).fontSize(24).widthOfString(figure.value));
          doc.font(FONT.bold).fontSize(size).fillColor(COLOR.accent);
          doc.text(figure.value, x + 14, top + 14 + (24 - size), { width: width - 28, lineBreak: false });
          doc.font(FONT.regular).fontSize(10).fillColor(COLOR.muted);
          doc.text(` ${figure.label}`, x + 14, top + 48, { width: width - 28 });
        }),
      );
    });
    doc.x = MARGIN.x;
    doc.y = top + height + 20;
  }

  link(label: string, url: string): void {
    const { doc } = this;
    this.ensureSpace(24);
    this.root.add(
      doc.struct("P", {}, () => {
        doc.font(FONT.semibold).fontSize(10.5).fillColor(COLOR.text);
        doc.text(`${label}: `, MARGIN.x, doc.y, { width: CONTENT_WIDTH, continued: true });
        doc.font(FONT.regular).fillColor(COLOR.accent).text(url, { link: url, underline: true });
      }),
    );
    doc.moveDown(0.4);
  }
}

/** The cover: the ink page with the mark, an eyebrow, the title, a subtitle, and the edition line with its notes. */
export function drawCover(doc: Doc, root: Struct, cover: { eyebrow: string; title: string; subtitle: string; notes: readonly string[] }, context: PdfContext): void {
  const edition = context.date.toLocaleDateString("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });
  artifact(doc, () => {
    doc.rect(0, 0, PAGE.width, PAGE.height).fill(COLOR.ink);
    doc.rect(0, PAGE.height - 8, PAGE.width, 8).fill(accentFill(doc, 0, 0, PAGE.width));
    drawBrandMark(doc, MARGIN.x, MARGIN.top, 40);
  });
  root.add(
    doc.struct("P", {}, () => {
      doc.font(FONT.semibold).fontSize(18).fillColor(COLOR.onInk);
      doc.text(context.siteName, MARGIN.x + 52, MARGIN.top + 9, { lineBreak: false });
    }),
  );
  root.add(
    doc.struct("P", {}, () => {
      doc.font(FONT.semibold).fontSize(10).fillColor(COLOR.onInkMuted);
      doc.text(cover.eyebrow.toUpperCase(), MARGIN.x, 300);
    }),
  );
  root.add(
    doc.struct("H1", {}, () => {
      doc.font(FONT.bold).fontSize(38).fillColor(COLOR.onInk);
      doc.text(cover.title, MARGIN.x, 322, { width: CONTENT_WIDTH, lineGap: 2 });
    }),
  );
  doc.outline.addItem(cover.title);
  const ruleY = doc.y + 14;
  artifact(doc, () => doc.rect(MARGIN.x, ruleY, 72, 4).fill(accentFill(doc, MARGIN.x, ruleY, 72)));
  root.add(
    doc.struct("P", {}, () => {
      doc.font(FONT.regular).fontSize(15).fillColor(COLOR.onInkMuted);
      doc.text(cover.subtitle, MARGIN.x, ruleY + 24, { width: CONTENT_WIDTH * 0.85, lineGap: 5 });
    }),
  );
  root.add(
    doc.struct("P", {}, () => {
      doc.font(FONT.regular).fontSize(10).fillColor(COLOR.onInkMuted);
      doc.text(`${context.siteName} · ${new URL(context.siteUrl).host} · ${edition}`, MARGIN.x, PAGE.height - 120, { width: CONTENT_WIDTH });
      for (const note of cover.notes) doc.text(note, { width: CONTENT_WIDTH });
    }),
  );
}

/** A new tagged A4 document, its fonts registered, and a promise of its bytes once `doc.end()` is called. */
export function newPdf(info: { title: string; subject: string; keywords: string }, context: PdfContext): { doc: Doc; finished: Promise<Buffer> } {
  const doc = new PDFDocument({
    size: "A4",
    margins: { top: MARGIN.top, bottom: MARGIN.bottom, left: MARGIN.x, right: MARGIN.x },
    pdfVersion: "1.7",
    tagged: true,
    lang: context.language,
    displayTitle: true,
    info: { Title: info.title, Author: context.siteName, Subject: info.subject, Keywords: info.keywords, Creator: context.siteName, CreationDate: context.date },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  registerFonts(doc);
  return { doc, finished };
}
