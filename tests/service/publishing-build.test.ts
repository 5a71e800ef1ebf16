/**
 * What a production build publishes from its collections (PUB-3 to PUB-7),
 * proved on a real build of fixture collections (scripts/tools/fixture-site.ts)
 * served by the real server: each entry is in or out of its page, feeds,
 * sitemap and llms.txt as its draft flag and date say; the feeds parse and
 * validate; every address they and llms.txt name answers with its type; the
 * calendar file reads back; the social images are 1200 × 630 PNGs. And the
 * use-case landing pages an editor adds as files (UC-13,
 * tests/fixtures/use-cases) are pages like the site's own six.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { Ajv } from "ajv";
import addFormats from "ajv-formats";
import { parseAtomFeed, parseJsonFeed, parseRssFeed } from "feedsmith";
import ICAL from "ical.js";
import { JSDOM } from "jsdom";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app.ts";
import { fixtureSite } from "../../scripts/tools/fixture-site.ts";
import { cspHashes, inlineCodeByPage } from "../support/inline-code.ts";

const SITE = "https://veilvault.example";
const require = createRequire(import.meta.url);

type Kind = "posts" | "news" | "events";
interface Fixture {
  kind: Kind;
  slug: string;
  title: string;
  public: boolean;
}

/** tests/fixtures/collections, and what a production build does with each entry. */
const FIXTURES: Fixture[] = [
  { kind: "posts", slug: "normal-post", title: "Fixture: a normal post", public: true },
  { kind: "posts", slug: "draft-post", title: "Fixture: a draft post", public: false },
  { kind: "posts", slug: "future-post", title: "Fixture: a post dated in the future", public: false },
  { kind: "posts", slug: "unicode-title", title: "Données, Ελληνικά и кириллица: Tiếng Việt in one title", public: true },
  { kind: "posts", slug: "long-post", title: "Fixture: a long post with a contents list", public: true },
  { kind: "news", slug: "normal-news", title: "Fixture: a news item", public: true },
  { kind: "news", slug: "draft-news", title: "Fixture: a draft news item", public: false },
  { kind: "news", slug: "future-news", title: "Fixture: a news item dated in the future", public: false },
  { kind: "events", slug: "across-time-zones", title: "Fixture: an event across time zones", public: true },
  { kind: "events", slug: "past-event", title: "Fixture: a past event", public: true },
  { kind: "events", slug: "draft-event", title: "Fixture: a draft event", public: false },
];

const LIST: Record<Kind, string> = { posts: "/blog", news: "/news", events: "/events" };
const FEED_FILES = { rss: "rss.xml", atom: "atom.xml", json: "feed.json" } as const;
const FEED_TYPES = { rss: "application/rss+xml; charset=utf-8", atom: "application/atom+xml; charset=utf-8", json: "application/feed+json; charset=utf-8" } as const;
const FEED_BASES = ["/blog", "/news", "/events", ""] as const;
const pathOf = (fixture: Fixture) => `${LIST[fixture.kind]}/${fixture.slug}`;

let app: FastifyInstance;
let base = "";
const texts = new Map<string, string>();

/** GET from the fixture build's server: its status, type and text. */
async function get(path: string): Promise<{ status: number; type: string; body: Buffer }> {
  const response = await fetch(`${base}${path}`, { redirect: "manual" });
  return { status: response.status, type: response.headers.get("content-type") ?? "", body: Buffer.from(await response.arrayBuffer()) };
}

async function text(path: string): Promise<string> {
  const known = texts.get(path);
  if (known !== undefined) return known;
  const response = await get(path);
  expect(response.status, path).toBe(200);
  const body = response.body.toString("utf8");
  texts.set(path, body);
  return body;
}

/** A site address as the local server answers it. */
const local = (url: string) => (url.startsWith(SITE) ? url.slice(SITE.length) || "/" : url);

beforeAll(async () => {
  const site = fixtureSite();
  app = await buildApp({ clientDir: site.client, securityManifest: site.securityManifest, logLevel: "silent" });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("the server has no port");
  base = `http://127.0.0.1:${address.port}`;
}, 240_000);

afterAll(async () => {
  await app.close();
});

