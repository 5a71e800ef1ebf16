/**
 * A prerendered page's words as plain text, and what differs between two such
 * texts: the pure part of scripts/tools/visible-text.ts (EDIT-1).
 */
import { JSDOM } from "jsdom";

/** Elements that start a new line of text where a browser would start a new block. */
const BLOCKS = "address,article,aside,blockquote,br,button,dd,details,div,dl,dt,figcaption,figure,footer,form,h1,h2,h3,h4,h5,h6,header,hr,label,legend,li,main,nav,ol,option,p,pre,section,summary,table,td,th,tr,ul";

/** A page's words: title, description, then a line per block of body text. */
export function visibleText(html: string): string {
  const { document } = new JSDOM(html).window;
  for (const element of document.querySelectorAll("script, style, template")) element.remove();
  // A mark where a block starts or ends; line breaks in the source are only spaces, as a browser draws them.
  const BREAK = "\u0000";
  for (const block of document.body.querySelectorAll(BLOCKS)) {
    block.before(BREAK);
    block.after(BREAK);
  }
  const description = document.querySelector('meta[name="description"]')?.getAttribute("content") ?? "";
  const body = document.body.textContent.split(BREAK).map((line) => line.replace(/\s+/g, " ").trim());
  return [`title: ${document.title}`, `description: ${description}`, ...body.filter((line) => line !== "")].join("\n") + "\n";
}

/** Lines of `a` that `b` lacks, counted: a line moved within a page is no difference, a changed one is. */
export function linesOnlyIn(a: readonly string[], b: readonly string[]): string[] {
  const left = new Map<string, number>();
  for (const line of b) left.set(line, (left.get(line) ?? 0) + 1);
  return a.filter((line) => {
    const count = left.get(line) ?? 0;
    left.set(line, count - 1);
    return count <= 0;
  });
}
