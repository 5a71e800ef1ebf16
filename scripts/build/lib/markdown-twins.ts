/**
 * Every page for AI agents (PUB-7): its Markdown twin at `<path>.md`, and
 * /llms.txt (llmstxt.org: an H1, a summary blockquote, H2 sections of links)
 * and /llms-full.txt (the text of every page). A post, news item or event is
 * its own Markdown under a header of its facts; every other page is its
 * prerendered <main> turned into Markdown by turndown, leaving out what only
 * works on screen (pictures drawn in SVG, forms, buttons, decoration).
 */
import { gfm } from "@joplin/turndown-plugin-gfm";
import TurndownService from "turndown";
import type { Collections, EventItem, NewsEntry, PostEntry } from "../../../app/content/collections.server.ts";
import { dateText } from "../../../app/lib/publishing/dates.ts";
import { eventWhen } from "../../../app/lib/publishing/event-times.ts";
import { absoluteUrl, site } from "../../../app/site/config.ts";
import { metaOf } from "../../../app/site/page-meta.ts";
import { familyPages, linkTo, type PagePath } from "../../../app/site/pages.ts";
import { eventPath, newsItemPath, postPath } from "../../../app/site/publishing.ts";
import { markdownTwinPath } from "../../../common/published-files.ts";

/** A page as an agent reads it. */
export interface PageText {
  path: string;
  title: string;
  description: string;
  markdown: string;
}

/** Markdown links and pictures made absolute: `](/x)` on the site. */
export function absoluteMarkdown(markdown: string): string {
  return markdown.replace(/\]\(\/(?!\/)/g, `](${site.url}/`);
}

function turndown(): TurndownService {
  const service = new TurndownService({ headingStyle: "atx", codeBlockStyle: "fenced", bulletListMarker: "-", emDelimiter: "*" });
  service.use(gfm);
  service.remove(["script", "style", "noscript", "form", "button", "dialog", "template", "input", "select", "textarea", "label"]);
  // Decoration and things shown twice (the wide and narrow drawings of a diagram) are hidden from assistive technology: agents skip them too.
  service.remove((node) => node.nodeName.toLowerCase() === "svg" || node.getAttribute("aria-hidden") === "true" || node.hasAttribute("hidden"));
  return service;
}

const converter = turndown();

/** The Markdown of a prerendered page's <main>. */
export function mainAsMarkdown(html: string): string {
  const start = html.indexOf("<main");
  const end = html.lastIndexOf("</main>");
  if (start === -1 || end === -1) throw new Error("The page has no <main> to turn into Markdown");
  const markdown = converter.turndown(html.slice(start, end + "</main>".length));
  return absoluteMarkdown(markdown.replace(/\n{3,}/g, "\n\n").trim());
}

/** The twin's opening: the page's title, its description and its address, so the file stands alone. */
function header(title: string, description: string, path: string, facts: string[] = []): string {
  return [`# ${title}`, "", `> ${description}`, "", ...facts.map((fact) => `- ${fact}`), `- Web page: ${absoluteUrl(path)}`, ""].join("\n");
}

/** An entry's own Markdown, its links made absolute. */
const body = (markdown: string) => absoluteMarkdown(markdown.trim());

export function postTwin(post: PostEntry): PageText {
  const path = postPath(post.slug);
  const facts = [
    `Published: ${dateText(post.data.published)}`,
    ...(post.data.updated ? [`Updated: ${dateText(post.data.updated)}`] : []),
    `Author: ${post.data.author}`,
    `Topics: ${post.data.tags.join(", ")}`,
  ];
  return { path, title: post.data.title, description: post.data.description, markdown: `${header(post.data.title, post.data.description, path, facts)}\n${body(post.body)}\n` };
}

export function newsTwin(item: NewsEntry): PageText {
  const path = newsItemPath(item.slug);
  const facts = [`Date: ${dateText(item.data.date)}`, ...(item.data.link ? [`Full announcement: ${item.data.link}`] : [])];
  return { path, title: item.data.title, description: item.data.summary, markdown: `${header(item.data.title, item.data.summary, path, facts)}\n${body(item.body)}\n` };
}

