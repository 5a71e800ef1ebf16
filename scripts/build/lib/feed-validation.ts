/**
 * Every feed checked against its format before it is published (PUB-5): a
 * reader that meets a broken feed drops it, or shows nothing, without a word
 * to us, so the build refuses it instead, naming the feed and each defect.
 *
 * JSON Feed 1.1 is held to the JSON Schema of the spec (the `jsonfeed-schema`
 * package) by Ajv. RSS 2.0 and Atom 1.0 are read by a real XML parser (jsdom's,
 * which refuses XML that is not well-formed and knows namespaces) and their
 * structure checked element by element: RSS 2.0 as its specification states
 * it (rssboard.org), Atom 1.0 as RFC 4287 does, dates as RFC 822 and RFC 3339.
 */
import { createRequire } from "node:module";
import { Ajv, type ErrorObject } from "ajv";
import addFormats from "ajv-formats";
import { JSDOM } from "jsdom";
import { FEED_FORMATS, type FeedFormat } from "../../../common/published-files.ts";

/** The standard each format is held to, as messages name it. */
export const FEED_STANDARDS: Record<FeedFormat, string> = { rss: "RSS 2.0", atom: "Atom 1.0", json: "JSON Feed 1.1" };

const JSON_FEED_VERSION = "https://jsonfeed.org/version/1.1";
const ATOM_NS = "http://www.w3.org/2005/Atom";

const require = createRequire(import.meta.url);
const ajv = new Ajv({ allErrors: true });
addFormats(ajv);
const jsonFeedSchema = ajv.compile(require("jsonfeed-schema/schema-v1.1.json") as object);

/** The format of a published feed, by its file's name. */
export function feedFormatOf(path: string): FeedFormat {
  const name = path.slice(path.lastIndexOf("/") + 1);
  const format = (Object.keys(FEED_FORMATS) as FeedFormat[]).find((candidate) => FEED_FORMATS[candidate].file === name);
  if (!format) throw new Error(`${path}: not a feed's file name (${Object.values(FEED_FORMATS).map((known) => known.file).join(", ")})`);
  return format;
}

/** What is wrong with a feed of this format: nothing when the list is empty. */
export function feedDefects(format: FeedFormat, text: string): string[] {
  if (format === "json") return jsonFeedDefects(text);
  let document: Document;
  try {
    document = new JSDOM(text, { contentType: "application/xml" }).window.document;
  } catch (error) {
    return [`not well-formed XML: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`];
  }
  return format === "rss" ? rssDefects(document) : atomDefects(document);
}

/** Stops the build at feeds that break their format, naming each feed and each of its defects. */
export function refuseInvalidFeeds(feeds: readonly { path: string; text: string }[]): void {
  const problems = feeds.flatMap(({ path, text }) => {
    const format = feedFormatOf(path);
    return feedDefects(format, text).map((defect) => `${path} (${FEED_STANDARDS[format]}): ${defect}`);
  });
  if (problems.length > 0) throw new Error(`Feeds that break their format:\n  ${problems.join("\n  ")}`);
}

function jsonFeedDefects(text: string): string[] {
  let feed: unknown;
  try {
    feed = JSON.parse(text);
  } catch (error) {
    return [`not JSON: ${error instanceof Error ? error.message : String(error)}`];
  }
  if (!jsonFeedSchema(feed)) return (jsonFeedSchema.errors ?? []).map(schemaError);
  const { version, items } = feed as { version: string; items: { id: string }[] };
  // The schema takes version 1 too; what we write, and readers expect of us, is 1.1.
  const defects = version === JSON_FEED_VERSION ? [] : [`version is ${version}, not ${JSON_FEED_VERSION}`];
  return [...defects, ...duplicates(items.map((item) => item.id), "item id")];
}

function schemaError(error: ErrorObject): string {
  const where = error.instancePath ? error.instancePath.slice(1).replaceAll("/", ".") : "the feed";
  const detail = error.keyword === "additionalProperties" ? ` (${String(error.params.additionalProperty)})` : "";
  return `${where} ${error.message ?? "breaks the schema"}${detail}`;
}

function duplicates(values: readonly string[], what: string): string[] {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const value of values) (seen.has(value) ? twice : seen).add(value);
  return [...twice].map((value) => `${what} ${value} appears more than once`);
}

