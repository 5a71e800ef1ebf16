/**
 * An entry's Markdown as its page, its feeds and its Markdown twin use it:
 * the HTML drawn once per entry, its level-2 sections and its length.
 */
import { renderMarkdown, type MarkdownSection } from "../markdown.server.ts";
import { proseWords, readingMinutes } from "./reading-time.ts";

export interface EntryText {
  html: string;
  sections: MarkdownSection[];
  words: number;
  minutes: number;
}

const drawn = new Map<string, EntryText>();

export function entryText(body: string): EntryText {
  const known = drawn.get(body);
  if (known) return known;
  const { html, sections } = renderMarkdown(body);
  const words = proseWords(body);
  const text = { html, sections, words, minutes: readingMinutes(words) };
  drawn.set(body, text);
  return text;
}

/** A long post has a contents list beside it: enough sections to navigate, and enough text to need it. */
export function needsContents(text: EntryText): boolean {
  return text.sections.length >= 3 && text.words >= 700;
}
