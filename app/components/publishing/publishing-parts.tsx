import type { ReactNode } from "react";
import { textLink } from "../ui/button-styles.ts";
import { FEED_FORMATS, type FeedFormat } from "../../../common/published-files.ts";
import { NEWSLETTER_BOX_ID } from "../../site/navigation.ts";

/**
 * The pieces the publishing pages share (PUB-3): the feeds' links, the empty
 * state with its way to the newsletter box, a list of tags, and a date.
 * Drawn at build time only (StaticBlock), so none of it reaches the browser as script.
 */

/** A collection's feeds as a list page links them: their label, and each format's address. */
export interface FeedList {
  label: string;
  links: Readonly<Record<FeedFormat, string>>;
}

export function FeedLinks({ label, feeds }: { label: string; feeds: FeedList["links"] }) {
  return (
    <nav aria-label={label} className="mt-12 flex flex-wrap items-center gap-x-4 gap-y-2 border-t border-line pt-6 text-sm text-text-muted">
      <span>{label}:</span>
      {(Object.keys(FEED_FORMATS) as FeedFormat[]).map((format) => (
        <a key={format} href={feeds[format]} className={`font-medium ${textLink} hover:text-text`}>
          {FEED_FORMATS[format].label}
        </a>
      ))}
    </nav>
  );
}

export interface EmptyStateText {
  heading: string;
  text: string;
  newsletterLink: string;
}

/** An empty list says so, and where to hear first: the footer's newsletter box on the same page. */
export function EmptyState({ content, headingLevel = 2 }: { content: EmptyStateText; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <div className="rounded-2xl border border-dashed border-line bg-surface-muted px-6 py-10 text-center sm:px-10">
      <Heading className="text-xl font-semibold text-text">{content.heading}</Heading>
      <p className="mx-auto mt-3 max-w-xl text-text-muted">{content.text}</p>
      <a href={`#${NEWSLETTER_BOX_ID}`} className={`mt-6 inline-block font-semibold ${textLink} hover:text-text`}>
        {content.newsletterLink}
      </a>
    </div>
  );
}

export interface TagLink {
  label: string;
  to: string;
}

export function TagList({ tags, label, className }: { tags: readonly TagLink[]; label: string; className?: string }) {
  return (
    <ul aria-label={label} className={`flex flex-wrap gap-2 ${className ?? ""}`}>
      {tags.map((tag) => (
        <li key={tag.to}>
          <a href={tag.to} className="inline-block rounded-full border border-line bg-surface px-3 py-1 text-sm font-medium text-text-muted hover:border-accent hover:text-text">
            {tag.label}
          </a>
        </li>
      ))}
    </ul>
  );
}

export function DateText({ iso, text }: { iso: string; text: string }) {
  return <time dateTime={iso}>{text}</time>;
}

/** An entry in a list: a line of facts (its date, its reading time), its title linking to its page, then whatever follows. */
export function EntryCard({ to, title, facts, heading = "h2", className, titleClassName, children }: { to: string; title: string; facts?: ReactNode; heading?: "h2" | "h3"; className: string; titleClassName: string; children?: ReactNode }) {
  const Heading = heading;
  return (
    <li className={className}>
      {facts && <p className="text-sm text-text-muted">{facts}</p>}
      <Heading className={titleClassName}>
        <a href={to} className="hover:text-accent-strong">
          {title}
        </a>
      </Heading>
      {children}
    </li>
  );
}

/** The way back from an entry's page to its list. */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <p className="mt-10">
      <a href={to} className={`font-semibold ${textLink}`}>
        ← {label}
      </a>
    </p>
  );
}
