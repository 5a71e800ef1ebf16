/**
 * The words of the publishing pages (PUB-3) as content/blog.yaml,
 * content/news.yaml and content/events.yaml hold them: each list page's
 * title, description and intro, what it says when it is empty, and the
 * labels of its entries' pages. A text with `{places}` keeps exactly those.
 */
import { z } from "zod";
import { copy, pageIntro, pageMetaText, withPlaces } from "./copy.ts";

/** An empty list's message, with its invitation to the newsletter box. */
const emptyState = z.strictObject({ heading: copy, text: copy, newsletterLink: copy });

/** The feeds' links under a list: "Follow by feed:" then RSS, Atom, JSON Feed. */
const feedLinks = z.strictObject({ label: copy });

export const blogPageSchema = z.strictObject({
  meta: pageMetaText,
  intro: pageIntro,
  empty: emptyState,
  feeds: feedLinks,
  /** The pages of the list after the first. */
  pagination: z.strictObject({
    label: copy,
    newer: copy,
    older: copy,
    title: withPlaces(["page", "pages"]),
  }),
  /** A tag's page: its title and description name the tag. */
  tagPage: z.strictObject({
    heading: withPlaces(["tag"]),
    title: withPlaces(["tag"]),
    description: withPlaces(["tag"], copy.min(60, "is too short to say what the page holds").max(130, "leaves too little room for the tag in 160 characters")),
    allPosts: copy,
  }),
  tagsLabel: copy,
  post: z.strictObject({
    by: copy,
    published: copy,
    updated: copy,
    readingTime: withPlaces(["minutes"]),
    contents: copy,
    previous: copy,
    next: copy,
    related: copy,
    newsletter: z.strictObject({ heading: copy, text: copy, link: copy }),
  }),
});

export const newsPageSchema = z.strictObject({
  meta: pageMetaText,
  intro: pageIntro,
  empty: emptyState,
  feeds: feedLinks,
  item: z.strictObject({ fullStory: copy, allNews: copy }),
});

export const eventsPageSchema = z.strictObject({
  meta: pageMetaText,
  intro: pageIntro,
  upcoming: copy,
  past: copy,
  /** No event to come: said even when past events are listed. */
  empty: emptyState,
  feeds: feedLinks,
  event: z.strictObject({ when: copy, where: copy, online: copy, register: copy, addToCalendar: copy, allEvents: copy, ended: copy }),
});

export type BlogPage = z.infer<typeof blogPageSchema>;
export type NewsPage = z.infer<typeof newsPageSchema>;
export type EventsPage = z.infer<typeof eventsPageSchema>;
