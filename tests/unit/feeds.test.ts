import { parseAtomFeed, parseJsonFeed, parseRssFeed } from "feedsmith";
import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import { loadCollections, type Collections } from "../../app/content/collections.server.ts";
import type { FeedFormat } from "../../common/published-files.ts";
import { feedDefects, feedFormatOf, isRfc3339Date, isRfc822Date, refuseInvalidFeeds } from "../../scripts/build/lib/feed-validation.ts";
import { feedFiles } from "../../scripts/build/lib/feeds.ts";

const FIXTURES = new URL("../fixtures/collections", import.meta.url).pathname;
// Every fixture entry, drafts and future ones too: five posts, three news items, three events.
const FULL = loadCollections({ today: "2026-11-26", showUnpublished: true }, FIXTURES);
const COLLECTIONS: Record<string, Collections> = {
  "empty collections": { posts: [], news: [], events: [] },
  "one entry in each collection": { posts: FULL.posts.slice(0, 1), news: FULL.news.slice(0, 1), events: FULL.events.slice(0, 1) },
  "full collections": FULL,
};
const FORMATS: FeedFormat[] = ["rss", "atom", "json"];

const entriesIn = (format: FeedFormat, text: string) =>
  format === "rss" ? (parseRssFeed(text).items ?? []).length : format === "atom" ? (parseAtomFeed(text).entries ?? []).length : (parseJsonFeed(text).items ?? []).length;

function expectedEntries(from: Collections, path: string): number {
  if (path.startsWith("/blog/")) return from.posts.length;
  if (path.startsWith("/news/")) return from.news.length;
  if (path.startsWith("/events/")) return from.events.length;
  return from.posts.length + from.news.length + from.events.length;
}

/** One feed of the real generator's output, by path. */
function feed(from: Collections, path: string): { path: string; text: string } {
  const found = feedFiles(from).find((file) => file.path === path);
  if (!found) throw new Error(`no feed ${path}`);
  return found;
}

/** The feed's XML changed through a DOM, as a broken generator might write it. */
function editXml(text: string, edit: (document: Document) => void): string {
  const dom = new JSDOM(text, { contentType: "application/xml" });
  edit(dom.window.document);
  const edited = dom.serialize();
  expect(edited, "the edit changed the feed").not.toBe(text);
  return edited;
}

function editJson(text: string, edit: (feed: Record<string, unknown> & { items: Record<string, unknown>[] }) => void): string {
  const parsed = JSON.parse(text) as Record<string, unknown> & { items: Record<string, unknown>[] };
  edit(parsed);
  return JSON.stringify(parsed);
}

const first = (document: Document, name: string) => {
  const element = document.getElementsByTagName(name)[0];
  if (!element) throw new Error(`no ${name} in the feed`);
  return element;
};

describe("PUB-5 every feed the build writes holds to its format", () => {
  it.each(Object.keys(COLLECTIONS).flatMap((name) => FORMATS.map((format) => [format, name] as const)))("writes valid %s feeds for %s, every entry in them", (format, name) => {
    const from = COLLECTIONS[name]!;
    const files = feedFiles(from).filter((file) => feedFormatOf(file.path) === format);
    // Each collection's feed and the combined one.
    expect(files.map((file) => file.path)).toHaveLength(4);
    for (const file of files) {
      expect(feedDefects(format, file.text), file.path).toEqual([]);
      expect(entriesIn(format, file.text), file.path).toBe(expectedEntries(from, file.path));
    }
  });

  it("gives every JSON feed of an empty collection \"items\": [], which JSON Feed 1.1 requires", () => {
    const json = feedFiles(COLLECTIONS["empty collections"]!).filter((file) => file.path.endsWith("/feed.json"));
    expect(json.map((file) => file.path)).toEqual(["/blog/feed.json", "/news/feed.json", "/events/feed.json", "/feed.json"]);
    for (const file of json) expect((JSON.parse(file.text) as { items?: unknown }).items, file.path).toEqual([]);
  });
});

