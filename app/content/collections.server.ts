/**
 * The publishing collections (PUB-1) as the pages, the feeds and the build
 * read them: every Markdown file of content/posts, content/news and
 * content/events, held to its schema, with its slug (the file's name) and its
 * body. Which entries are public is decided here once (PUB-3): a draft, or a
 * post or news item dated after the build, shows while editing (`npm run dev`,
 * `npm run cms`) and never in a production build.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import type { z } from "zod";
import { CONTENT_DIR, readMarkdownFile } from "./content-files.server.ts";
import { eventSchema, newsItemSchema, postSchema, type EventEntry, type NewsItem, type Post } from "./schemas/collection-entries.ts";

export interface Entry<Data> {
  /** The file's name without `.md`: the last segment of the entry's address. */
  slug: string;
  /** Its path inside content/, for messages. */
  file: string;
  data: Data;
  /** The Markdown after the frontmatter. */
  body: string;
}

export type PostEntry = Entry<Post>;
export type NewsEntry = Entry<NewsItem>;
export type EventItem = Entry<EventEntry>;

/** What decides whether an entry is public: the build's date, and whether unpublished entries show. */
export interface Visibility {
  /** Today as YYYY-MM-DD (UTC): entries dated later are not yet published. */
  today: string;
  showUnpublished: boolean;
}

/**
 * The visibility of this process: the development server (`npm run dev`, and
 * `npm run cms`, which runs it) sets NODE_ENV to development and shows
 * everything; the production build, the postbuild step and the tests do not.
 */
export function currentVisibility(now: Date = new Date()): Visibility {
  return { today: now.toISOString().slice(0, 10), showUnpublished: process.env.NODE_ENV === "development" };
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function readCollection<Schema extends z.ZodType>(folder: string, schema: Schema, dir: string): Entry<z.infer<Schema>>[] {
  let names: string[];
  try {
    names = readdirSync(join(dir, folder)).filter((name) => name.endsWith(".md"));
  } catch {
    // An empty collection may have no folder at all (git keeps no empty folders).
    return [];
  }
  return names.sort().map((name) => {
    const slug = name.slice(0, -".md".length);
    const file = `${folder}/${name}`;
    // The CMS names files from their titles; a name no address can hold is refused, not mangled.
    if (!SLUG.test(slug)) throw new Error(`content/${file}: (the file's name): use lower-case letters, digits and dashes, as the CMS names files`);
    return { slug, file, ...readMarkdownFile(file, schema, dir) };
  });
}

const isPublic = (draft: boolean | undefined, date: string | undefined, visibility: Visibility) =>
  visibility.showUnpublished || (!draft && (date === undefined || date <= visibility.today));

export interface Collections {
  /** Newest first. */
  posts: PostEntry[];
  /** Newest first. */
  news: NewsEntry[];
  /** By start, earliest first. */
  events: EventItem[];
}

/** The public entries of every collection under `dir`, sorted. */
export function loadCollections(visibility: Visibility = currentVisibility(), dir: string = CONTENT_DIR): Collections {
  const posts = readCollection("posts", postSchema, dir)
    .filter((post) => isPublic(post.data.draft, post.data.published, visibility))
    .sort((a, b) => b.data.published.localeCompare(a.data.published) || a.slug.localeCompare(b.slug));
  const news = readCollection("news", newsItemSchema, dir)
    .filter((item) => isPublic(item.data.draft, item.data.date, visibility))
    .sort((a, b) => b.data.date.localeCompare(a.data.date) || a.slug.localeCompare(b.slug));
  // An event is announced before it happens: only the draft flag holds it back.
  const events = readCollection("events", eventSchema, dir)
    .filter((event) => isPublic(event.data.draft, undefined, visibility))
    .sort((a, b) => Date.parse(a.data.start) - Date.parse(b.data.start) || a.slug.localeCompare(b.slug));
  return { posts, news, events };
}

let cached: Collections | undefined;

/** The collections of this build, read once per process. */
export function collections(): Collections {
  if (process.env.NODE_ENV === "development") return loadCollections();
  cached ??= loadCollections();
  return cached;
}
