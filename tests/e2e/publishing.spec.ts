import { loadCollections } from "../../app/content/collections.server.ts";
import { blogPage, eventsPage, newsPage } from "../../app/content/pages.server.ts";
import { tagSlug } from "../../app/site/publishing.ts";
import { asReturningVisitor, expect, gotoHydrated, test } from "./fixtures.ts";

const SITE = "https://veilvault.example";
const { posts } = loadCollections();

/**
 * The blog, news and events as a visitor and a feed reader meet them (PUB-3
 * to PUB-7). What each entry's presence depends on, the feeds' validity and
 * the social images are proved on a fixture build (tests/service/publishing-build.test.ts);
 * each page's outline, axe and fit at every width are part of its first visit.
 */
test("the blog lists the posts newest first; a post leads to its tag, the older post and related posts", async ({ page }) => {
  await asReturningVisitor(page);
  await gotoHydrated(page, "/blog");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(blogPage.intro.heading);
  const titles = page.getByRole("main").getByRole("heading", { level: 2 }).filter({ has: page.getByRole("link") });
  await expect(titles).toHaveText(posts.map((post) => post.data.title));

  const [newest, older] = posts;
  await page.getByRole("link", { name: newest!.data.title }).click();
  await expect(page).toHaveURL(`/blog/${newest!.slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(newest!.data.title);
  const main = page.getByRole("main");
  await expect(main.getByText(/\d+ min read/).first()).toBeVisible();
  await expect(main.getByText(`By ${newest!.data.author}`)).toBeVisible();
  // A long post has its contents beside it, each entry a link to its section.
  const contents = main.getByRole("navigation", { name: blogPage.post.contents });
  await expect(contents).toBeVisible();
  const firstSection = contents.getByRole("link").first();
  const target = (await firstSection.getAttribute("href"))!;
  await firstSection.click();
  await expect(page.locator(target)).toBeInViewport();
  await expect(main.getByRole("complementary").getByRole("link", { name: blogPage.post.newsletter.link })).toHaveAttribute("href", "#newsletter");
  // Related posts share a topic with this one.
  const sharing = posts.filter((other) => other !== newest && other.data.tags.some((tag) => newest!.data.tags.includes(tag)));
  await expect(main.getByRole("region", { name: blogPage.post.related }).getByRole("link")).toHaveText(sharing.slice(0, 3).map((other) => other.data.title));

  await main.getByRole("link", { name: new RegExp(`${blogPage.post.previous}\\s*${older!.data.title}`) }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(older!.data.title);
  const tag = older!.data.tags[0]!;
  await main.getByRole("list", { name: blogPage.tagsLabel }).last().getByRole("link", { name: tag, exact: true }).click();
  await expect(page).toHaveURL(`/blog/tag/${tagSlug(tag)}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(blogPage.tagPage.heading.replace("{tag}", tag));
  await expect(page.getByRole("link", { name: older!.data.title })).toBeVisible();
});

test("news and events say honestly that nothing is announced yet, and lead to the newsletter box", async ({ page }) => {
  await asReturningVisitor(page);
  for (const [path, empty] of [
    ["/news", newsPage.empty],
    ["/events", eventsPage.empty],
  ] as const) {
    await gotoHydrated(page, path);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { name: empty.heading })).toBeVisible();
    await expect(main.getByText(empty.text)).toBeVisible();
    await main.getByRole("link", { name: empty.newsletterLink }).click();
    await expect(page).toHaveURL(`${path}#newsletter`);
    await expect(page.getByRole("textbox", { name: "Email address" })).toBeInViewport();
  }
});

/** A feed a page names in its head, as a feed reader lists it. */
interface Alternate {
  type: string | null;
  href: string | null;
  title: string | null;
}
const FEED_KINDS = [
  ["application/rss+xml", "rss.xml", "RSS"],
  ["application/atom+xml", "atom.xml", "Atom"],
  ["application/feed+json", "feed.json", "JSON Feed"],
] as const;
const feedsOf = (base: string, holds: string): Alternate[] => FEED_KINDS.map(([type, file, label]) => ({ type, href: `${SITE}${base}/${file}`, title: `Veilvault ${holds} (${label})` }));
/** /rss.xml, /atom.xml and /feed.json: the blog, the news and the events together. */
const COMBINED_FEEDS = feedsOf("", "Blog, News and Events");
const twinOf = (path: string): Alternate => ({ type: "text/markdown", href: `${SITE}${path === "/" ? "/index" : path}.md`, title: "This page as Markdown" });

test("the home page, list and post pages announce their feeds and Markdown twin, and each answers with its type", async ({ page, request }) => {
  const post = `/blog/${posts[0]!.slug}`;
  // The home page and the blog's list name the combined feeds too (PUB-5), the blog's list beside its own.
  const announced: [string, Alternate[]][] = [
    ["/", [twinOf("/"), ...COMBINED_FEEDS]],
    ["/blog", [twinOf("/blog"), ...feedsOf("/blog", "Blog"), ...COMBINED_FEEDS]],
    [post, [twinOf(post), ...feedsOf("/blog", "Blog")]],
    ["/news", [twinOf("/news"), ...feedsOf("/news", "News")]],
    ["/events", [twinOf("/events"), ...feedsOf("/events", "Events")]],
  ];
  for (const [path, expected] of announced) {
    await page.goto(path);
    const alternates = await page.locator('head link[rel="alternate"]').evaluateAll((links) =>
      links.map((link) => ({ type: link.getAttribute("type"), href: link.getAttribute("href"), title: link.getAttribute("title") })),
    );
    expect(alternates, path).toEqual(expected);
    // A reader offers them by title: no two alike.
    expect(new Set(alternates.map((alternate) => alternate.title)).size, path).toBe(alternates.length);
    for (const { type, href } of alternates) {
      const response = await request.get(href!.slice(SITE.length));
      expect(response.status(), href!).toBe(200);
      expect(response.headers()["content-type"], href!).toBe(`${type!}; charset=utf-8`);
      // JSON Feed 1.1 requires items, an empty list while a collection has no entry (the news and events now).
      if (type === "application/feed+json") expect(((await response.json()) as { items?: unknown }).items, href!).toEqual(expect.any(Array));
    }
  }
  // Every other page names its twin too, and /llms.txt lists it.
  await page.goto("/features");
  await expect(page.locator('head link[rel="alternate"][type="text/markdown"]')).toHaveAttribute("href", `${SITE}/features.md`);
  const llms = await (await request.get("/llms.txt")).text();
  expect(llms).toContain(`(${SITE}/features.md)`);
  expect(llms).toContain(`(${SITE}${post}.md)`);
  const twin = await request.get("/features.md");
  expect(twin.headers()["content-type"]).toBe("text/markdown; charset=utf-8");
  expect(await twin.text()).toMatch(/^# Core Features/);
});
