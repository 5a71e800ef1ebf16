/**
 * The Trust Center's documents (TRUST-3), drawn at build time from the site's
 * own content so a PDF never says what the pages do not: the public security
 * overview, from content/trust.yaml's overview and the Core Features and
 * Architecture pages; and each gated document, from its Markdown in
 * content/trust/documents/.
 */
import { Marked, type Token, type Tokens } from "marked";
import type { TrustPage } from "../../../app/content/schemas/trust-page.ts";
import { COLOR, drawCover, GuideWriter, newPdf, type PdfContext } from "./pdf-writer.ts";

/** A content page's blocks as the overview quotes them: a title, a description and its points. */
export interface ProductBlock {
  title: string;
  description: string;
  bulletPoints: readonly string[];
}

export async function securityOverviewPdf(
  trust: TrustPage,
  product: { features: readonly ProductBlock[]; architecture: readonly ProductBlock[] },
  context: PdfContext,
): Promise<Buffer> {
  const { overview } = trust;
  const { doc, finished } = newPdf(
    { title: `${context.siteName} security overview`, subject: overview.heading, keywords: "security overview, data privacy vault, tokenization, access control, audit log" },
    context,
  );
  const guide = new GuideWriter(doc, `${context.siteName} · Security overview`);
  drawCover(
    doc,
    guide.root,
    {
      eyebrow: "Trust Center",
      title: "Security overview",
      subtitle: overview.intro ?? overview.heading,
      notes: ["Describes the product as our website does; claims no certification or third-party audit."],
    },
    context,
  );
  guide.h1(overview.heading, { eyebrow: overview.eyebrow, startPage: true });
  for (const topic of overview.topics) {
    guide.h2(topic.title, 90);
    guide.paragraph(topic.summary);
    guide.list(topic.points);
  }
  guide.note(overview.notClaimed.title, overview.notClaimed.text);
  for (const [heading, blocks] of [
    ["Core features", product.features],
    ["Architecture", product.architecture],
  ] as const) {
    guide.h1(heading, { eyebrow: "In depth", startPage: true });
    for (const block of blocks) {
      guide.h2(block.title, 80);
      guide.paragraph(block.description);
      if (block.bulletPoints.length > 0) guide.list(block.bulletPoints);
    }
  }
  guide.h1("More");
  guide.link("Trust Center", new URL("/trust", context.siteUrl).href);
  guide.link("Report a vulnerability", new URL("/trust/vulnerability-disclosure", context.siteUrl).href);
  guide.root.end();
  doc.end();
  return finished;
}

/** Inline Markdown as plain text: the PDF's runs carry no emphasis or links. */
function plain(tokens: readonly Token[] | undefined, fallback: string): string {
  if (!tokens) return fallback;
  return tokens.map((token) => ("tokens" in token && token.tokens ? plain(token.tokens, "text" in token ? String(token.text) : "") : "text" in token ? String(token.text) : token.raw)).join("");
}

/** A gated document from its Markdown, after its cover and summary: ## headings are clauses, ### their parts; paragraphs and lists follow. */
export async function markdownDocumentPdf(
  document: { data: { title: string; subtitle: string; version: string; summary: string }; body: string },
  context: PdfContext,
): Promise<Buffer> {
  const { data } = document;
  const { doc, finished } = newPdf({ title: `${context.siteName} ${data.title}`, subject: data.summary, keywords: `${data.title}, version ${data.version}` }, context);
  const guide = new GuideWriter(doc, `${context.siteName} · ${data.title} · version ${data.version} · Confidential`);
  drawCover(
    doc,
    guide.root,
    { eyebrow: `Trust Center · version ${data.version}`, title: data.title, subtitle: data.subtitle, notes: ["Confidential: shared under the Trust Center's non-disclosure terms."] },
    context,
  );
  guide.h1(data.title, { startPage: true });
  guide.paragraph(data.summary, { color: COLOR.muted });
  for (const token of new Marked({ gfm: true }).lexer(document.body)) {
    if (token.type === "heading") {
      const { depth, tokens, text } = token as Tokens.Heading;
      if (depth <= 2) guide.h2(plain(tokens, text));
      else guide.h3(plain(tokens, text));
    } else if (token.type === "paragraph") {
      const { tokens, text } = token as Tokens.Paragraph;
      guide.paragraph(plain(tokens, text));
    } else if (token.type === "list") {
      const list = token as Tokens.List;
      guide.list(list.items.map((item, index) => `${list.ordered ? `${(list.start || 1) + index}. ` : ""}${plain(item.tokens, item.text).trim()}`));
    } else if (token.type === "blockquote") {
      guide.paragraph(plain((token as Tokens.Blockquote).tokens, token.raw), { color: COLOR.muted });
    }
  }
  guide.root.end();
  doc.end();
  return finished;
}
