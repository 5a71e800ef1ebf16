import type { ReactNode } from "react";
import { primaryOnInkButton, textLink } from "../ui/button-styles.ts";
import type { PageIntroContent } from "../../content/types.ts";
import { IntroFromContent } from "../intro-from-content.tsx";
import { HeroBand, HeroEyebrow, HeroTitle } from "../sections/hero-band.tsx";
import { Container } from "../ui/container.tsx";
import { BackLink, DateText, EmptyState, EntryCard, FeedLinks, type EmptyStateText, type FeedList } from "./publishing-parts.tsx";

/**
 * /news and /events with their entries' pages (PUB-3). An empty list says so
 * honestly and points to the newsletter: the site invents no announcements
 * and no events.
 */

export interface NewsSummary {
  to: string;
  title: string;
  date: { iso: string; text: string };
  summary: string;
}

export function NewsList({ intro, items, empty, feeds }: { intro: PageIntroContent; items: NewsSummary[]; empty: EmptyStateText; feeds: FeedList }) {
  return (
    <>
      <IntroFromContent content={intro} />
      <Container className="py-12 sm:py-16">
        {items.length === 0 ? (
          <EmptyState content={empty} />
        ) : (
          <ul className="flex max-w-3xl flex-col divide-y divide-line">
            {items.map((item) => (
              <EntryCard key={item.to} to={item.to} title={item.title} facts={<DateText iso={item.date.iso} text={item.date.text} />} className="py-6 first:pt-0" titleClassName="mt-2 text-xl/7 font-semibold text-text">
                <p className="mt-2 text-text-muted">{item.summary}</p>
              </EntryCard>
            ))}
          </ul>
        )}
        <FeedLinks label={feeds.label} feeds={feeds.links} />
      </Container>
    </>
  );
}

/** An entry's own page: the band with its title, then its text and links. */
function EntryPage({ eyebrow, title, lead, back, children }: { eyebrow: string; title: string; lead: ReactNode; back: { label: string; to: string }; children: ReactNode }) {
  return (
    <>
      <HeroBand className="py-16 sm:py-20">
        <div className="max-w-3xl">
          <HeroEyebrow>{eyebrow}</HeroEyebrow>
          <HeroTitle>{title}</HeroTitle>
          <div className="mt-6 max-w-2xl text-lg/8 text-on-ink-muted">{lead}</div>
        </div>
      </HeroBand>
      <Container className="py-12 sm:py-16">
        <div className="mx-auto max-w-[68ch]">
          {children}
          <BackLink to={back.to} label={back.label} />
        </div>
      </Container>
    </>
  );
}

export interface NewsItemPageProps {
  eyebrow: string;
  title: string;
  date: { iso: string; text: string };
  summary: string;
  html: string;
  fullStory?: { label: string; href: string };
  back: { label: string; to: string };
}

export function NewsItemPage(props: NewsItemPageProps) {
  return (
    <EntryPage
      eyebrow={props.eyebrow}
      title={props.title}
      back={props.back}
      lead={
        <>
          <p>{props.summary}</p>
          <p className="mt-4 text-sm">
            <DateText iso={props.date.iso} text={props.date.text} />
          </p>
        </>
      }
    >
      <article aria-labelledby="page-title" className="document-prose">
        <div dangerouslySetInnerHTML={{ __html: props.html }} />
        {props.fullStory && (
          <p>
            <a href={props.fullStory.href} rel="noopener noreferrer">
              {props.fullStory.label}
            </a>
          </p>
        )}
      </article>
    </EntryPage>
  );
}

export interface EventSummary {
  to: string;
  title: string;
  when: string;
  where: string;
  description: string;
}

function EventCards({ events, headingId }: { events: EventSummary[]; headingId: string }) {
  return (
    <ul aria-labelledby={headingId} className="mt-6 grid gap-6 md:grid-cols-2">
      {events.map((event) => (
        <EntryCard key={event.to} to={event.to} title={event.title} heading="h3" className="rounded-2xl border border-line bg-surface p-6 shadow-sm sm:p-8" titleClassName="text-xl/7 font-semibold text-text">
          <p className="mt-3 text-sm font-medium text-text">{event.when}</p>
          <p className="mt-1 text-sm text-text-muted">{event.where}</p>
          <p className="mt-3 text-text-muted">{event.description}</p>
        </EntryCard>
      ))}
    </ul>
  );
}

export interface EventListProps {
  intro: PageIntroContent;
  upcoming: { heading: string; events: EventSummary[] };
  past: { heading: string; events: EventSummary[] };
  empty: EmptyStateText;
  feeds: FeedList;
}

export function EventList({ intro, upcoming, past, empty, feeds }: EventListProps) {
  return (
    <>
      <IntroFromContent content={intro} />
      <Container className="py-12 sm:py-16">
        <section aria-labelledby="upcoming-events">
          <h2 id="upcoming-events" className="text-2xl font-semibold text-text">
            {upcoming.heading}
          </h2>
          {upcoming.events.length === 0 ? (
            <div className="mt-6">
              <EmptyState content={empty} headingLevel={3} />
            </div>
          ) : (
            <EventCards events={upcoming.events} headingId="upcoming-events" />
          )}
        </section>
        {past.events.length > 0 && (
          <section aria-labelledby="past-events" className="mt-16">
            <h2 id="past-events" className="text-2xl font-semibold text-text">
              {past.heading}
            </h2>
            <EventCards events={past.events} headingId="past-events" />
          </section>
        )}
        <FeedLinks label={feeds.label} feeds={feeds.links} />
      </Container>
    </>
  );
}

export interface EventPageProps {
  eyebrow: string;
  title: string;
  description: string;
  facts: { label: string; value: string; href?: string }[];
  ended?: string;
  register: { label: string; href: string };
  calendar: { label: string; href: string; fileName: string };
  html: string;
  back: { label: string; to: string };
}

export function EventPage(props: EventPageProps) {
  return (
    <EntryPage eyebrow={props.eyebrow} title={props.title} back={props.back} lead={<p>{props.description}</p>}>
      <dl className="grid gap-4 rounded-2xl border border-line bg-surface-muted p-6 sm:grid-cols-[8rem_1fr]">
        {props.facts.map((fact) => (
          <div key={fact.label} className="contents">
            <dt className="font-semibold text-text">{fact.label}</dt>
            <dd className="text-text-muted">
              {fact.href ? (
                <a href={fact.href} rel="noopener noreferrer" className={textLink}>
                  {fact.value}
                </a>
              ) : (
                fact.value
              )}
            </dd>
          </div>
        ))}
      </dl>
      {props.ended ? (
        <p className="mt-6 font-semibold text-text">{props.ended}</p>
      ) : (
        <div className="mt-6 flex flex-wrap items-center gap-4">
          <a href={props.register.href} rel="noopener noreferrer" className={primaryOnInkButton}>
            {props.register.label}
          </a>
          <a href={props.calendar.href} download={props.calendar.fileName} className={`font-semibold ${textLink}`}>
            {props.calendar.label}
          </a>
        </div>
      )}
      <article aria-labelledby="page-title" className="document-prose mt-10">
        <div dangerouslySetInnerHTML={{ __html: props.html }} />
      </article>
    </EntryPage>
  );
}