describe("a production build of the fixture collections", () => {
  it.each(FIXTURES.map((fixture) => [`${fixture.kind}/${fixture.slug}`, fixture] as const))(
    "PUB-3 %s is in or out of its page, twin, lists, feeds, sitemap and llms.txt as its draft flag and date say",
    async (_name, fixture) => {
      const path = pathOf(fixture);
      const url = `${SITE}${path}`;
      expect((await get(path)).status, path).toBe(fixture.public ? 200 : 404);
      expect((await get(`${path}.md`)).status, `${path}.md`).toBe(fixture.public ? 200 : 404);
      expect((await text(LIST[fixture.kind])).includes(`href="${path}"`), LIST[fixture.kind]).toBe(fixture.public);
      for (const feedBase of [LIST[fixture.kind], ""]) {
        for (const file of Object.values(FEED_FILES)) {
          expect((await text(`${feedBase}/${file}`)).includes(url), `${feedBase}/${file}`).toBe(fixture.public);
        }
      }
      expect((await text("/sitemap.xml")).includes(`<loc>${url}</loc>`), "sitemap.xml").toBe(fixture.public);
      expect((await text("/llms.txt")).includes(`(${url}.md)`), "llms.txt").toBe(fixture.public);
      expect((await text("/llms-full.txt")).includes(fixture.title), "llms-full.txt").toBe(fixture.public);
      if (fixture.kind === "events") expect((await get(`${path}.ics`)).status, `${path}.ics`).toBe(fixture.public ? 200 : 404);
    },
  );

  it("PUB-4 gives each public entry its last change in the sitemap", async () => {
    const sitemap = await text("/sitemap.xml");
    expect(sitemap).toContain(`<loc>${SITE}/blog/normal-post</loc>\n    <lastmod>2026-02-01</lastmod>`);
    expect(sitemap).toContain(`<loc>${SITE}/news/normal-news</loc>\n    <lastmod>2026-02-01</lastmod>`);
    // The blog's own entry is as new as its newest post's update.
    expect(sitemap).toContain(`<loc>${SITE}/blog</loc>\n    <lastmod>2026-02-01</lastmod>`);
  });

  it("PUB-4 gives each entry's page its canonical URL, social tags and JSON-LD: BlogPosting, NewsArticle, Event", async () => {
    const jsonLd = (html: string) =>
      [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((match) => JSON.parse(match[1] ?? "") as Record<string, unknown>);
    const cases = [
      ["/blog/normal-post", "BlogPosting", { headline: "Fixture: a normal post", datePublished: "2026-01-15", dateModified: "2026-02-01", author: { "@type": "Organization", name: "Veilvault product team" } }],
      ["/news/normal-news", "NewsArticle", { headline: "Fixture: a news item", datePublished: "2026-02-01", image: `${SITE}/social/news/normal-news.png` }],
      ["/events/across-time-zones", "Event", { startDate: "2099-12-03T22:30:00+05:30", endDate: "2099-12-03T18:30:00Z", location: { "@type": "VirtualLocation", url: "https://example.com/webinar" } }],
    ] as const;
    for (const [path, type, fields] of cases) {
      const html = await text(path);
      expect(html, path).toContain(`<link rel="canonical" href="${SITE}${path}"/>`);
      expect(html, path).toContain(`<meta name="twitter:card" content="summary_large_image"/>`);
      expect(html, path).toContain(`<meta property="og:url" content="${SITE}${path}"/>`);
      const data = jsonLd(html).find((item) => item["@type"] === type);
      expect(data, `${path} ${type}`).toMatchObject({ "@context": "https://schema.org", url: `${SITE}${path}`, ...fields });
    }
  });

  it.each(FEED_BASES.flatMap((feedBase) => (Object.keys(FEED_FILES) as (keyof typeof FEED_FILES)[]).map((format) => [`${feedBase}/${FEED_FILES[format]}`, format] as const)))(
    "PUB-5 %s is a valid feed of its format, with its type, each entry's full text and only absolute links",
    async (path, format) => {
      const response = await get(path);
      expect(response.status).toBe(200);
      expect(response.type).toBe(FEED_TYPES[format]);
      const body = response.body.toString("utf8");
      let contents: string[];
      if (format === "json") {
        const feed: unknown = JSON.parse(body);
        const ajv = new Ajv({ allErrors: true, strict: false });
        addFormats(ajv);
        const schema: unknown = JSON.parse(readFileSync(require.resolve("jsonfeed-schema/schema-v1.1.json"), "utf8"));
        const valid = ajv.validate(schema as object, feed);
        expect(ajv.errors ?? [], "JSON Feed 1.1 schema").toEqual([]);
        expect(valid).toBe(true);
        const parsed = parseJsonFeed(body);
        expect(parsed.feed_url).toBe(`${SITE}${path}`);
        contents = (parsed.items ?? []).map((item) => item.content_html ?? "");
        for (const item of parsed.items ?? []) expect(item.url, item.id).toMatch(/^https:\/\/veilvault\.example\//);
      } else {
        // Well-formed XML first: jsdom's XML parser refuses anything else.
        expect(() => new JSDOM(body, { contentType: "application/xml" })).not.toThrow();
        if (format === "rss") {
          const feed = parseRssFeed(body);
          expect(feed.title && feed.link && feed.description, "channel title, link, description").toBeTruthy();
          expect(feed.atom?.links?.some((link) => link.rel === "self" && link.href === `${SITE}${path}`)).toBe(true);
          for (const item of feed.items ?? []) {
            expect(item.title && item.link && item.guid?.value && item.pubDate, item.link).toBeTruthy();
            expect(item.dc?.creators?.length, "a named author").toBeGreaterThan(0);
          }
          contents = (feed.items ?? []).map((item) => item.content?.encoded ?? "");
        } else {
          const feed = parseAtomFeed(body);
          expect(feed.id && feed.title && feed.updated, "feed id, title, updated").toBeTruthy();
          expect(feed.links?.some((link) => link.rel === "self" && link.href === `${SITE}${path}`)).toBe(true);
          for (const entry of feed.entries ?? []) {
            expect(entry.id && entry.title && entry.updated && entry.links?.[0]?.href, entry.id).toBeTruthy();
            expect(entry.authors?.length ?? feed.authors?.length, "an author").toBeGreaterThan(0);
          }
          contents = (feed.entries ?? []).map((entry) => entry.content?.value ?? "");
        }
      }
      for (const content of contents) {
        expect(content.length, "the entry's full text").toBeGreaterThan(30);
        for (const [, target] of content.matchAll(/(?:href|src)="([^"]*)"/g)) expect(target, "an absolute link").toMatch(/^https?:\/\//);
      }
    },
  );

  it("PUB-5 PUB-7 every address in the feeds and llms.txt answers 200 with its type", async () => {
    const urls = new Set<string>();
    for (const feedBase of FEED_BASES) {
      const feed = parseJsonFeed(await text(`${feedBase}/feed.json`));
      for (const url of [feed.home_page_url, feed.feed_url, feed.icon, feed.favicon]) if (url) urls.add(url);
      for (const item of feed.items ?? []) for (const url of [item.url, item.image]) if (url) urls.add(url);
      const rss = parseRssFeed(await text(`${feedBase}/rss.xml`));
      for (const item of rss.items ?? []) if (item.link) urls.add(item.link);
      const atom = parseAtomFeed(await text(`${feedBase}/atom.xml`));
      for (const link of atom.links ?? []) urls.add(link.href ?? "");
    }
    const llms = await text("/llms.txt");
    for (const [, url] of llms.matchAll(/\]\((https:\/\/veilvault\.example\/[^)\s]*)\)/g)) urls.add(url ?? "");
    expect(urls.size).toBeGreaterThan(40);
    const typeOf = (path: string) => {
      if (path.endsWith(".md")) return "text/markdown; charset=utf-8";
      if (path.endsWith(".png")) return "image/png";
      if (path.endsWith(".ico")) return "image/vnd.microsoft.icon";
      const feed = (Object.keys(FEED_FILES) as (keyof typeof FEED_FILES)[]).find((format) => path.endsWith(`/${FEED_FILES[format]}`));
      return feed ? FEED_TYPES[feed] : "text/html; charset=utf-8";
    };
    for (const url of urls) {
      expect(url, "a site address").toMatch(/^https:\/\/veilvault\.example\//);
      const path = local(url);
      const response = await get(path);
      expect(response.status, url).toBe(200);
      expect(response.type, url).toBe(typeOf(path));
    }
  });

  it("PUB-7 llms.txt follows the format: an H1, a summary blockquote, then H2 sections of links", async () => {
    const lines = (await text("/llms.txt")).split("\n");
    expect(lines[0]).toBe("# Veilvault");
    expect(lines[2]).toMatch(/^> \S/);
    const headings = lines.filter((line) => line.startsWith("#"));
    expect(headings.slice(1).every((line) => line.startsWith("## "))).toBe(true);
    expect(headings).toEqual(expect.arrayContaining(["## Product", "## Blog", "## News", "## Events", "## Optional"]));
    for (const line of lines.filter((candidate) => candidate.startsWith("- "))) expect(line).toMatch(/^- \[[^\]]+\]\(https:\/\/\S+\.md\): \S/);
    // Every page of the site, not only the collections: the route table's pages too.
    expect(lines).toContainEqual(expect.stringContaining(`(${SITE}/features.md)`));
  });

  it("PUB-3 the event's calendar file imports: a parser reads back the same start and end", async () => {
    const response = await get("/events/across-time-zones.ics");
    expect(response.type).toBe("text/calendar; charset=utf-8");
    const calendar = ICAL.Component.fromString(response.body.toString("utf8"));
    const event = new ICAL.Event(calendar.getFirstSubcomponent("vevent") ?? undefined);
    // Written 22:30 in India (+05:30) and 18:30 UTC: the same two moments.
    expect(event.startDate.toJSDate().toISOString()).toBe(new Date("2099-12-03T22:30:00+05:30").toISOString());
    expect(event.endDate.toJSDate().toISOString()).toBe(new Date("2099-12-03T18:30:00Z").toISOString());
    expect(event.summary).toBe("Fixture: an event across time zones");
    expect(event.location).toBe("https://example.com/webinar");
  });

  it("PUB-3 shows an event across time zones in the zone it is held in, and a past event under past events", async () => {
    const page = await text("/events/across-time-zones");
    expect(page).toContain("Thu 3 December 2099, 22:30 GMT+5:30 – Fri 4 December 2099, 00:00 GMT+5:30 (Asia/Kolkata)");
    const list = await text("/events");
    const past = list.indexOf('id="past-events"');
    expect(past).toBeGreaterThan(-1);
    expect(list.indexOf('href="/events/past-event"')).toBeGreaterThan(past);
    expect(list.indexOf('href="/events/across-time-zones"')).toBeLessThan(past);
    expect(await text("/events/past-event")).toContain("This event has ended.");
  });

  it("PUB-3 gives the long post a contents list and the short ones none, and keeps a Unicode title whole everywhere", async () => {
    expect(await text("/blog/long-post")).toContain('aria-labelledby="contents-title"');
    expect(await text("/blog/normal-post")).not.toContain('aria-labelledby="contents-title"');
    const title = "Données, Ελληνικά и кириллица: Tiếng Việt in one title";
    expect(await text("/blog/unicode-title")).toContain(`<h1 id="page-title"`);
    expect(await text("/blog/unicode-title")).toContain(title);
    expect(await text("/blog/unicode-title.md")).toContain(`# ${title}`);
    expect(await text("/blog/feed.json")).toContain(title);
    expect(await text("/blog/rss.xml")).toContain(title);
  });

  it("SEC-2 EDIT-7 allows by CSP only the build's own inline code, the same on every entry's page as on every other", async () => {
    const site = fixtureSite();
    const pages = await inlineCodeByPage(site.client);
    const home = pages.get("/")!;
    for (const fixture of FIXTURES.filter((candidate) => candidate.public)) expect(pages.get(pathOf(fixture)), pathOf(fixture)).toEqual(home);
    for (const [route, code] of pages) expect(code, route).toEqual(home);
    const { contentSecurityPolicy } = JSON.parse(readFileSync(site.securityManifest, "utf8")) as { contentSecurityPolicy: string };
    expect(cspHashes(contentSecurityPolicy, "script-src")).toEqual(home.scripts);
    expect(cspHashes(contentSecurityPolicy, "style-src")).toEqual(home.styles);
    // The head script, the Speculation Rules and the island script's loader; the stylesheet (the island script is a file of our own origin).
    expect([home.scripts.length, home.styles.length]).toEqual([3, 1]);
    // Markup a post shows as code is text on its page and in its feeds.
    expect(await text("/blog/normal-post")).toContain("<code>&lt;script&gt;alert(1)&lt;/script&gt;</code>");
    expect(await text("/blog/feed.json")).toContain("<code>&lt;script&gt;alert(1)&lt;/script&gt;</code>");
  });

  it("PUB-6 draws a 1200 × 630 PNG for each public post and news item, and none for the others", async () => {
    for (const fixture of FIXTURES.filter((candidate) => candidate.kind !== "events")) {
      const path = `/social/${fixture.kind === "posts" ? "blog" : "news"}/${fixture.slug}.png`;
      const response = await get(path);
      expect(response.status, path).toBe(fixture.public ? 200 : 404);
      if (!fixture.public) continue;
      expect(response.type).toBe("image/png");
      expect(response.body.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])), path).toBe(true);
      // IHDR: width and height, big-endian, at bytes 16 and 20.
      expect([response.body.readUInt32BE(16), response.body.readUInt32BE(20)], path).toEqual([1200, 630]);
      expect(await text(pathOf(fixture))).toContain(`<meta property="og:image" content="${SITE}${path}"/>`);
    }
  });
});

