/**
 * The feeds (PUB-5): RSS 2.0, Atom 1.0 and JSON Feed 1.1 for the blog, the
 * news and the events, and the same three for all of them together, written
 * by feedsmith from one list of entries. Every entry carries its full text as
 * HTML with absolute links, so a reader shows it whole, away from the site.
 * Authors are names without e-mail addresses, so RSS names them in
 * dc:creator (its own <author> requires an address).
 */
import { generateAtomFeed, generateJsonFeed, generateRssFeed } from "feedsmith";
import { FEED_FORMATS, type FeedFormat } from "../../../common/published-files.ts";
import { refuseInvalidFeeds } from "./feed-validation.ts";
import type { Collections, EventItem, NewsEntry, PostEntry } from "../../../app/content/collections.server.ts";
import { escapeAttribute } from "../../../app/lib/markdown.server.ts";
import { entryText } from "../../../app/lib/publishing/entry-text.server.ts";
import { eventWhen } from "../../../app/lib/publishing/event-times.ts";
import { LOGO_PATH } from "../../../app/lib/seo.ts";
import { absoluteUrl, site } from "../../../app/site/config.ts";
import { COLLECTIONS, collectionFeedPath, eventPath, newsItemPath, postPath, socialImagePath, type CollectionName } from "../../../app/site/publishing.ts";

