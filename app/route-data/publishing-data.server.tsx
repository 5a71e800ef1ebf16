/**
 * What the publishing pages' loader returns (PUB-3): /blog and its later
 * pages, tag pages and posts; /news and its items; /events and each event.
 * Every page is drawn at build time (PERF-8) from the collections this build
 * publishes, with its metadata: canonical URL, social image, JSON-LD and the
 * collection's feeds.
 */
import type { ReactNode } from "react";
import type { MetaDescriptor } from "react-router";
import { FEED_FORMATS, type FeedFormat } from "../../common/published-files.ts";
import { EventList, EventPage, NewsItemPage, NewsList, type EventSummary } from "../components/publishing/news-and-events.tsx";
import { PostList, type PostSummary } from "../components/publishing/post-list.tsx";
import { PostPage } from "../components/publishing/post-page.tsx";
import { collections, type EventItem, type NewsEntry, type PostEntry } from "../content/collections.server.ts";
import { blogPage, eventsPage, newsPage } from "../content/pages.server.ts";
import { fillPlaces } from "../content/schemas/copy.ts";
import { dateText } from "../lib/publishing/dates.ts";
import { entryText, needsContents } from "../lib/publishing/entry-text.server.ts";
import { eventWhen, isUpcoming } from "../lib/publishing/event-times.ts";
import { neighbours, pageOfPosts, relatedPosts, tagsOf } from "../lib/publishing/post-lists.ts";
import { LOGO_PATH } from "../lib/seo.ts";
import { absoluteUrl, site } from "../site/config.ts";
import {
  blogPagePath,
  COLLECTIONS,
  collectionFeedPath,
  eventCalendarPath,
  eventPath,
  newsItemPath,
  POSTS_PER_PAGE,
  postPath,
  socialImagePath,
  tagPath,
  tagSlug,
  type CollectionName,
} from "../site/publishing.ts";
import { feedAlternates, metaWithAlternates, pageMeta } from "./page-data.server.ts";
import { staticMarkup } from "./static-markup.server.tsx";

/**
 * No public entry has this address (in development, a mistyped slug): React
 * Router answers a Response thrown by a loader with its status, its documented
 * way for a loader to say that a page does not exist.
 */
function notFound(): never {
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Router's convention, above.
  throw new Response("Not Found", { status: 404 });
}


function feedLinks(collection: CollectionName): Record<FeedFormat, string> {
  return Object.fromEntries((Object.keys(FEED_FORMATS) as FeedFormat[]).map((format) => [format, collectionFeedPath(collection, format)])) as Record<FeedFormat, string>;
}

/** The company as author and publisher in structured data: posts are signed by a team, never a person. */
function organization(name: string = site.name) {
  return { "@type": "Organization", name, url: absoluteUrl("/"), logo: absoluteUrl(LOGO_PATH) };
}

const tagLinks = (tags: readonly string[]) => tags.map((label) => ({ label, to: tagPath(tagSlug(label)) }));

export function postSummary(post: PostEntry): PostSummary {
  return {
    to: postPath(post.slug),
    title: post.data.title,
    description: post.data.description,
    published: { iso: post.data.published, text: dateText(post.data.published) },
    readingTime: fillPlaces(blogPage.post.readingTime, { minutes: entryText(post.body).minutes }),
    tags: tagLinks(post.data.tags),
  };
}

interface Drawn {
  page: { html: string };
  meta: MetaDescriptor[];
}

function drawn(path: string, node: ReactNode, meta: MetaDescriptor[]): Drawn {
  return { page: staticMarkup(node), meta };
}

function blogList(pageNumber: number): Drawn {
  const { posts } = collections();
  const { items, pages } = pageOfPosts(posts, pageNumber, POSTS_PER_PAGE);
  if (pageNumber > pages) notFound();
  const path = blogPagePath(pageNumber);
  const content = blogPage;
  const position = fillPlaces(content.pagination.title, { page: pageNumber, pages });
  // The blog's list is where readers look for feeds: beside its own, it names the combined ones (PUB-5).
  const alternates = [...feedAlternates("posts"), ...feedAlternates()];
  const meta =
    pageNumber === 1 ? pageMeta("/blog", alternates) : metaWithAlternates({ path, title: position, description: content.meta.description }, alternates);
  return drawn(
    path,
    <PostList
      intro={content.intro}
      posts={items.map(postSummary)}
      topics={{ label: content.tagsLabel, tags: tagsOf(posts).map((tag) => ({ label: tag.label, to: tagPath(tag.slug) })) }}
      {...(pages > 1
        ? {
            pagination: {
              label: content.pagination.label,
              position,
              ...(pageNumber > 1 ? { newer: { label: content.pagination.newer, to: blogPagePath(pageNumber - 1) } } : {}),
              ...(pageNumber < pages ? { older: { label: content.pagination.older, to: blogPagePath(pageNumber + 1) } } : {}),
            },
          }
        : {})}
      empty={content.empty}
      feeds={{ label: content.feeds.label, links: feedLinks("posts") }}
      tagsLabel={content.tagsLabel}
    />,
    meta,
  );
}