/** tests/fixtures/use-cases: landing pages added as files beside the site's own six (UC-13). */
const LANDING_FIXTURES = [
  {
    path: "/use-cases/fixture-campaign",
    label: "Fixture campaign",
    title: "Fixture: a campaign landing page",
    description: "A landing page added as a file and left out of the menu, which still has its address, its sitemap line, its llms.txt link and its twin.",
    inMenu: false,
  },
  {
    path: "/use-cases/fixture-in-menu",
    label: "Fixture in the menu",
    blurb: "Listed from its own file",
    title: "Fixture: a landing page in the menu",
    description: "A landing page added as a file that asks to be shown in the Use Cases menu, after the six pages that give their order in it.",
    inMenu: true,
  },
] as const;

/** The page's header, which holds the Use Cases menu and the mobile menu. */
const headerOf = (html: string) => html.slice(html.indexOf("<header"), html.indexOf("</header>"));

describe("UC-13 a use-case landing page added as a file", () => {
  it.each(LANDING_FIXTURES.map((fixture) => [fixture.path, fixture] as const))(
    "%s is a page at its address, with its file's title, description and canonical URL, in sitemap.xml and llms.txt, with its Markdown twin",
    async (path, fixture) => {
      const html = await text(path);
      expect(html).toContain(`<title>${fixture.title} | Veilvault</title>`);
      expect(html).toContain(`<meta name="description" content="${fixture.description}"/>`);
      expect(html).toContain(`<link rel="canonical" href="${SITE}${path}"/>`);
      expect(html).toContain(`<link rel="alternate" type="text/markdown" href="${SITE}${path}.md"`);
      // The landing layout, drawn from the file like the six.
      expect(html).toContain(`<h1 id="page-title"`);
      expect(await text("/sitemap.xml")).toContain(`<loc>${SITE}${path}</loc>`);
      expect(await text("/llms.txt")).toContain(`- [${fixture.label}](${SITE}${path}.md): ${fixture.description}`);
      const twin = await get(`${path}.md`);
      expect(twin.status).toBe(200);
      expect(twin.type).toBe("text/markdown; charset=utf-8");
      expect(twin.body.toString("utf8")).toContain(`# ${fixture.title}`);
      expect(await text("/llms-full.txt")).toContain(`# ${fixture.title}`);
    },
  );

  it("the Use Cases menu and the mobile menu list the page whose file says showInMenu, after the six, and not the campaign page; the hub lists neither", async () => {
    const [campaign, inMenu] = LANDING_FIXTURES;
    for (const path of ["/", "/features", campaign.path, inMenu.path]) {
      const header = headerOf(await text(path));
      expect(header, path).not.toContain(`href="${campaign.path}"`);
      // Once in the desktop menu, once in the mobile menu, each time with its blurb.
      expect(header.split(`href="${inMenu.path}"`), path).toHaveLength(3);
      expect(header.split(inMenu.blurb), path).toHaveLength(3);
      const solutions = [...header.matchAll(/href="(\/use-cases\/[^"]+)"/g)].map((match) => match[1]);
      expect(solutions.slice(0, solutions.length / 2), path).toEqual([
        "/use-cases/generative-ai-workflow",
        "/use-cases/data-residency",
        "/use-cases/secure-analytics",
        "/use-cases/unstructured-data",
        "/use-cases/vendor-sharing",
        "/use-cases/disaster-response",
        inMenu.path,
      ]);
    }
    const hub = await text("/use-case");
    const main = hub.slice(hub.indexOf("<main"), hub.indexOf("</main>"));
    for (const fixture of LANDING_FIXTURES) expect(main, "the hub's content").not.toContain(fixture.path);
  });
});
