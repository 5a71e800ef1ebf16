import { textLink } from "../ui/button-styles.ts";
import type { PageIntroContent } from "../../content/types.ts";
import { IntroFromContent } from "../intro-from-content.tsx";
import { PageIntro } from "../page-intro.tsx";
import { Container } from "../ui/container.tsx";
import { DateText, EmptyState, EntryCard, FeedLinks, TagList, type EmptyStateText, type FeedList, type TagLink } from "./publishing-parts.tsx";

/** A post as a list shows it. */
export interface PostSummary {
  to: string;
  title: string;
  description: string;
  published: { iso: string; text: string };
  readingTime: string;
  tags: TagLink[];
}

export interface PostListProps {
  /** The blog's own intro, or a tag page's heading with a link back to every post. */
  intro: PageIntroContent | { heading: string; back: { label: string; to: string } };
  posts: PostSummary[];
  /** Every tag in use, on /blog and its later pages. */
  topics?: { label: string; tags: TagLink[] };
  pagination?: { label: string; newer?: { label: string; to: string }; older?: { label: string; to: string }; position: string };
  empty: EmptyStateText;
  feeds: FeedList;
  tagsLabel: string;
}

function PostCard({ post, tagsLabel }: { post: PostSummary; tagsLabel: string }) {
  return (
    <EntryCard
      to={post.to}
      title={post.title}
      facts={<PostFacts post={post} />}
      className="flex flex-col rounded-2xl border border-line bg-surface p-6 shadow-sm sm:p-8"
      titleClassName="mt-3 text-xl/7 font-semibold text-text"
    >
      <p className="mt-3 grow text-text-muted">{post.description}</p>
      <TagList tags={post.tags} label={tagsLabel} className="mt-5" />
    </EntryCard>
  );
}

/** When a post was published, and how long it takes to read. */
export function PostFacts({ post }: { post: PostSummary }) {
  return (
    <>
      <DateText iso={post.published.iso} text={post.published.text} /> · {post.readingTime}
    </>
  );
}

/** /blog, its later pages and its tag pages: the posts newest first, as cards. */
export function PostList({ intro, posts, topics, pagination, empty, feeds, tagsLabel }: PostListProps) {
  return (
    <>
      {"back" in intro ? (
        <PageIntro
          title={intro.heading}
          intro={
            <p>
              <a href={intro.back.to} className="underline underline-offset-2 hover:text-on-ink">
                {intro.back.label}
              </a>
            </p>
          }
        />
      ) : (
        <IntroFromContent content={intro} />
      )}
      <Container className="py-12 sm:py-16">
        {topics && topics.tags.length > 0 && (
          <div className="mb-10 flex flex-col gap-3 sm:flex-row sm:items-center">
            <h2 className="text-sm font-semibold tracking-wide text-text-muted uppercase">{topics.label}</h2>
            <TagList tags={topics.tags} label={topics.label} />
          </div>
        )}
        {posts.length === 0 ? (
          <EmptyState content={empty} />
        ) : (
          <ul className="grid gap-6 md:grid-cols-2">
            {posts.map((post) => (
              <PostCard key={post.to} post={post} tagsLabel={tagsLabel} />
            ))}
          </ul>
        )}
        {pagination && (
          <nav aria-label={pagination.label} className="mt-10 flex items-center justify-between gap-4 text-sm font-semibold">
            {pagination.newer ? <a href={pagination.newer.to} className={textLink}>← {pagination.newer.label}</a> : <span />}
            <span className="font-normal text-text-muted">{pagination.position}</span>
            {pagination.older ? <a href={pagination.older.to} className={textLink}>{pagination.older.label} →</a> : <span />}
          </nav>
        )}
        <FeedLinks label={feeds.label} feeds={feeds.links} />
      </Container>
    </>
  );
}