function tagList(slug: string): Drawn {
  const tag = tagsOf(collections().posts).find((candidate) => candidate.slug === slug);
  if (!tag) notFound();
  const path = tagPath(tag.slug);
  const content = blogPage;
  return drawn(
    path,
    <PostList
      intro={{ heading: fillPlaces(content.tagPage.heading, { tag: tag.label }), back: { label: content.tagPage.allPosts, to: COLLECTIONS.posts.list } }}
      posts={tag.posts.map(postSummary)}
      empty={content.empty}
      feeds={{ label: content.feeds.label, links: feedLinks("posts") }}
      tagsLabel={content.tagsLabel}
    />,
    metaWithAlternates({ path, title: fillPlaces(content.tagPage.title, { tag: tag.label }), description: fillPlaces(content.tagPage.description, { tag: tag.label }) }, feedAlternates("posts")),
  );
}

/** An article's structured data: a post's BlogPosting or a news item's NewsArticle, signed by the company or its team. */
function articleJsonLd(type: "BlogPosting" | "NewsArticle", article: { path: string; title: string; description: string; published: string; modified: string; author?: string; image: string }, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const url = absoluteUrl(article.path);
  return {
    "@context": "https://schema.org",
    "@type": type,
    headline: article.title,
    description: article.description,
    url,
    mainEntityOfPage: url,
    datePublished: article.published,
    dateModified: article.modified,
    author: organization(article.author),
    publisher: organization(),
    image: absoluteUrl(article.image),
    inLanguage: site.language,
    ...extra,
  };
}

export function postJsonLd(post: PostEntry): Record<string, unknown> {
  const { data } = post;
  return articleJsonLd(
    "BlogPosting",
    { path: postPath(post.slug), title: data.title, description: data.description, published: data.published, modified: data.updated ?? data.published, author: data.author, image: data.cover?.src ?? socialImagePath("posts", post.slug) },
    { keywords: data.tags.join(", "), wordCount: entryText(post.body).words },
  );
}

function postPage(slug: string): Drawn {
  const { posts } = collections();
  const post = posts.find((candidate) => candidate.slug === slug);
  if (!post) notFound();
  const path = postPath(post.slug);
  const words = blogPage.post;
  const text = entryText(post.body);
  const { older, newer } = neighbours(posts, post.slug);
  const link = (label: string, other: PostEntry | undefined) => (other ? { label, to: postPath(other.slug), title: other.data.title } : undefined);
  const olderLink = link(words.previous, older);
  const newerLink = link(words.next, newer);
  return drawn(
    path,
    <PostPage
      title={post.data.title}
      description={post.data.description}
      byline={`${words.by} ${post.data.author}`}
      published={{ label: words.published, iso: post.data.published, text: dateText(post.data.published) }}
      {...(post.data.updated ? { updated: { label: words.updated, iso: post.data.updated, text: dateText(post.data.updated) } } : {})}
      readingTime={fillPlaces(words.readingTime, { minutes: text.minutes })}
      tags={tagLinks(post.data.tags)}
      tagsLabel={blogPage.tagsLabel}
      {...(post.data.cover ? { cover: post.data.cover } : {})}
      {...(needsContents(text) ? { contents: { label: words.contents, sections: text.sections } } : {})}
      html={text.html}
      newsletter={words.newsletter}
      neighbours={{ label: blogPage.pagination.label, ...(olderLink ? { older: olderLink } : {}), ...(newerLink ? { newer: newerLink } : {}) }}
      related={{ label: words.related, posts: relatedPosts(post, posts).map(postSummary) }}
    />,
    metaWithAlternates({
      path,
      title: post.data.title,
      description: post.data.description,
      keywords: post.data.tags,
      ogType: "article",
      ogImage: post.data.cover?.src ?? socialImagePath("posts", post.slug),
      ogImageAlt: post.data.cover?.alt ?? post.data.title,
      jsonLd: [postJsonLd(post)],
    }, feedAlternates("posts")),
  );
}

function newsList(): Drawn {
  const content = newsPage;
  return drawn(
    COLLECTIONS.news.list,
    <NewsList
      intro={content.intro}
      items={collections().news.map((item) => ({ to: newsItemPath(item.slug), title: item.data.title, date: { iso: item.data.date, text: dateText(item.data.date) }, summary: item.data.summary }))}
      empty={content.empty}
      feeds={{ label: content.feeds.label, links: feedLinks("news") }}
    />,
    pageMeta("/news", feedAlternates("news")),
  );
}

export function newsJsonLd(item: NewsEntry): Record<string, unknown> {
  const { data } = item;
  return articleJsonLd("NewsArticle", { path: newsItemPath(item.slug), title: data.title, description: data.summary, published: data.date, modified: data.date, image: socialImagePath("news", item.slug) });
}

