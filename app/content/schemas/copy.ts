/**
 * The pieces every content schema is built from (EDIT-2): copy that is a
 * non-empty line of text with no HTML (EDIT-7) stating no figure outside
 * FIG-1, icon names lucide has, and the section headings and intros pages
 * share. The build validates
 * content files with these; the browser never loads them, because only
 * loaders, which run while prerendering, read content files.
 */
import { z } from "zod";
import { ICON_NAMES } from "../icon-names.ts";
import { isPagePath, type PagePath } from "../../site/pages.ts";
import { SECURITY_TXT_PATH } from "../../../common/published-files.ts";
import { copy } from "./copy-text.ts";

// Kept in a module of their own, which the route table can read without reading itself back (copy-text.ts).
export { APPROVED_PERCENTAGES, copy, refuseMarkup } from "./copy-text.ts";

export const iconName = z.enum(ICON_NAMES);

/** A place in a text that the page fills when it draws it: `{name}`. */
export const PLACE = /\{(\w+)\}/g;

/** The names of a text's places, in order. */
export function placesIn(text: string): string[] {
  return [...text.matchAll(PLACE)].map((match) => match[1] ?? "");
}

/** `text` with its places filled from `values`; a place `values` lacks stays as written, where a reader would notice it. */
export function fillPlaces(text: string, values: Readonly<Record<string, string | number>>): string {
  return text.replace(PLACE, (place, name: string) => String(values[name] ?? place));
}

/** Copy with places to fill, `{name}`: it must keep exactly these, since the page fills them. */
export function withPlaces(places: readonly string[], text: typeof copy = copy) {
  return text.refine(
    (value) => {
      const found = placesIn(value);
      return found.length === places.length && places.every((place) => found.includes(place));
    },
    { message: `must keep exactly the places ${places.map((place) => `{${place}}`).join(", ")}, which the page fills` },
  );
}

export const sectionHeading = z.strictObject({ eyebrow: copy.optional(), heading: copy, intro: copy.optional() });
export type SectionHeading = z.infer<typeof sectionHeading>;

/** The opening band of a page: its one H1 and the paragraph under it; `actions` offers the demo and 'Learn More' buttons under it. */
export const pageIntro = z.strictObject({ eyebrow: copy.optional(), heading: copy, intro: copy, actions: z.boolean().optional() });
export type PageIntroContent = z.infer<typeof pageIntro>;

/** A page's title and meta description; only the build reads them. */
export const pageMetaText = z.strictObject({
  /** The brand is appended when the title does not name it. */
  title: copy,
  /** Search results show about 160 characters; fewer than 70 says too little. */
  description: copy.min(70, "is shorter than 70 characters, too short to say what the page holds").max(160, "is longer than the 160 characters a search result shows"),
});

export type PageMetaText = z.infer<typeof pageMetaText>;

/**
 * A link to a page of this site: a path the route table has, with an optional
 * `#fragment`, or security.txt, which the build publishes. A path it lacks is
 * a broken link and fails the build.
 */
export const internalLink = z.string().superRefine((href, context) => {
  const path = href.split("#")[0] ?? "";
  if (!isPagePath(path) && path !== SECURITY_TXT_PATH) context.addIssue({ code: "custom", message: `links to ${path || "(nothing)"}, which is no page of this site` });
});

/** A path the route table has, for lists of links named by the table's labels. */
export const pagePath = z.custom<PagePath>((value) => typeof value === "string" && isPagePath(value), { error: (issue) => `links to ${String(issue.input)}, which is no page of this site` });