/** Links and pictures of the page's HTML made absolute: `/x` on the site, `#note` on the page itself. */
export function absoluteHtml(html: string, pageUrl: string): string {
  return html.replace(/(href|src)="(\/(?!\/)|#)/g, (_match, attribute: string, start: string) => `${attribute}="${start === "#" ? `${pageUrl}#` : `${site.url}/`}`);
}

/** One entry, in the terms all three formats share. */
interface FeedEntry {
  title: string;
  url: string;
  summary: string;
  html: string;
  published: Date;
  updated: Date;
  author: string;
  tags: string[];
  image?: string;
}

const builtAt = new Date();
const midnight = (date: string) => new Date(`${date}T00:00:00Z`);

function postEntry(post: PostEntry): FeedEntry {
  const url = absoluteUrl(postPath(post.slug));
  return {
    title: post.data.title,
    url,
    summary: post.data.description,
    html: absoluteHtml(entryText(post.body).html, url),
    published: midnight(post.data.published),
    updated: midnight(post.data.updated ?? post.data.published),
    author: post.data.author,
    tags: [...post.data.tags],
    image: absoluteUrl(post.data.cover?.src ?? socialImagePath("posts", post.slug)),
  };
}

function newsEntry(item: NewsEntry): FeedEntry {
  const url = absoluteUrl(newsItemPath(item.slug));
  const more = item.data.link ? `<p><a href="${escapeAttribute(item.data.link)}">${escapeAttribute(item.data.link)}</a></p>` : "";
  return {
    title: item.data.title,
    url,
    summary: item.data.summary,
    html: absoluteHtml(entryText(item.body).html, url) + more,
    published: midnight(item.data.date),
    updated: midnight(item.data.date),
    author: site.name,
    tags: [],
    image: absoluteUrl(socialImagePath("news", item.slug)),
  };
}

function eventEntry(event: EventItem): FeedEntry {
  const url = absoluteUrl(eventPath(event.slug));
  const { where } = event.data;
  const place = "online" in where ? `<a href="${escapeAttribute(where.online)}">${escapeAttribute(where.online)}</a>` : escapeAttribute(where.place);
  const facts = `<p>${escapeAttribute(eventWhen(event.data))}<br>${place}<br><a href="${escapeAttribute(event.data.registration)}">${escapeAttribute(event.data.registration)}</a></p>`;
  // An event is dated by its start: readers list it where it happens.
  const start = new Date(event.data.start);
  return { title: event.data.title, url, summary: event.data.description, html: facts + absoluteHtml(entryText(event.body).html, url), published: start, updated: start, author: site.name, tags: [] };
}

function writeFeed(collection: CollectionName | undefined, unsorted: FeedEntry[]): Record<FeedFormat, string> {
  const home = absoluteUrl(collection ? COLLECTIONS[collection].list : "/");
  const title = collection ? `${site.name} ${COLLECTIONS[collection].name}` : site.name;
  const self = (format: FeedFormat) => absoluteUrl(collectionFeedPath(collection, format));
  const entries = [...unsorted].sort((a, b) => b.published.getTime() - a.published.getTime());
  // The newest entry's date, not the clock, so the same content gives the same feeds; an empty feed is as new as the build.
  const newest = Math.max(0, ...entries.map((entry) => entry.updated.getTime()));
  const updated = newest > 0 ? new Date(newest) : builtAt;
  const rights = `© ${site.buildYear} ${site.legalName}`;
  const rss = generateRssFeed({
    title,
    link: home,
    description: site.description,
    language: site.language,
    copyright: rights,
    lastBuildDate: updated,
    image: { url: absoluteUrl(LOGO_PATH), title, link: home },
    atom: { links: [{ href: self("rss"), rel: "self", type: FEED_FORMATS.rss.type.split(";")[0] }] },
    items: entries.map((entry) => ({
      title: entry.title,
      link: entry.url,
      guid: { value: entry.url, isPermaLink: true },
      description: entry.summary,
      content: { encoded: entry.html },
      pubDate: entry.published,
      dc: { creators: [entry.author] },
      categories: entry.tags.map((name) => ({ name })),
    })),
  });
  const atom = generateAtomFeed({
    id: home,
    title: { value: title },
    subtitle: { value: site.description },
    updated,
    rights: { value: rights },
    icon: absoluteUrl("/favicon.ico"),
    logo: absoluteUrl(LOGO_PATH),
    authors: [{ name: site.name, uri: absoluteUrl("/") }],
    links: [
      { href: home, rel: "alternate", type: "text/html" },
      { href: self("atom"), rel: "self", type: FEED_FORMATS.atom.type.split(";")[0] },
    ],
    entries: entries.map((entry) => ({
      id: entry.url,
      title: { value: entry.title },
      links: [{ href: entry.url, rel: "alternate", type: "text/html" }],
      published: entry.published,
      updated: entry.updated,
      summary: { value: entry.summary },
      content: { value: entry.html, type: "html" },
      authors: [{ name: entry.author }],
      categories: entry.tags.map((term) => ({ term })),
    })),
  });
  // feedsmith types what it generates as unknown: an object, without the lists it found empty.
  const json = generateJsonFeed({
    title,
    home_page_url: home,
    feed_url: self("json"),
    description: site.description,
    language: site.language,
    icon: absoluteUrl(LOGO_PATH),
    favicon: absoluteUrl("/favicon.ico"),
    authors: [{ name: site.name, url: absoluteUrl("/") }],
    items: entries.map((entry) => ({
      id: entry.url,
      url: entry.url,
      title: entry.title,
      summary: entry.summary,
      content_html: entry.html,
      date_published: entry.published,
      date_modified: entry.updated,
      authors: [{ name: entry.author }],
      ...(entry.tags.length ? { tags: entry.tags } : {}),
      ...(entry.image ? { image: entry.image } : {}),
    })),
  }) as { items?: unknown[] };
  // feedsmith drops an empty list, but JSON Feed 1.1 requires `items`: a collection with no entry yet publishes [].
  return { rss, atom, json: `${JSON.stringify({ ...json, items: json.items ?? [] }, null, 2)}\n` };
}

/** Every feed file: its path on the site and its text, each checked against its format (the build stops at one that fails). */
export function feedFiles(from: Collections): { path: string; text: string }[] {
  const entries = { posts: from.posts.map(postEntry), news: from.news.map(newsEntry), events: from.events.map(eventEntry) } satisfies Record<CollectionName, FeedEntry[]>;
  const feeds: [CollectionName | undefined, FeedEntry[]][] = [
    ["posts", entries.posts],
    ["news", entries.news],
    ["events", entries.events],
    [undefined, [...entries.posts, ...entries.news, ...entries.events]],
  ];
  const files = feeds.flatMap(([collection, list]) => {
    const texts = writeFeed(collection, list);
    return (Object.keys(FEED_FORMATS) as FeedFormat[]).map((format) => ({ path: collectionFeedPath(collection, format), text: texts[format] }));
  });
  refuseInvalidFeeds(files);
  return files;
}