function newsItemPage(slug: string): Drawn {
  const item = collections().news.find((candidate) => candidate.slug === slug);
  if (!item) notFound();
  const path = newsItemPath(item.slug);
  return drawn(
    path,
    <NewsItemPage
      eyebrow={newsPage.intro.eyebrow ?? COLLECTIONS.news.name}
      title={item.data.title}
      date={{ iso: item.data.date, text: dateText(item.data.date) }}
      summary={item.data.summary}
      html={entryText(item.body).html}
      {...(item.data.link ? { fullStory: { label: newsPage.item.fullStory, href: item.data.link } } : {})}
      back={{ label: newsPage.item.allNews, to: COLLECTIONS.news.list }}
    />,
    metaWithAlternates({
      path,
      title: item.data.title,
      description: item.data.summary,
      ogType: "article",
      ogImage: socialImagePath("news", item.slug),
      jsonLd: [newsJsonLd(item)],
    }, feedAlternates("news")),
  );
}

function eventWhere(event: EventItem): string {
  return "online" in event.data.where ? eventsPage.event.online : event.data.where.place;
}

function eventSummary(event: EventItem): EventSummary {
  return { to: eventPath(event.slug), title: event.data.title, when: eventWhen(event.data), where: eventWhere(event), description: event.data.description };
}

/** The build's moment decides what is upcoming; the pages are as fresh as the last build. */
const builtAt = new Date();

function eventList(): Drawn {
  const { events } = collections();
  const content = eventsPage;
  return drawn(
    COLLECTIONS.events.list,
    <EventList
      intro={content.intro}
      upcoming={{ heading: content.upcoming, events: events.filter((event) => isUpcoming(event.data, builtAt)).map(eventSummary) }}
      past={{ heading: content.past, events: events.filter((event) => !isUpcoming(event.data, builtAt)).reverse().map(eventSummary) }}
      empty={content.empty}
      feeds={{ label: content.feeds.label, links: feedLinks("events") }}
    />,
    pageMeta("/events", feedAlternates("events")),
  );
}

export function eventJsonLd(event: EventItem): Record<string, unknown> {
  const { where } = event.data;
  return {
    "@context": "https://schema.org",
    "@type": "Event",
    name: event.data.title,
    description: event.data.description,
    url: absoluteUrl(eventPath(event.slug)),
    startDate: event.data.start,
    endDate: event.data.end,
    eventStatus: "https://schema.org/EventScheduled",
    eventAttendanceMode: "online" in where ? "https://schema.org/OnlineEventAttendanceMode" : "https://schema.org/OfflineEventAttendanceMode",
    location: "online" in where ? { "@type": "VirtualLocation", url: where.online } : { "@type": "Place", name: where.place, address: where.place },
    organizer: organization(),
    offers: { "@type": "Offer", url: event.data.registration, price: 0, priceCurrency: "USD", availability: "https://schema.org/InStock" },
  };
}

function eventPage(slug: string): Drawn {
  const event = collections().events.find((candidate) => candidate.slug === slug);
  if (!event) notFound();
  const path = eventPath(event.slug);
  const words = eventsPage.event;
  const { where } = event.data;
  return drawn(
    path,
    <EventPage
      eyebrow={eventsPage.intro.eyebrow ?? COLLECTIONS.events.name}
      title={event.data.title}
      description={event.data.description}
      facts={[
        { label: words.when, value: eventWhen(event.data) },
        "online" in where ? { label: words.where, value: words.online, href: where.online } : { label: words.where, value: where.place },
      ]}
      {...(isUpcoming(event.data, builtAt) ? {} : { ended: words.ended })}
      register={{ label: words.register, href: event.data.registration }}
      calendar={{ label: words.addToCalendar, href: eventCalendarPath(event.slug), fileName: `${event.slug}.ics` }}
      html={entryText(event.body).html}
      back={{ label: words.allEvents, to: COLLECTIONS.events.list }}
    />,
    metaWithAlternates({ path, title: event.data.title, description: event.data.description, jsonLd: [eventJsonLd(event)] }, feedAlternates("events")),
  );
}

/** An entry's page: its collection's list, then its slug (the lookup decides whether it exists). */
const ENTRY = /^\/(blog|news|events)\/([^/]+)$/;

/** The page at `path`, or a 404 response for a path no public entry has. */
export function publishingData(path: string): Drawn {
  if (path === COLLECTIONS.posts.list) return blogList(1);
  if (path === COLLECTIONS.news.list) return newsList();
  if (path === COLLECTIONS.events.list) return eventList();
  const page = /^\/blog\/page\/([1-9]\d{0,5})$/.exec(path)?.[1];
  if (page && Number(page) > 1) return blogList(Number(page));
  const tag = /^\/blog\/tag\/([^/]+)$/.exec(path)?.[1];
  if (tag) return tagList(tag);
  const [, collection, slug = ""] = ENTRY.exec(path) ?? [];
  if (collection === "blog") return postPage(slug);
  if (collection === "news") return newsItemPage(slug);
  if (collection === "events") return eventPage(slug);
  notFound();
}
