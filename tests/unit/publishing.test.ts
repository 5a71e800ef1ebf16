import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { loadCollections, type EventItem } from "../../app/content/collections.server.ts";
import { eventWhen, isUpcoming } from "../../app/lib/publishing/event-times.ts";
import { neighbours, pageOfPosts, relatedPosts, tagsOf, type ListedPost } from "../../app/lib/publishing/post-lists.ts";
import { proseWords, readingMinutes } from "../../app/lib/publishing/reading-time.ts";
import { buildMeta } from "../../app/lib/seo.ts";
import { metaWithAlternates } from "../../app/route-data/page-data.server.ts";
import { tagSlug } from "../../app/site/publishing.ts";
import { markdownTwinPath, publishedFileType } from "../../common/published-files.ts";
import { eventCalendar } from "../../scripts/build/lib/calendar-files.ts";
import { absoluteHtml } from "../../scripts/build/lib/feeds.ts";
import { absoluteMarkdown, llmsTxt, mainAsMarkdown } from "../../scripts/build/lib/markdown-twins.ts";

const FIXTURES = new URL("../fixtures/collections", import.meta.url).pathname;

const post = (slug: string, published: string, tags: string[]): ListedPost => ({ slug, data: { title: slug, published, tags } });
// Newest first, as the collections hand them over.
const POSTS = [post("d", "2026-04-01", ["AI", "LLM"]), post("c", "2026-03-01", ["PCI DSS"]), post("b", "2026-02-01", ["AI", "Tokenization"]), post("a", "2026-01-01", ["LLM", "ai"])];

describe("PUB-3 which entries a build publishes", () => {
  it("leaves drafts and entries dated after the build out of a production build", () => {
    const published = loadCollections({ today: "2026-11-26", showUnpublished: false }, FIXTURES);
    expect(published.posts.map((entry) => entry.slug)).toEqual(["unicode-title", "normal-post", "long-post"]);
    expect(published.news.map((entry) => entry.slug)).toEqual(["normal-news"]);
    expect(published.events.map((entry) => entry.slug)).toEqual(["past-event", "across-time-zones"]);
  });

  it("publishes a future-dated entry from its date on", () => {
    const later = loadCollections({ today: "2099-01-01", showUnpublished: false }, FIXTURES);
    expect(later.posts.map((entry) => entry.slug)).toContain("future-post");
    expect(later.news.map((entry) => entry.slug)).not.toContain("future-news");
  });

  it("shows drafts and future entries while editing (npm run dev, npm run cms)", () => {
    const editing = loadCollections({ today: "2026-11-26", showUnpublished: true }, FIXTURES);
    expect(editing.posts).toHaveLength(5);
    expect(editing.news).toHaveLength(3);
    expect(editing.events).toHaveLength(3);
  });
});

describe("PUB-3 how posts are listed and linked", () => {
  it("names a tag's page from its words", () => {
    expect(tagSlug("PCI DSS")).toBe("pci-dss");
    expect(tagSlug("AI")).toBe("ai");
    expect(tagSlug("Data  Residency & Locality")).toBe("data-residency-locality");
  });

  it("pages the list, with one page even when it is empty", () => {
    expect(pageOfPosts(POSTS, 1, 3)).toEqual({ items: POSTS.slice(0, 3), pages: 2 });
    expect(pageOfPosts(POSTS, 2, 3)).toEqual({ items: POSTS.slice(3), pages: 2 });
    expect(pageOfPosts([], 1, 10)).toEqual({ items: [], pages: 1 });
  });

  it("groups tags written differently under one page, labelled as the newest post writes it", () => {
    const tags = tagsOf(POSTS);
    expect(tags.map((tag) => [tag.label, tag.slug, tag.posts.map((entry) => entry.slug)])).toEqual([
      ["AI", "ai", ["d", "b", "a"]],
      ["LLM", "llm", ["d", "a"]],
      ["PCI DSS", "pci-dss", ["c"]],
      ["Tokenization", "tokenization", ["b"]],
    ]);
  });

  it("links a post to the next older and next newer one", () => {
    expect(neighbours(POSTS, "c")).toEqual({ older: POSTS[2], newer: POSTS[0] });
    expect(neighbours(POSTS, "d")).toEqual({ older: POSTS[1] });
    expect(neighbours(POSTS, "a")).toEqual({ newer: POSTS[2] });
  });

  it("relates posts by shared tags, most shared first, then newest; none for a post that shares no tag", () => {
    expect(relatedPosts(POSTS[3]!, POSTS).map((entry) => entry.slug)).toEqual(["d", "b"]);
    expect(relatedPosts(POSTS[1]!, POSTS)).toEqual([]);
  });

  it("counts the words a reader reads, not code, link targets or note markers", () => {
    const markdown = "Two words[^1] and [a link](https://example.com/a/very/long/address).\n\n```ts\nconst ignored = true;\n```\n\n| A | B |\n|---|---|";
    expect(proseWords(markdown)).toBe(7);
    expect(readingMinutes(0)).toBe(1);
    expect(readingMinutes(1100)).toBe(5);
  });
});

