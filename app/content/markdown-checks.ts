/**
 * What the build checks in a content file's Markdown (EDIT-2, EDIT-7), each
 * problem with the line it is on: links to pages the site lacks, pictures
 * without alt text, and anything that could become code on a page, in a feed
 * or in a Markdown twin: raw HTML of any kind (elements, event handlers,
 * comments), and links or pictures whose address is not a page, a web
 * address or a mail address (`javascript:`, `data:` …), however written
 * (inline, by reference, as an autolink).
 */
import { Marked, type Token, type Tokens } from "marked";
import markedFootnote from "marked-footnote";
import { isSafeImageSource, isSafeLinkTarget, shownAddress } from "../lib/content-safety.ts";
import { internalLink } from "./schemas/copy.ts";

export interface MarkdownProblem {
  /** The line of the file it is on, counted from the file's first line. */
  line: number;
  message: string;
}

const RAW_HTML = "is not allowed: content files hold no HTML; write Markdown instead, or ask a developer for a component";
const ADDRESSES = "which is not a page of this site (/…), a web address (https://…) or a mail address (mailto:…)";

/** `<script>`, `<img>`, `</div>`, `<!--`: how a message names a piece of raw HTML. */
function htmlName(raw: string): string {
  const trimmed = raw.trim();
  if (trimmed.startsWith("<!--")) return "<!-- comment -->";
  const element = /^<\/?([A-Za-z][\w:-]*)/.exec(trimmed)?.[1];
  return element ? `<${element.toLowerCase()}>` : shownAddress(trimmed);
}

/** A token's children, wherever marked and its footnotes keep them: inline tokens, list items, table cells, a note's text. */
function childrenOf(token: Token): Token[] {
  if (token.type === "list") return (token as Tokens.List).items;
  // The list of notes that marked-footnote puts first repeats the notes found in place below.
  if (token.type === "footnotes") return [];
  if (token.type === "footnote") return token["content"] as Token[];
  if (token.type === "table") {
    const table = token as Tokens.Table;
    return [...table.header, ...table.rows.flat()].flatMap((cell) => cell.tokens);
  }
  return "tokens" in token && Array.isArray(token.tokens) ? token.tokens : [];
}

/** What in one token could become code where the Markdown is drawn: raw HTML, or an address that is no page, web or mail address. */
function codeProblem(token: Token): string | undefined {
  if (token.type === "html") return `raw HTML (${htmlName((token as Tokens.HTML).raw)}) ${RAW_HTML}`;
  if (token.type === "link" || token.type === "image") {
    const { href, text } = token as Tokens.Link | Tokens.Image;
    if (!isSafeLinkTarget(href)) return `the ${token.type} "${text}": goes to ${shownAddress(href)}, ${ADDRESSES}`;
  }
  if (token.type === "def") {
    const { href, tag } = token as Tokens.Def;
    if (!isSafeLinkTarget(href)) return `the link reference [${tag}]: goes to ${shownAddress(href)}, ${ADDRESSES}`;
  }
  return undefined;
}

/** What in one token breaks the site's own rules: a link to a page it lacks, a picture from elsewhere or without alt text. */
function siteProblem(token: Token): string | undefined {
  if (token.type === "link") {
    const { href, text } = token as Tokens.Link;
    const result = href.startsWith("/") ? internalLink.safeParse(href) : undefined;
    if (result && !result.success) return `the link "${text}": ${result.error.issues[0]?.message ?? "is broken"}`;
  }
  if (token.type === "image") {
    const { href, text } = token as Tokens.Image;
    if (!isSafeImageSource(href)) return `the image ${shownAddress(href)}: is not a picture on this site (/…)`;
    if (text.trim() === "") return `the image ${href}: has no alt text`;
  }
  return undefined;
}

/** The problems `check` finds in a Markdown text, each with its line (see markdownProblems). */
function problemsIn(markdown: string, firstLine: number, check: (token: Token) => string | undefined): MarkdownProblem[] {
  // marked reads any line ending as \n; the count of lines stays the same.
  const source = markdown.replace(/\r\n?/g, "\n");
  const lineAt = (offset: number) => firstLine + (source.slice(0, offset).match(/\n/g)?.length ?? 0);
  const problems: MarkdownProblem[] = [];
  const visit = (tokens: readonly Token[], from: number) => {
    let cursor = from;
    for (const token of tokens) {
      // Blank space places nothing, and marked-footnote makes some up.
      if (token.raw.trim() === "") continue;
      const found = source.indexOf(token.raw, cursor);
      const start = found === -1 ? cursor : found;
      const message = check(token);
      const line = message ? lineAt(start) : 0;
      // An element's opening and closing tags on one line are one problem.
      if (message && !problems.some((problem) => problem.line === line && problem.message === message)) problems.push({ line, message });
      visit(childrenOf(token), start);
      if (found !== -1) cursor = found + token.raw.length;
    }
  };
  // Read as the renderer reads it (markdown.server.ts), notes included.
  const marked = new Marked({ gfm: true });
  marked.use(markedFootnote());
  visit(marked.lexer(source), 0);
  return problems;
}

/**
 * Every problem of a content file's Markdown body whose first line is the
 * file's line `firstLine`. A token is placed where its text first appears
 * after the one before it; one that marked rewrote (inside a quote, or a list
 * item over several lines) takes its enclosing block's line.
 */
export function markdownProblems(body: string, firstLine = 1): MarkdownProblem[] {
  return problemsIn(body, firstLine, (token) => codeProblem(token) ?? siteProblem(token));
}

/**
 * What could become code in Markdown the build writes for readers and agents
 * (the twins, llms.txt, llms-full.txt), whose links and pictures are absolute.
 */
export function codeInMarkdown(markdown: string): MarkdownProblem[] {
  return problemsIn(markdown, 1, codeProblem);
}
