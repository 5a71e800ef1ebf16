import { spawn } from "node:child_process";
import { getDocumentProxy } from "unpdf";

export interface PdfReading {
  pageCount: number;
  /** Each page's text, runs joined by spaces, whitespace collapsed. */
  pages: string[];
  title: string | undefined;
  language: string | undefined;
  /** Whether the document declares a structure tree (a tagged PDF). */
  tagged: boolean;
}

/** Reads a PDF the way a viewer does (pdf.js, as unpdf bundles it): fails on anything that is not a valid PDF. */
export async function readPdf(bytes: Uint8Array): Promise<PdfReading> {
  const pdf = await getDocumentProxy(bytes, { verbosity: 0 });
  try {
    const pages: string[] = [];
    let tagged = false;
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      const text = content.items.map((item) => ("str" in item ? item.str : "")).join(" ");
      pages.push(text.replace(/\s+/g, " ").trim());
      // Typed as always present, but null for a page outside any structure tree.
      const tree: unknown = await page.getStructTree();
      if (tree) tagged = true;
    }
    // pdf.js types `info` loosely; these are the fields its document-properties dialog reads.
    const { info } = (await pdf.getMetadata()) as { info: { Title?: string; Language?: string } };
    // Typed as a plain object, but pdf.js 6 resolves a Map; accept either.
    const markInfo: unknown = await pdf.getMarkInfo();
    const marked =
      markInfo instanceof Map ? (markInfo as Map<string, boolean>).get("Marked") : (markInfo as { Marked?: boolean } | null)?.Marked;
    return {
      pageCount: pdf.numPages,
      pages,
      title: info.Title,
      language: info.Language,
      tagged: tagged && marked === true,
    };
  } finally {
    await pdf.loadingTask.destroy();
  }
}

/**
 * One page's text as Poppler's `pdftotext` reads it (Debian's poppler-utils):
 * unlike pdf.js, it honours a span's ActualText, which the Trust Center's
 * stamp gives text whose glyphs shaping reordered (an Indic vowel sign drawn
 * before its consonant), so it reads such a name back as it was typed.
 */
export async function popplerText(bytes: Uint8Array, page = 1): Promise<string> {
  const child = spawn("pdftotext", ["-f", String(page), "-l", String(page), "-enc", "UTF-8", "-", "-"], { stdio: ["pipe", "pipe", "pipe"] });
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
  child.stderr.on("data", (chunk: Buffer) => err.push(chunk));
  const exited = new Promise<number | null>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", resolve);
  });
  child.stdin.end(bytes);
  const code = await exited;
  if (code !== 0) throw new Error(`pdftotext exited with ${code}: ${Buffer.concat(err).toString("utf8")}`);
  return Buffer.concat(out).toString("utf8");
}