/** The child elements of `parent` called `name` in namespace `namespace` (RSS 2.0's own elements are in none). */
function children(parent: Element, name: string, namespace: string | null): Element[] {
  return [...parent.children].filter((child) => child.localName === name && child.namespaceURI === namespace);
}

const textOf = (element: Element | undefined) => element?.textContent.trim() ?? "";

/**
 * The one child `name` of `parent`, with some text; a defect when it is
 * missing, empty or repeated (each of these elements may appear once).
 */
function one(parent: Element, name: string, namespace: string | null, where: string, defects: string[]): string | undefined {
  const found = children(parent, name, namespace);
  if (found.length === 0) defects.push(`${where} has no ${name}`);
  else if (found.length > 1) defects.push(`${where} has ${found.length} ${name} elements, not one`);
  else if (!textOf(found[0])) defects.push(`${where} has an empty ${name}`);
  else return textOf(found[0]);
  return undefined;
}

function isAbsoluteUrl(value: string): boolean {
  return URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);
}

function rssDefects(document: Document): string[] {
  const rss = document.documentElement;
  if (rss.localName !== "rss" || rss.namespaceURI !== null) return [`the root element is ${rss.localName}, not rss`];
  const defects: string[] = [];
  if (rss.getAttribute("version") !== "2.0") defects.push(`rss has version ${rss.getAttribute("version") ?? "(none)"}, not 2.0`);
  const [channel, ...more] = children(rss, "channel", null);
  if (!channel || more.length > 0) return [...defects, `rss holds ${more.length + (channel ? 1 : 0)} channel elements, not one`];
  one(channel, "title", null, "the channel", defects);
  const link = one(channel, "link", null, "the channel", defects);
  if (link !== undefined && !isAbsoluteUrl(link)) defects.push(`the channel's link ${link} is not an absolute http(s) URL`);
  one(channel, "description", null, "the channel", defects);
  for (const name of ["pubDate", "lastBuildDate"]) {
    for (const element of children(channel, name, null)) if (!isRfc822Date(textOf(element))) defects.push(`the channel's ${name} "${textOf(element)}" is not an RFC 822 date`);
  }
  const guids: string[] = [];
  children(channel, "item", null).forEach((item, index) => {
    const where = `item ${index + 1}`;
    // RSS 2.0 asks an item for a title or a description; a reader also needs its link to open it, its guid to
    // know it again and its date to order it, so our feeds give all of them.
    if (!textOf(children(item, "title", null)[0]) && !textOf(children(item, "description", null)[0])) defects.push(`${where} has neither title nor description`);
    const itemLink = one(item, "link", null, where, defects);
    if (itemLink !== undefined && !isAbsoluteUrl(itemLink)) defects.push(`${where}'s link ${itemLink} is not an absolute http(s) URL`);
    const guid = one(item, "guid", null, where, defects);
    if (guid !== undefined) {
      guids.push(guid);
      // A guid is a permalink unless it says isPermaLink="false": then it must be a URL a reader can open.
      if (children(item, "guid", null)[0]?.getAttribute("isPermaLink") !== "false" && !isAbsoluteUrl(guid)) defects.push(`${where}'s guid ${guid} is a permalink but not an absolute http(s) URL`);
    }
    const published = one(item, "pubDate", null, where, defects);
    if (published !== undefined && !isRfc822Date(published)) defects.push(`${where}'s pubDate "${published}" is not an RFC 822 date`);
  });
  return [...defects, ...duplicates(guids, "guid")];
}

