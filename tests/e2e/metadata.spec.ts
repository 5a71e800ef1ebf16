import { pagesWithMeta as pages } from "../../app/site/page-meta.ts";
import { redirects } from "../../common/redirects.ts";
import { loadCollections } from "../../app/content/collections.server.ts";
import { publishingPaths } from "../../app/content/publishing-routes.server.ts";
import { expect, gotoHydrated, test } from "./fixtures.ts";

const SITE = "https://veilvault.example";

/** The <head> as a crawler sees it: the raw prerendered HTML, no JavaScript. */
function head(html: string) {
  const meta = (attr: "name" | "property", key: string) =>
    html.match(new RegExp(`<meta ${attr}="${key.replace(/[:]/g, "\\:")}" content="([^"]*)"`))?.[1];
  return {
    title: html.match(/<title>([^<]*)<\/title>/)?.[1],
    titles: html.match(/<title>/g)?.length ?? 0,
    description: meta("name", "description"),
    robots: meta("name", "robots"),
    canonical: html.match(/<link rel="canonical" href="([^"]*)"/)?.[1],
    og: (key: string) => meta("property", `og:${key}`),
    twitter: (key: string) => meta("name", `twitter:${key}`),
    jsonLd: [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
      (match) => JSON.parse(match[1]!) as Record<string, unknown>,
    ),
  };
}

const decode = (text: string | undefined) =>
  text?.replaceAll("&amp;", "&").replaceAll("&#x27;", "'").replaceAll("&quot;", '"');

for (const page of pages) {
  test(`raw HTML of ${page.path} carries its full metadata`, async ({ request }) => {
    const response = await request.get(page.path);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("text/html");
    const html = await response.text();
    const tags = head(html);
    const url = page.path === "/" ? `${SITE}/` : `${SITE}${page.path}`;
    const title = page.title.includes("Veilvault") ? page.title : `${page.title} | Veilvault`;

    expect(tags.titles).toBe(1);
    expect(decode(tags.title)).toBe(title);
    expect(decode(tags.description)).toBe(page.description);
    expect(tags.robots).toBe("index, follow");
    expect(tags.canonical).toBe(url);
    expect(tags.og("url")).toBe(url);
    expect(decode(tags.og("title"))).toBe(title);
    expect(decode(tags.og("description"))).toBe(page.description);
    expect(tags.og("type")).toBe("website");
    expect(tags.og("locale")).toBe("en_IN");
    expect(tags.og("site_name")).toBe("Veilvault");
    expect(tags.og("image")).toBe(`${SITE}/social/og-default.png`);
    expect(tags.twitter("card")).toBe("summary_large_image");
    expect(decode(tags.twitter("title"))).toBe(title);
    expect(tags.twitter("image")).toBe(`${SITE}/social/og-default.png`);
    expect(tags.jsonLd).toHaveLength(1);
    expect(tags.jsonLd[0]).toMatchObject({
      "@type": "Organization",
      name: "Veilvault",
      url: `${SITE}/`,
      logo: `${SITE}/icon-512.png`,
      sameAs: ["https://x.com/veilvault", "https://www.linkedin.com/company/veilvault", "https://www.instagram.com/veilvault"],
    });
    expect(typeof tags.jsonLd[0]!.description).toBe("string");
    // The page's own content is in the HTML, not only after JavaScript.
    // One H1 with words in it (a landing title wraps its gradient half in a span).
    const h1s = [...html.matchAll(/<h1[^>]*>([\s\S]*?)<\/h1>/g)].map((match) => match[1]!.replace(/<[^>]+>/g, "").trim());
    expect(h1s).toHaveLength(1);
    expect(h1s[0]!.length).toBeGreaterThan(5);
    expect(html).toContain('<html lang="en"');
  });
}

test("every page has a unique title and description", async ({ request }) => {
  test.setTimeout(60_000);
  const seen = { titles: new Set<string>(), descriptions: new Set<string>() };
  for (const page of pages) {
    const tags = head(await (await request.get(page.path)).text());
    seen.titles.add(tags.title!);
    seen.descriptions.add(tags.description!);
  }
  expect(seen.titles.size).toBe(pages.length);
  expect(seen.descriptions.size).toBe(pages.length);
});

test("the not-found page answers 404, says noindex, and has no canonical URL", async ({ request }) => {
  const response = await request.get("/no/such/page");
  expect(response.status()).toBe(404);
  const html = await response.text();
  const tags = head(html);
  expect(tags.robots).toBe("noindex, nofollow");
  expect(tags.canonical).toBeUndefined();
  expect(html).toContain("We could not find that page");
});

test("sitemap.xml lists every page once and nothing else: the route table's and each public entry's (PUB-4)", async ({ request }) => {
  const response = await request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/xml/);
  const locs = [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  const expected = [...pages.map((p) => p.path), ...publishingPaths(loadCollections())];
  expect(locs.sort()).toEqual(expected.map((path) => (path === "/" ? `${SITE}/` : `${SITE}${path}`)).sort());
  for (const redirect of redirects) expect(locs).not.toContain(`${SITE}${redirect.from}`);
});

test("robots.txt allows crawling and names the sitemap", async ({ request }) => {
  const text = await (await request.get("/robots.txt")).text();
  expect(text).toContain("User-agent: *");
  expect(text).toContain("Allow: /");
  expect(text).toContain(`Sitemap: ${SITE}/sitemap.xml`);
});

test("icons, manifest and the social image are served", async ({ request }) => {
  const html = await (await request.get("/")).text();
  for (const [path, type] of [
    ["/favicon.ico", /icon/],
    ["/favicon.svg", /image\/svg\+xml/],
    ["/apple-touch-icon.png", /image\/png/],
    ["/icon-192.png", /image\/png/],
    ["/icon-512.png", /image\/png/],
    ["/social/og-default.png", /image\/png/],
    ["/site.webmanifest", /manifest\+json/],
  ] as const) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()["content-type"], path).toMatch(type);
  }
  expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml"/>');
  expect(html).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png"/>');
  // Linked only once the page has hydrated (PERF-7, the next test).
  expect(html).not.toContain('rel="manifest"');
  expect(html).toContain('<meta name="theme-color" content="#0B1020"/>');
  const manifest = (await (await request.get("/site.webmanifest")).json()) as { name: string; display: string; icons: { sizes: string }[] };
  expect(manifest.name).toBe("Veilvault");
  // A site, not an app to install: Chrome fetches no install icon during the first paint (PERF-7).
  expect(manifest.display).toBe("browser");
  expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(["192x192", "512x512"]));
  const og = await (await request.get("/social/og-default.png")).body();
  // PNG header: width and height are big-endian at bytes 16 and 20.
  expect([og.readUInt32BE(16), og.readUInt32BE(20)]).toEqual([1200, 630]);
});

/** When the page's manifest link appeared, written by the test's init script. */
type ManifestStamp = Window & { manifestLinkedAt?: number };

test("the manifest is linked once the page has hydrated, after the first paint", async ({ page }) => {
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      if (!document.querySelector('link[rel="manifest"]')) return;
      (window as ManifestStamp).manifestLinkedAt = performance.now();
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  await gotoHydrated(page, "/");
  await expect(page.locator('head link[rel="manifest"]')).toHaveAttribute("href", "/site.webmanifest");
  const timing = await page.evaluate(() => ({
    paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
    linked: (window as ManifestStamp).manifestLinkedAt ?? Number.NaN,
  }));
  expect(timing.linked).toBeGreaterThan(timing.paint);
});