describe("PUB-5 a feed that breaks its format stops the build, naming the feed and the defect", () => {
  const full = COLLECTIONS["full collections"]!;
  const refused = (path: string, text: string) => () => refuseInvalidFeeds([{ path, text }]);

  it("refuses a JSON feed without items", () => {
    const broken = editJson(feed(COLLECTIONS["empty collections"]!, "/news/feed.json").text, (parsed) => {
      delete (parsed as { items?: unknown }).items;
    });
    expect(refused("/news/feed.json", broken)).toThrow("/news/feed.json (JSON Feed 1.1): the feed must have required property 'items'");
  });

  it("refuses an RSS feed whose channel has no title", () => {
    const broken = editXml(feed(full, "/blog/rss.xml").text, (document) => {
      const channel = first(document, "channel");
      const title = [...channel.children].find((child) => child.localName === "title");
      title?.remove();
    });
    expect(refused("/blog/rss.xml", broken)).toThrow("/blog/rss.xml (RSS 2.0): the channel has no title");
  });

  it("refuses dates that are not their format's: RSS RFC 822, Atom and JSON Feed RFC 3339", () => {
    const rss = editXml(feed(full, "/rss.xml").text, (document) => {
      first(document, "pubDate").textContent = "2026-01-15";
    });
    expect(refused("/rss.xml", rss)).toThrow(`/rss.xml (RSS 2.0): item 1's pubDate "2026-01-15" is not an RFC 822 date`);
    const atom = editXml(feed(full, "/atom.xml").text, (document) => {
      first(document, "updated").textContent = "Thu, 15 Jan 2026 00:00:00 GMT";
    });
    expect(refused("/atom.xml", atom)).toThrow(`/atom.xml (Atom 1.0): the feed's updated "Thu, 15 Jan 2026 00:00:00 GMT" is not an RFC 3339 date`);
    const json = editJson(feed(full, "/feed.json").text, (parsed) => {
      parsed.items[0]!.date_published = "15 January 2026";
    });
    expect(refused("/feed.json", json)).toThrow(`/feed.json (JSON Feed 1.1): items.0.date_published must match format "date-time"`);
  });

  it("refuses an RSS item without a guid, an Atom entry without an author or a link, and XML that is not well-formed", () => {
    const rss = editXml(feed(full, "/blog/rss.xml").text, (document) => {
      first(document, "guid").remove();
    });
    expect(refused("/blog/rss.xml", rss)).toThrow("/blog/rss.xml (RSS 2.0): item 1 has no guid");
    const atom = editXml(feed(full, "/news/atom.xml").text, (document) => {
      // The feed's own author is its first child; the entry's is the only one left.
      for (const author of [...document.getElementsByTagName("author")]) author.remove();
      first(document, "entry").getElementsByTagName("link")[0]?.remove();
    });
    expect(refused("/news/atom.xml", atom)).toThrow(
      "/news/atom.xml (Atom 1.0): entry 1 has no link to its page (rel=\"alternate\" with an href)\n  /news/atom.xml (Atom 1.0): entry 1 has no author, and neither has the feed",
    );
    expect(refused("/events/rss.xml", feed(full, "/events/rss.xml").text.replace("</channel>", ""))).toThrow(/^Feeds that break their format:\n {2}\/events\/rss\.xml \(RSS 2\.0\): not well-formed XML: /);
  });

  it("passes feeds that hold to their format", () => {
    expect(() => refuseInvalidFeeds(feedFiles(full))).not.toThrow();
  });
});

describe("PUB-5 feed dates", () => {
  it("reads RFC 822 dates as RSS 2.0 writes them, and refuses others", () => {
    for (const good of ["Tue, 24 Nov 2026 00:00:00 GMT", "24 Nov 26 09:30 +0530", "Thu, 03 Dec 2099 17:00:00 Z"]) expect(isRfc822Date(good), good).toBe(true);
    // A wrong weekday, a day February lacks, an hour past 23, ISO 8601, no zone.
    for (const bad of ["Mon, 24 Nov 2026 00:00:00 GMT", "30 Feb 2026 00:00:00 GMT", "24 Nov 2026 24:00:00 GMT", "2026-11-24T00:00:00Z", "24 Nov 2026 00:00:00"]) {
      expect(isRfc822Date(bad), bad).toBe(false);
    }
  });

  it("reads RFC 3339 date-times as Atom writes them, and refuses others", () => {
    for (const good of ["2026-11-24T00:00:00.000Z", "2099-12-03T22:30:00+05:30", "2016-12-31T23:59:60Z"]) expect(isRfc3339Date(good), good).toBe(true);
    // A space for the T, a day February lacks, an hour past 23, no zone, a lower-case z.
    for (const bad of ["2026-11-24 00:00:00Z", "2026-02-30T00:00:00Z", "2026-11-24T24:00:00Z", "2026-11-24T00:00:00", "2026-11-24T00:00:00z"]) {
      expect(isRfc3339Date(bad), bad).toBe(false);
    }
  });
});
