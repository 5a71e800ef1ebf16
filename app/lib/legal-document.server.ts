/**
 * Legal Markdown to HTML, at build time only (marked, GitHub-flavoured): every
 * heading gets an id for its table-of-contents link, tables get a keyboard-
 * scrollable wrapper for narrow screens, and links to other sites get
 * rel="noopener noreferrer". Each numbered section is wrapped in a block that
 * the browser lays out only as it nears the viewport (app.css, .render-when-near):
 * a policy is mostly text far below the fold, and laying it all out delayed the
 * first frame on a phone. The Markdown is our own; nothing here runs in the browser.
 */
import GithubSlugger from "github-slugger";
import { Marked, type Tokens } from "marked";

export interface LegalSection {
  id: string;
  title: string;
}

/** A document as the page receives it: HTML drawn at build time, and its sections for the contents list. */
export interface RenderedLegalDocument {
  html: string;
  /** The level-2 sections, in order. */
  sections: LegalSection[];
}

/** "1. Who we are" keeps its number in the text; its id is the words alone: "who-we-are". */
function headingId(slugger: GithubSlugger, text: string): string {
  return slugger.slug(text.replace(/^\d+\.\s*/, ""));
}

export function renderLegalDocument(markdown: string): RenderedLegalDocument {
  const slugger = new GithubSlugger();
  const sections: LegalSection[] = [];
  let tables = 0;
  const marked = new Marked({
    gfm: true,
    renderer: {
      heading({ tokens, depth, text }: Tokens.Heading) {
        const id = headingId(slugger, text);
        if (depth === 2) sections.push({ id, title: text });
        return `<h${depth} id="${id}">${this.parser.parseInline(tokens)}</h${depth}>\n`;
      },
      link({ href, tokens }: Tokens.Link) {
        const external = /^https?:\/\//.test(href) ? ' rel="noopener noreferrer"' : "";
        return `<a href="${href}"${external}>${this.parser.parseInline(tokens)}</a>`;
      },
      table(token: Tokens.Table) {
        tables += 1;
        const cell = (content: Tokens.TableCell, tag: "th" | "td") =>
          `<${tag}${tag === "th" ? ' scope="col"' : ""}>${this.parser.parseInline(content.tokens)}</${tag}>`;
        const head = `<tr>${token.header.map((content) => cell(content, "th")).join("")}</tr>`;
        const body = token.rows.map((row) => `<tr>${row.map((content) => cell(content, "td")).join("")}</tr>`).join("\n");
        return (
          // Focusable so a keyboard can scroll a wide table sideways on a phone.
          `<section class="legal-table" aria-label="Table ${tables}" tabindex="0">` +
          `<table><thead>${head}</thead><tbody>${body}</tbody></table></section>\n`
        );
      },
    },
  });
  const html = wrapSections(marked.parse(markdown, { async: false }));
  return { html, sections };
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
