/**
 * A legal document's Markdown to HTML, at build time only (lib/markdown.server.ts):
 * its numbered headings keep their numbers in the text but not in their ids, and
 * each numbered section is wrapped in a block that the browser lays out only as
 * it nears the viewport (app.css, .render-when-near): a policy is mostly text far
 * below the fold, and laying it all out delayed the first frame on a phone.
 */
import { renderMarkdown, type MarkdownSection, type RenderedMarkdown } from "./markdown.server.ts";

export type LegalSection = MarkdownSection;
export type RenderedLegalDocument = RenderedMarkdown;

export function renderLegalDocument(markdown: string): RenderedLegalDocument {
  const { html, sections } = renderMarkdown(markdown, { numberedHeadings: true });
  return { html: wrapSections(html), sections };
}

/**
 * Everything from one <h2> to the next becomes one block (a div, not a
 * section: fifteen unnamed regions would only add noise for screen readers).
 * Text before the first <h2> stays as it is.
 */
function wrapSections(html: string): string {
  const [lead = "", ...parts] = html.split(/(?=<h2 )/);
  return lead + parts.map((part) => `<div class="legal-section render-when-near">\n${part}</div>\n`).join("");
}