describe("PUB-3 event times", () => {
  const event = { start: "2026-12-03T16:00:00+05:30", end: "2026-12-03T17:30:00+05:30", timeZone: "Asia/Kolkata" };

  it("states an event's times in the zone it is held in, named", () => {
    expect(eventWhen(event)).toBe("Thu 3 December 2026, 16:00–17:30 GMT+5:30 (Asia/Kolkata)");
    expect(eventWhen({ ...event, timeZone: "Europe/London" })).toBe("Thu 3 December 2026, 10:30–12:00 GMT (Europe/London)");
  });

  it("is upcoming until it has ended", () => {
    expect(isUpcoming(event, new Date("2026-12-03T11:59:00Z"))).toBe(true);
    expect(isUpcoming(event, new Date("2026-12-03T12:00:00Z"))).toBe(false);
  });

  it("writes a calendar file in UTC, escaped and folded, that a parser reads back", () => {
    const slug = "webinar";
    const item: EventItem = {
      slug,
      file: `events/${slug}.md`,
      body: "",
      data: {
        title: "Tokens, keys; and a very long title that has to be folded over more than one line of the file",
        description: "A webinar on tokenization for engineering teams, with questions answered live by the privacy team.",
        ...event,
        where: { place: "Hall 1, Bengaluru" },
        registration: "https://example.com/register",
      },
    };
    const text = eventCalendar(item, new Date("2026-11-26T00:00:00Z"));
    expect(text).toContain("DTSTART:20261203T103000Z\r\n");
    expect(text).toContain("SUMMARY:Tokens\\, keys\\; and");
    for (const line of text.split("\r\n")) expect(Buffer.byteLength(line), line).toBeLessThanOrEqual(75);
    const read = new ICAL.Event(ICAL.Component.fromString(text).getFirstSubcomponent("vevent") ?? undefined);
    expect(read.summary).toBe(item.data.title);
    expect(read.location).toBe("Hall 1, Bengaluru");
    expect(read.startDate.toJSDate().getTime()).toBe(Date.parse(event.start));
    expect(read.endDate.toJSDate().getTime()).toBe(Date.parse(event.end));
  });
});

describe("PUB-5 PUB-7 what feeds and agents read", () => {
  it("makes a page's links absolute for readers away from the site", () => {
    const html = '<a href="/features">x</a> <a href="#note-1">1</a> <img src="/social/a.png"> <a href="https://example.com/">y</a> <a href="//evil.example/">z</a>';
    expect(absoluteHtml(html, "https://veilvault.example/blog/a")).toBe(
      '<a href="https://veilvault.example/features">x</a> <a href="https://veilvault.example/blog/a#note-1">1</a> <img src="https://veilvault.example/social/a.png"> <a href="https://example.com/">y</a> <a href="//evil.example/">z</a>',
    );
    expect(absoluteMarkdown("[x](/features) [y](https://example.com)")).toBe("[x](https://veilvault.example/features) [y](https://example.com)");
  });

  it("names the files it publishes for machines with their types", () => {
    expect(publishedFileType("/blog/rss.xml")).toBe("application/rss+xml; charset=utf-8");
    expect(publishedFileType("/atom.xml")).toBe("application/atom+xml; charset=utf-8");
    expect(publishedFileType("/news/feed.json")).toBe("application/feed+json; charset=utf-8");
    expect(publishedFileType("/index.md")).toBe("text/markdown; charset=utf-8");
    expect(publishedFileType("/events/x.ics")).toBe("text/calendar; charset=utf-8");
    expect(publishedFileType("/sitemap.xml")).toBeUndefined();
    expect(publishedFileType("/assets/root.js")).toBeUndefined();
    expect(markdownTwinPath("/")).toBe("/index.md");
    expect(markdownTwinPath("/compliance/gdpr")).toBe("/compliance/gdpr.md");
  });

  it("announces each indexable page's Markdown twin in its head, and none for a noindex page", () => {
    const twin = (meta: ReturnType<typeof metaWithAlternates>) => meta.find((descriptor) => "type" in descriptor && descriptor.type === "text/markdown");
    expect(twin(metaWithAlternates({ path: "/features", title: "F", description: "D" }))).toMatchObject({ tagName: "link", rel: "alternate", href: "https://veilvault.example/features.md" });
    expect(twin(metaWithAlternates({ path: "/", title: "F", description: "D" }))).toMatchObject({ href: "https://veilvault.example/index.md" });
    expect(twin(metaWithAlternates({ path: "/newsletter/confirm", title: "F", description: "D", noindex: true }))).toBeUndefined();
    // The not-found page's meta, the one drawn in the browser, names none.
    expect(twin(buildMeta({ path: null, title: "F", description: "D", noindex: true }))).toBeUndefined();
  });

  it("turns a page's main into Markdown, leaving out drawings, forms and what is hidden", () => {
    const html =
      '<header>menu</header><main id="main"><h1>Title</h1><p>Text with <a href="/features">a link</a>.</p>' +
      '<svg><text>drawn</text></svg><div aria-hidden="true">decoration</div><form><label>Email</label><button>Send</button></form>' +
      "<table><thead><tr><th>A</th></tr></thead><tbody><tr><td>1</td></tr></tbody></table></main><footer>foot</footer>";
    const markdown = mainAsMarkdown(html);
    expect(markdown).toContain("# Title");
    expect(markdown).toContain("[a link](https://veilvault.example/features)");
    expect(markdown).toMatch(/^\| A +\|$/m);
    for (const hidden of ["menu", "drawn", "decoration", "Email", "Send", "foot"]) expect(markdown).not.toContain(hidden);
  });

  it("lists in llms.txt the site's sections and each public entry, under an H1 and a summary", () => {
    const text = llmsTxt(loadCollections({ today: "2026-11-26", showUnpublished: false }, FIXTURES));
    const lines = text.split("\n");
    expect(lines[0]).toBe("# Veilvault");
    expect(lines[2]?.startsWith("> ")).toBe(true);
    expect(text).toContain("- [Fixture: a normal post](https://veilvault.example/blog/normal-post.md): ");
    expect(text).not.toContain("draft");
  });
});
