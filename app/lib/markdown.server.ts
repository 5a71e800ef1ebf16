/**
 * Our Markdown to HTML, at build time only (marked, GitHub-flavoured): legal
 * documents and the publishing collections' entries. Every heading gets an id
 * for its contents link, tables get a keyboard-scrollable wrapper for narrow
 * screens, code blocks too, links to other sites get rel="noopener noreferrer", pictures load
 * lazily, and footnotes ([^1]) become a numbered list with links both ways.
 * Nothing here runs in the browser.
 *
 * The content checks refuse raw HTML and links to anything but pages, web and
 * mail addresses before the build draws a page (EDIT-7); should any reach
 * this renderer all the same, it is drawn inert: raw HTML as the text it is,
 * such a link as its words alone, such a picture as its alt text.
 */
import GithubSlugger from "github-slugger";
import { Marked, type Tokens } from "marked";
import markedFootnote from "marked-footnote";
import { isSafeImageSource, isSafeLinkTarget } from "./content-safety.ts";

export interface MarkdownSection {
  id: string;
  title: string;
}

/** A document as a page receives it: HTML drawn at build time, and its level-2 sections for a contents list. */
export interface RenderedMarkdown {
  html: string;
  /** The level-2 sections, in order. */
  sections: MarkdownSection[];
}

export interface MarkdownOptions {
  /** "1. Who we are" keeps its number in the text, and its id is the words alone: "who-we-are". */
  numberedHeadings?: boolean;
  /** What the tables are called to screen readers, before their number: "Table 2". */
  tableLabel?: string;
}

const escapeText = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
/** Text for a double-quoted HTML attribute, or for element content. */
export const escapeAttribute = (text: string) => text.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");

export function renderMarkdown(markdown: string, options: MarkdownOptions = {}): RenderedMarkdown {
  const slugger = new GithubSlugger();
  const sections: MarkdownSection[] = [];
  let tables = 0;
  const marked = new Marked({
    gfm: true,
    renderer: {
      heading({ tokens, depth, text }: Tokens.Heading) {
        const id = slugger.slug(options.numberedHeadings ? text.replace(/^\d+\.\s*/, "") : text);
        if (depth === 2) sections.push({ id, title: text });
        return `<h${depth} id="${id}">${this.parser.parseInline(tokens)}</h${depth}>\n`;
      },
      html({ text, block }: Tokens.HTML | Tokens.Tag) {
        return block ? `<p>${escapeText(text.trim())}</p>\n` : escapeText(text);
      },
      link({ href, title, tokens }: Tokens.Link) {
        if (!isSafeLinkTarget(href)) return this.parser.parseInline(tokens);
        const external = /^https?:\/\//.test(href) ? ' rel="noopener noreferrer"' : "";
        const titled = title ? ` title="${escapeAttribute(title)}"` : "";
        return `<a href="${escapeAttribute(href)}"${titled}${external}>${this.parser.parseInline(tokens)}</a>`;
      },
      code({ text, lang }: Tokens.Code) {
        const language = lang ? ` class="language-${escapeAttribute(lang)}"` : "";
        // Focusable, as a table is, so a keyboard can scroll a long line sideways on a phone.
        return `<pre tabindex="0"><code${language}>${escapeText(text)}</code></pre>\n`;
      },
      image({ href, text }: Tokens.Image) {
        if (!isSafeImageSource(href)) return escapeText(text);
        return `<img src="${escapeAttribute(href)}" alt="${escapeAttribute(text)}" loading="lazy" decoding="async">`;
      },
      table(token: Tokens.Table) {
        tables += 1;
        const cell = (content: Tokens.TableCell, tag: "th" | "td") =>
          `<${tag}${tag === "th" ? ' scope="col"' : ""}>${this.parser.parseInline(content.tokens)}</${tag}>`;
        const head = `<tr>${token.header.map((content) => cell(content, "th")).join("")}</tr>`;
        const body = token.rows.map((row) => `<tr>${row.map((content) => cell(content, "td")).join("")}</tr>`).join("\n");
        return (
          // Focusable so a keyboard can scroll a wide table sideways on a phone.
          `<section class="document-table" aria-label="${options.tableLabel ?? "Table"} ${tables}" tabindex="0">` +
          `<table><thead>${head}</thead><tbody>${body}</tbody></table></section>\n`
        );
      },
    },
  });
  marked.use(markedFootnote({ description: "Notes", backRefLabel: "Back to the text of note {0}" }));
  return { html: marked.parse(markdown, { async: false }), sections };
}