export function eventTwin(event: EventItem): PageText {
  const path = eventPath(event.slug);
  const { where } = event.data;
  const facts = [
    `When: ${eventWhen(event.data)}`,
    `Where: ${"online" in where ? `online, ${where.online}` : where.place}`,
    `Registration: ${event.data.registration}`,
    `Calendar file: ${absoluteUrl(`${path}.ics`)}`,
  ];
  return { path, title: event.data.title, description: event.data.description, markdown: `${header(event.data.title, event.data.description, path, facts)}\n${body(event.body)}\n` };
}

/** Every heading one level down, outside code blocks: the twin's own title is its one "#". */
function demoteHeadings(markdown: string): string {
  let inCode = false;
  return markdown
    .split("\n")
    .map((line) => {
      if (line.trimStart().startsWith("```")) inCode = !inCode;
      return !inCode && /^#{1,5} /.test(line) ? `#${line}` : line;
    })
    .join("\n");
}

/** A page drawn from components: its title and description from its head, its text from its <main>. */
export function pageTwin(path: string, html: string): PageText {
  const title = /<meta property="og:title" content="([^"]*)"/.exec(html)?.[1];
  const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1];
  if (title === undefined || description === undefined) throw new Error(`${path}: the page has no title or description to head its Markdown twin`);
  const decode = (text: string) => text.replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&#39;", "'").replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&amp;", "&");
  return { path, title: decode(title), description: decode(description), markdown: `${header(decode(title), decode(description), path)}\n${demoteHeadings(mainAsMarkdown(html))}\n` };
}

/** The entries' twins, from their own Markdown. */
export function entryTwins(from: Collections): PageText[] {
  return [...from.posts.map(postTwin), ...from.news.map(newsTwin), ...from.events.map(eventTwin)];
}

const link = (text: PageText | { path: string; title: string; description: string }) => `- [${text.title}](${absoluteUrl(markdownTwinPath(text.path))}): ${text.description}`;

function tableLinks(paths: readonly PagePath[]): string[] {
  return paths.map((path) => link({ path, title: linkTo(path).label, description: metaOf(path).description }));
}

/**
 * /llms.txt: the site in one screen for a language model, every link to a
 * page's Markdown twin. Sections follow the route table; the blog, news and
 * events list their public entries.
 */
export function llmsTxt(from: Collections): string {
  const sections: [string, string[]][] = [
    ["Product", tableLinks(["/", "/features", "/architecture", "/playground"])],
    ["Use cases", tableLinks(["/use-case", ...familyPages("landing")] as PagePath[])],
    ["Compliance", tableLinks(["/compliance", ...familyPages("regulation"), "/compliance/soc-2"] as PagePath[])],
    ["Blog", [...tableLinks(["/blog"]), ...from.posts.map((post) => link(postTwin(post)))]],
    ["News", [...tableLinks(["/news"]), ...from.news.map((item) => link(newsTwin(item)))]],
    ["Events", [...tableLinks(["/events"]), ...from.events.map((event) => link(eventTwin(event)))]],
    ["Company", tableLinks(["/company", "/get-in-touch"])],
    ["Optional", familyPages("legal").map((path) => link({ path, title: metaOf(path).title, description: metaOf(path).description }))],
  ];
  return [
    `# ${site.name}`,
    "",
    `> ${site.description}`,
    "",
    `Every page of ${absoluteUrl("/")} is also published as Markdown at its address plus \`.md\` (the home page is ${absoluteUrl("/index.md")}); ${absoluteUrl("/llms-full.txt")} holds them all in one file.`,
    "",
    ...sections.flatMap(([heading, links]) => [`## ${heading}`, "", ...links, ""]),
  ].join("\n");
}

/** /llms-full.txt: every twin, in the order of llms.txt's links, one after another. */
export function llmsFullTxt(texts: readonly PageText[]): string {
  return `# ${site.name}: every page as Markdown\n\n> ${site.description}\n\n${texts.map((text) => text.markdown.trim()).join("\n\n---\n\n")}\n`;
}
