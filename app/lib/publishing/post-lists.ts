/**
 * How posts are grouped and linked to one another (PUB-3): pages of the
 * list, tags, the previous and next post, and posts related by tag. Pure:
 * the loaders and the build hand in the posts, newest first.
 */
import { tagSlug } from "../../site/publishing.ts";

export interface ListedPost {
  slug: string;
  data: { title: string; published: string; tags: readonly string[] };
}

/** The posts of page `page` (from 1) and how many pages there are; at least one, even when empty. */
export function pageOfPosts<T>(posts: readonly T[], page: number, perPage: number): { items: T[]; pages: number } {
  const pages = Math.max(1, Math.ceil(posts.length / perPage));
  return { items: posts.slice((page - 1) * perPage, page * perPage), pages };
}

export interface Tag<T> {
  slug: string;
  /** As the first post (newest) to use it writes it. */
  label: string;
  posts: T[];
}

/** Every tag in use, by its address segment, with its posts in the order given; tags sorted by label. */
export function tagsOf<T extends ListedPost>(posts: readonly T[]): Tag<T>[] {
  const bySlug = new Map<string, Tag<T>>();
  for (const post of posts) {
    for (const label of new Set(post.data.tags)) {
      const slug = tagSlug(label);
      const tag = bySlug.get(slug) ?? { slug, label, posts: [] };
      if (!tag.posts.includes(post)) tag.posts.push(post);
      bySlug.set(slug, tag);
    }
  }
  return [...bySlug.values()].sort((a, b) => a.label.localeCompare(b.label, "en"));
}

/** The next older and next newer post around `slug`, in a list newest first. */
export function neighbours<T extends ListedPost>(posts: readonly T[], slug: string): { older?: T; newer?: T } {
  const index = posts.findIndex((post) => post.slug === slug);
  if (index === -1) return {};
  const older = posts[index + 1];
  const newer = index > 0 ? posts[index - 1] : undefined;
  return { ...(older ? { older } : {}), ...(newer ? { newer } : {}) };
}

/**
 * Up to `count` other posts that share a tag with `post`: most shared tags
 * first, then the newer; posts sharing none are not related.
 */
export function relatedPosts<T extends ListedPost>(post: T, posts: readonly T[], count = 3): T[] {
  const own = new Set(post.data.tags.map(tagSlug));
  return posts
    .filter((other) => other.slug !== post.slug)
    .map((other, order) => ({ other, order, shared: new Set(other.data.tags.map(tagSlug).filter((tag) => own.has(tag))).size }))
    .filter((candidate) => candidate.shared > 0)
    .sort((a, b) => b.shared - a.shared || a.order - b.order)
    .slice(0, count)
    .map((candidate) => candidate.other);
}
