/**
 * The entries of the publishing collections (PUB-1), as content/posts/,
 * content/news/ and content/events/ hold them: Markdown files whose
 * frontmatter these schemas check. An author is a team, never a person; a
 * date is a calendar date or an instant with its offset; links go to https.
 */
import { z } from "zod";
import { MAX_TITLE_LENGTH, titleLengthInHtml } from "../../lib/seo.ts";
import { copy, pageMetaText } from "./copy.ts";

/** The teams a post may be signed by: the site names no invented people. */
export const POST_AUTHORS = ["Veilvault privacy engineering", "Veilvault product team", "Veilvault security team"] as const;

const calendarDate = z.iso.date("is not a date written YYYY-MM-DD").describe("A date, written year-month-day, such as 2026-11-28");
/** A tag as readers see it ("PCI DSS"); its page's address is derived from it (/blog/tag/pci-dss). */
const tag = z
  .string()
  .max(32, "is longer than the 32 characters a tag holds")
  .regex(/^[A-Za-z0-9](?:[A-Za-z0-9 .&+-]*[A-Za-z0-9+])?$/, "is not a tag: Latin letters and digits, with spaces, dots, dashes, + or & between them")
  .describe("A topic as readers see it, such as PCI DSS: Latin letters and digits, with spaces, dots, dashes, + or & between them");
const httpsUrl = z.url({ protocol: /^https$/, error: "is not an https:// address" }).describe("A web address that starts with https://");
/** What a search result shows of a title (seo.ts adds the brand when it fits). */
const entryTitle = copy.refine(
  (title) => titleLengthInHtml(title) <= MAX_TITLE_LENGTH,
  `is longer than the ${MAX_TITLE_LENGTH} characters a search result shows of a title (a ' counts as six: write ’ instead)`,
);
/** A search result's description: 70 to 160 characters. */
const description = pageMetaText.shape.description;

export const postSchema = z
  .strictObject({
    title: entryTitle,
    description,
    published: calendarDate,
    updated: calendarDate.optional(),
    author: z.enum(POST_AUTHORS, `must be one of the teams (${POST_AUTHORS.join("; ")}): posts name no invented people`),
    tags: z.array(tag).min(1).max(5),
    /** A picture above the post, from this site, with what it shows. */
    cover: z.strictObject({ src: z.string().regex(/^\/[\w./-]+\.(?:png|jpg|webp|avif)$/, "is not a picture on this site").describe("A picture on this site, such as /images/posts/vault.webp (PNG, JPG, WebP or AVIF)"), alt: copy }).optional(),
    /** A draft shows in `npm run dev` and `npm run cms`, never in a production build. */
    draft: z.boolean().optional(),
  })
  .superRefine((post, context) => {
    if (post.updated && post.updated < post.published) context.addIssue({ code: "custom", path: ["updated"], message: "is before the publication date" });
  });

export const newsItemSchema = z.strictObject({
  title: entryTitle,
  date: calendarDate,
  summary: description,
  /** Where the news is told in full, when that is elsewhere. */
  link: httpsUrl.optional(),
  draft: z.boolean().optional(),
});

/** An IANA zone name the platform knows (aliases such as Asia/Calcutta too). */
function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return /^[A-Za-z_]+(?:\/[A-Za-z_+-]+)*$/.test(zone);
  } catch {
    return false;
  }
}

/** An instant with its offset, as 2026-12-03T16:00:00+05:30. */
const instant = z.iso.datetime({ offset: true, error: "is not a date and time with its offset, as 2026-12-03T16:00:00+05:30" }).describe("A date and time with its offset from UTC, such as 2026-12-03T16:00:00+05:30");

export const eventSchema = z
  .strictObject({
    title: entryTitle,
    description,
    start: instant,
    end: instant,
    /** The zone the event is held in, for showing its times: an IANA name such as Asia/Kolkata. */
    timeZone: z.string().refine(isTimeZone, "is not a time zone name, such as Asia/Kolkata"),
    /** Online (a link) or in a place (its address), not both. */
    where: z.union([z.strictObject({ online: httpsUrl }), z.strictObject({ place: copy })], { error: "needs either online: <https link> or place: <address>" }),
    registration: httpsUrl,
    draft: z.boolean().optional(),
  })
  .superRefine((event, context) => {
    if (Date.parse(event.end) <= Date.parse(event.start)) context.addIssue({ code: "custom", path: ["end"], message: "is not after the start" });
  });

export type Post = z.infer<typeof postSchema>;
export type NewsItem = z.infer<typeof newsItemSchema>;
export type EventEntry = z.infer<typeof eventSchema>;
