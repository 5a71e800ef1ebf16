/**
 * A post's length as readers are told it (PUB-3). Words are counted in the
 * Markdown's prose: code, link targets, footnote markers and table rules are
 * not read aloud, so they do not count.
 */

/** Words a minute of an adult reading technical prose on a screen; a conservative, commonly used rate. */
export const WORDS_PER_MINUTE = 220;

export function proseWords(markdown: string): number {
  const prose = markdown
    .replace(/```[\s\S]*?```/g, " ")
    .replace(/`[^`\n]*`/g, " ")
    .replace(/\]\([^)\s]*\)/g, "]")
    .replace(/\[\^[^\]\n]*\]/g, " ");
  return prose.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/** Whole minutes, at least one. */
export function readingMinutes(words: number): number {
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}
