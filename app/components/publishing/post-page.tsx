import { textLink } from "../ui/button-styles.ts";
import type { MarkdownSection } from "../../lib/markdown.server.ts";
import { NEWSLETTER_BOX_ID } from "../../site/navigation.ts";
import { HeroBand, HeroEyebrow, HeroTitle } from "../sections/hero-band.tsx";
import { ContentsList } from "../ui/contents-list.tsx";
import { Container } from "../ui/container.tsx";
import { PostFacts, type PostSummary } from "./post-list.tsx";
import { DateText, EntryCard, TagList, type TagLink } from "./publishing-parts.tsx";

export interface PostPageProps {
  title: string;
  description: string;
  /** "By Veilvault privacy engineering" */
  byline: string;
  published: { label: string; iso: string; text: string };
  updated?: { label: string; iso: string; text: string };
  readingTime: string;
  tags: TagLink[];
  tagsLabel: string;
  cover?: { src: string; alt: string };
  /** The contents list, for long posts only. */
  contents?: { label: string; sections: MarkdownSection[] };
  html: string;
  newsletter: { heading: string; text: string; link: string };
  neighbours: { label: string; older?: { label: string; to: string; title: string }; newer?: { label: string; to: string; title: string } };
  related?: { label: string; posts: PostSummary[] };
}

/**
 * A post (PUB-3): its title, who wrote it, when, how long it takes to read and
 * its topics; a contents list beside long posts; the text at reading width;
 * then the newsletter, the next and previous posts, and posts on the same topics.
 */
export function PostPage(props: PostPageProps) {
  const { contents } = props;
  return (
    <>
      <HeroBand className="py-16 sm:py-20">
        <div className="max-w-3xl">
          <HeroEyebrow>{props.tags.map((tag) => tag.label).join(" · ")}</HeroEyebrow>
          <HeroTitle>{props.title}</HeroTitle>
          <p className="mt-6 max-w-2xl text-lg/8 text-on-ink-muted">{props.description}</p>
          <p className="mt-6 text-sm text-on-ink-muted">
            {props.byline} · {props.published.label} <DateText iso={props.published.iso} text={props.published.text} />
            {props.updated && (
              <>
                {" "}
                · {props.updated.label} <DateText iso={props.updated.iso} text={props.updated.text} />
              </>
            )}{" "}
            · {props.readingTime}
          </p>
        </div>
      </HeroBand>
      <Container className="py-12 sm:py-16">
        <div className={contents ? "grid grid-cols-1 gap-10 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-16" : ""}>
          {contents && (
<ContentsList label={contents.label} sections={contents.sections} />
          )}
          <div className={contents ? "min-w-0" : "mx-auto max-w-[68ch]"}>
            <article aria-labelledby="page-title" className="document-prose max-w-[68ch]">
              {props.cover && <img src={props.cover.src} alt={props.cover.alt} width={1200} height={630} className="mb-8 w-full rounded-2xl" />}
              <div dangerouslySetInnerHTML={{ __html: props.html }} />
            </article>
            <TagList tags={props.tags} label={props.tagsLabel} className="mt-10" />
            <aside aria-labelledby="post-newsletter" className="mt-10 max-w-[68ch] rounded-2xl border border-line bg-surface-muted p-6 sm:p-8">
              <h2 id="post-newsletter" className="text-lg font-semibold text-text">
                {props.newsletter.heading}
              </h2>
              <p className="mt-2 text-text-muted">{props.newsletter.text}</p>
              <a href={`#${NEWSLETTER_BOX_ID}`} className={`mt-4 inline-block font-semibold ${textLink} hover:text-text`}>
                {props.newsletter.link}
              </a>
            </aside>
            {(props.neighbours.older ?? props.neighbours.newer) && (
              <nav aria-label={props.neighbours.label} className="mt-10 grid max-w-[68ch] gap-4 sm:grid-cols-2">
                {[props.neighbours.older, props.neighbours.newer].map((link, index) =>
                  link ? (
                    <a key={link.to} href={link.to} className={`rounded-2xl border border-line p-5 hover:border-accent ${index === 1 ? "sm:col-start-2 sm:text-right" : ""}`}>
                      <span className="block text-sm text-text-muted">{link.label}</span>
                      <span className="mt-1 block font-semibold text-text">{link.title}</span>
                    </a>
                  ) : null,
                )}
              </nav>
            )}
          </div>
        </div>
        {props.related && props.related.posts.length > 0 && (
          <section aria-labelledby="related-posts" className="mt-16 border-t border-line pt-10">
            <h2 id="related-posts" className="text-2xl font-semibold text-text">
              {props.related.label}
            </h2>
            <ul className="mt-6 grid gap-6 md:grid-cols-3">
              {props.related.posts.map((post) => (
                <EntryCard key={post.to} to={post.to} title={post.title} facts={<PostFacts post={post} />} heading="h3" className="rounded-2xl border border-line p-6" titleClassName="mt-2 font-semibold text-text" />
              ))}
            </ul>
          </section>
        )}
      </Container>
    </>
  );
}
