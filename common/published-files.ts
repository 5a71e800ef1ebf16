/**
 * The files the build publishes for machines rather than for people (PUB-5,
 * PUB-7): feeds, calendar files, Markdown twins and llms.txt. Their names and
 * content types live here once, so the Node server and the static-host
 * configuration send each with the same type.
 */

/** The three feed formats, each written once per collection and once for all of them together. */
export const FEED_FORMATS = {
  rss: { file: "rss.xml", type: "application/rss+xml; charset=utf-8", label: "RSS" },
  atom: { file: "atom.xml", type: "application/atom+xml; charset=utf-8", label: "Atom" },
  json: { file: "feed.json", type: "application/feed+json; charset=utf-8", label: "JSON Feed" },
} as const;

export type FeedFormat = keyof typeof FEED_FORMATS;

/** Where a feed lives: `<base>/rss.xml`, or `/rss.xml` for the combined feed (base ""). */
export function feedPath(base: string, format: FeedFormat): string {
  return `${base}/${FEED_FORMATS[format].file}`;
}

export const MARKDOWN_TYPE = "text/markdown; charset=utf-8";
export const CALENDAR_TYPE = "text/calendar; charset=utf-8";
export const PLAIN_TEXT_TYPE = "text/plain; charset=utf-8";

/** The AI-agent index and the whole site as text (llmstxt.org). */
export const LLMS_TXT_PATH = "/llms.txt";
/** RFC 9116's file, which pages may link to (the disclosure policy does). */
export const SECURITY_TXT_PATH = "/.well-known/security.txt";
/** The security team's OpenPGP public key, when the deployment gives one (SECURITY_OPENPGP_KEY_FILE at build); security.txt names it. */
export const OPENPGP_KEY_PATH = "/.well-known/openpgp-key.asc";
export const OPENPGP_KEY_TYPE = "application/pgp-keys";
export const LLMS_FULL_TXT_PATH = "/llms-full.txt";

/**
 * A page's Markdown twin: `/features` is `/features.md`, and the home page,
 * whose path is "/", is `/index.md`.
 */
export function markdownTwinPath(pagePath: string): string {
  return pagePath === "/" ? "/index.md" : `${pagePath}.md`;
}

const FEED_TYPE_BY_FILE: ReadonlyMap<string, string> = new Map(Object.values(FEED_FORMATS).map((format) => [format.file, format.type]));

/**
 * The content type of a published file by its path, where a file name's
 * extension alone would give the wrong one (a feed's .xml, a twin's .md
 * without a charset); undefined for every other file.
 */
export function publishedFileType(urlPath: string): string | undefined {
  const name = urlPath.slice(urlPath.lastIndexOf("/") + 1);
  const feed = FEED_TYPE_BY_FILE.get(name);
  if (feed) return feed;
  if (name.endsWith(".md")) return MARKDOWN_TYPE;
  if (name.endsWith(".ics")) return CALENDAR_TYPE;
  if (name.endsWith(".txt")) return PLAIN_TEXT_TYPE;
  if (urlPath === OPENPGP_KEY_PATH) return OPENPGP_KEY_TYPE;
  return undefined;
}