function atomDefects(document: Document): string[] {
  const feed = document.documentElement;
  if (feed.localName !== "feed" || feed.namespaceURI !== ATOM_NS) return [`the root element is ${feed.localName} in namespace ${feed.namespaceURI ?? "(none)"}, not feed in ${ATOM_NS}`];
  const defects: string[] = [];
  const id = one(feed, "id", ATOM_NS, "the feed", defects);
  if (id !== undefined && !URL.canParse(id)) defects.push(`the feed's id ${id} is not an absolute IRI`);
  one(feed, "title", ATOM_NS, "the feed", defects);
  const updated = one(feed, "updated", ATOM_NS, "the feed", defects);
  if (updated !== undefined && !isRfc3339Date(updated)) defects.push(`the feed's updated "${updated}" is not an RFC 3339 date`);
  const feedAuthors = authorDefects(feed, "the feed", defects);
  const ids: string[] = [];
  children(feed, "entry", ATOM_NS).forEach((entry, index) => {
    const where = `entry ${index + 1}`;
    const entryId = one(entry, "id", ATOM_NS, where, defects);
    if (entryId !== undefined) {
      ids.push(entryId);
      if (!URL.canParse(entryId)) defects.push(`${where}'s id ${entryId} is not an absolute IRI`);
    }
    one(entry, "title", ATOM_NS, where, defects);
    for (const name of ["updated", "published"]) {
      const dates = children(entry, name, ATOM_NS);
      if (name === "updated" && dates.length !== 1) defects.push(`${where} has ${dates.length} updated elements, not one`);
      for (const date of dates) if (!isRfc3339Date(textOf(date))) defects.push(`${where}'s ${name} "${textOf(date)}" is not an RFC 3339 date`);
    }
    // rel defaults to alternate: the entry's own page, which a reader opens.
    const alternate = children(entry, "link", ATOM_NS).find((link) => (link.getAttribute("rel") ?? "alternate") === "alternate");
    const href = alternate?.getAttribute("href") ?? "";
    if (!href) defects.push(`${where} has no link to its page (rel="alternate" with an href)`);
    else if (!isAbsoluteUrl(href)) defects.push(`${where}'s link ${href} is not an absolute http(s) URL`);
    // RFC 4287: an entry has an author of its own unless the feed names one for all.
    if (authorDefects(entry, where, defects) === 0 && feedAuthors === 0) defects.push(`${where} has no author, and neither has the feed`);
  });
  return [...defects, ...duplicates(ids, "entry id")];
}

/** How many authors `parent` names; each must have a name. */
function authorDefects(parent: Element, where: string, defects: string[]): number {
  const authors = children(parent, "author", ATOM_NS);
  for (const author of authors) if (!textOf(children(author, "name", ATOM_NS)[0])) defects.push(`${where} has an author without a name`);
  return authors.length;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
// RFC 822 section 5, with the four-digit year RFC 1123 allows and RSS 2.0 prefers.
const RFC_822 = /^(?:(Mon|Tue|Wed|Thu|Fri|Sat|Sun), )?(\d{1,2}) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) (\d{4}|\d{2}) (\d{2}):(\d{2})(?::(\d{2}))? (UT|GMT|EST|EDT|CST|CDT|MST|MDT|PST|PDT|[A-IK-Z]|[+-]\d{4})$/;
// RFC 3339 section 5.6 (date-time), with the upper-case T and Z that RFC 4287 asks of Atom.
const RFC_3339 = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:Z|[+-](\d{2}):(\d{2}))$/;

/** A day that exists, at a time of day that does (a leap second's 60 allowed). */
function isCalendarMoment(year: number, month: number, day: number, hour: number, minute: number, second: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day && hour <= 23 && minute <= 59 && second <= 60;
}

export function isRfc822Date(value: string): boolean {
  const match = RFC_822.exec(value);
  if (!match) return false;
  const [, weekday, day, month = "", year = "", hour, minute, second] = match;
  const fullYear = year.length === 2 ? 1900 + Number(year) : Number(year);
  const monthNumber = MONTHS.indexOf(month) + 1;
  if (!isCalendarMoment(fullYear, monthNumber, Number(day), Number(hour), Number(minute), Number(second ?? 0))) return false;
  // The weekday, when given, is that of the date as written.
  return weekday === undefined || DAYS[new Date(Date.UTC(fullYear, monthNumber - 1, Number(day))).getUTCDay()] === weekday;
}

export function isRfc3339Date(value: string): boolean {
  const match = RFC_3339.exec(value);
  if (!match) return false;
  const [, year, month, day, hour, minute, second, offsetHours, offsetMinutes] = match;
  return isCalendarMoment(Number(year), Number(month), Number(day), Number(hour), Number(minute), Number(second)) && Number(offsetHours ?? 0) <= 23 && Number(offsetMinutes ?? 0) <= 59;
}
