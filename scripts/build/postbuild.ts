/**
 * After `react-router build`: publishes the not-found page as 404.html,
 * minifies the head script, bundles each page's islands and names its script (React Router's own
 * browser code and route data are not published: pages load documents and
 * hydrate only islands), derives the site's CSP from the inline code the build writes (and
 * stops at any other), writes the static-host configuration, sitemap.xml,
 * robots.txt, security.txt, the icons, the manifest, the social images, the
 * SOC 2 guide (PDF), the contact page's world map and the About page's
 * carousel images; for feed readers and AI agents the feeds (stopping at one
 * that breaks its format), the events' calendar files, every page's Markdown
 * twin, llms.txt and llms-full.txt, none holding what could become code; and
 * precompresses everything textual with brotli and gzip.
 */
import { mkdir, readdir, readFile, rename, rm, rmdir, writeFile } from "node:fs/promises";
import { dirname, join, relative, sep } from "node:path";
import { collections, type Collections } from "../../app/content/collections.server.ts";
import { soc2Page } from "../../app/content/pages.server.ts";
import { site } from "../../app/site/config.ts";
import { soc2Guide } from "../../common/downloads.ts";
import { WORLD_MAP_PATH } from "../../app/lib/world-map.ts";
import { NOT_FOUND_PATH } from "../../app/site/pages.ts";
import { cspHash } from "./lib/csp-hash.ts";
import { CONSTANT_SCRIPTS, pageInlineCode, type PageInlineCode } from "./lib/page-inline-code.ts";
import { pageContentSecurityPolicy, type SecurityManifest } from "../../common/security-headers.ts";
import { writeBrandImages } from "./lib/brand-images.ts";
import { builtPages } from "./lib/built-pages.ts";
import { withMinifiedHeadScript } from "./lib/head-script.ts";
import { robotsTxt, sitemapEntries, sitemapXml } from "./lib/crawl-files.ts";
import { publishingPaths } from "../../app/content/publishing-routes.server.ts";
import { dateText } from "../../app/lib/publishing/dates.ts";
import { absoluteUrl } from "../../app/site/config.ts";
import { COLLECTIONS, socialImagePath } from "../../app/site/publishing.ts";
import { codeInMarkdown } from "../../app/content/markdown-checks.ts";
import { LLMS_FULL_TXT_PATH, LLMS_TXT_PATH, markdownTwinPath, OPENPGP_KEY_PATH, publishedFileType } from "../../common/published-files.ts";
import { calendarFiles } from "./lib/calendar-files.ts";
import { entryImageFonts, entryImagePng } from "./lib/entry-images.ts";
import { feedFiles } from "./lib/feeds.ts";
import { entryTwins, llmsFullTxt, llmsTxt, pageTwin, type PageText } from "./lib/markdown-twins.ts";
import { bundleIslands, ISLANDS_RUNTIME, type IslandsResult } from "./lib/islands.ts";
import { headersFile, nginxConfig, redirectsFile, type TypedFile } from "./lib/host-config.ts";
import { precompress } from "./lib/precompress.ts";
import { writeCarouselImages } from "./lib/carousel-images.ts";
import { openPgpPublicKey, securityTxt } from "./lib/security-txt.ts";
import { soc2GuidePdf } from "./lib/soc2-guide-pdf.ts";
import { writeTrustFiles } from "./lib/trust-files.ts";
import { worldMapSvg } from "./lib/world-map-svg.ts";

const root = new URL("../..", import.meta.url).pathname;
const build = join(root, "build");
const client = join(build, "client");

async function publishNotFoundPage(): Promise<void> {
  const dir = join(client, NOT_FOUND_PATH.slice(1));
  await rename(join(dir, "index.html"), join(client, "404.html"));
  await rmdir(dir);
}

/**
 * React Router drew every page; its browser code and route data are not
 * published: a page names one script, its islands' (islands.ts). What React
 * Router wrote for the browser is removed, and a page that still names any of
 * it stops the build.
 */
async function removeRouterOutput(): Promise<number> {
  let removed = 0;
  for (const entry of await readdir(client, { recursive: true, withFileTypes: true })) {
    const isRouterFile = entry.name.endsWith(".data") || (entry.parentPath === join(client, "assets") && entry.name.endsWith(".js"));
    if (!entry.isFile() || !isRouterFile) continue;
    await rm(join(entry.parentPath, entry.name));
    removed += 1;
  }
  return removed;
}

/**
 * Each page's islands bundled and its script named; the CSP allows exactly the
 * inline code the build writes (page-inline-code.ts), one set for every page,
 * never code a page's content brought. Returns the manifest, and each page's
 * finished HTML by route for the Markdown twins.
 */
async function finishPages(): Promise<{ security: SecurityManifest; pages: ReadonlyMap<string, string>; islands: IslandsResult }> {
  await removeRouterOutput();
  const built = await builtPages(client);
  for (const { route, file } of built) {
    const html = await readFile(file, "utf8");
    if (/__reactRouter|rel="modulepreload"/.test(html)) throw new Error(`${route}: React Router's browser code is still named; the document must not hydrate (app/root.tsx)`);
    await writeFile(file, withMinifiedHeadScript(html));
  }
  const islands = await bundleIslands(root, client, built);
  const pages = new Map<string, string>();
  let shared: { route: string; code: PageInlineCode } | undefined;
  for (const { route, file } of built) {
    const html = await readFile(file, "utf8");
    let code: PageInlineCode;
    try {
      code = pageInlineCode(html);
    } catch (error) {
      throw new Error(`${route}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    shared ??= { route, code };
    for (const key of Object.keys(code) as (keyof PageInlineCode)[]) {
      if (code[key] !== shared.code[key]) throw new Error(`${route}: its ${key} differs from ${shared.route}'s; every page shares one CSP, so it must be the same`);
    }
    pages.set(route, html);
  }
  if (!shared) throw new Error("No page was prerendered");
  const leads = site.endpoints.leads;
  const extraConnectOrigins = leads.startsWith("/") ? [] : [new URL(leads).origin];
  const security = {
    contentSecurityPolicy: pageContentSecurityPolicy({
      scriptHashes: [shared.code.headScript, ...CONSTANT_SCRIPTS].map(cspHash),
      styleHashes: [cspHash(shared.code.stylesheet)],
      extraConnectOrigins,
    }),
  };
  return { security, pages, islands };
}

/** Writes `text` (or bytes) at the site path `path` under build/client. */
async function publish(path: string, data: string | Uint8Array): Promise<void> {
  const file = join(client, path.slice(1));
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, data);
}

/**
 * Every page's Markdown twin (PUB-7): the entries from their own Markdown,
 * the other pages from their prerendered HTML. Pages that say noindex (the
 * newsletter's) and the not-found page have none.
 */
async function writeMarkdownTwins(from: Collections, pages: ReadonlyMap<string, string>): Promise<PageText[]> {
  const entries = new Map(entryTwins(from).map((twin) => [twin.path, twin]));
  const twins: PageText[] = [];
  for (const [route, html] of pages) {
    if (route === "(404)") continue;
    const entry = entries.get(route);
    if (!entry && html.includes('<meta name="robots" content="noindex')) continue;
    twins.push(entry ?? pageTwin(route, html));
  }
  refuseCodeInMarkdown(twins.map((twin) => ({ path: markdownTwinPath(twin.path), markdown: twin.markdown })));
  for (const twin of twins) await publish(markdownTwinPath(twin.path), twin.markdown);
  return twins;
}

/**
 * The Markdown written for readers and agents holds nothing that could become
 * code where it is drawn (EDIT-7): the content checks refuse it in the
 * content files, and this stops the build should anything else bring it.
 */
function refuseCodeInMarkdown(files: readonly { path: string; markdown: string }[]): void {
  const problems = files.flatMap(({ path, markdown }) => codeInMarkdown(markdown).map((problem) => `${path} (line ${problem.line}): ${problem.message}`));
  if (problems.length > 0) throw new Error(`Published Markdown that could become code:\n${problems.join("\n")}`);
}

/** Feeds, calendar files, social images, twins and the llms files: what the collections publish besides their pages. */
async function writePublishing(from: Collections, pages: ReadonlyMap<string, string>): Promise<string> {
  const feeds = feedFiles(from);
  for (const feed of feeds) await publish(feed.path, feed.text);
  const calendars = calendarFiles(from.events);
  for (const calendar of calendars) await publish(calendar.path, calendar.text);
  const host = new URL(site.url).host;
  const fonts = await entryImageFonts();
  const drawn = [
    ...from.posts.map((post) => ({
      path: socialImagePath("posts", post.slug),
      text: { eyebrow: `${COLLECTIONS.posts.name} · ${post.data.tags[0] ?? ""}`, title: post.data.title, address: `${host}${COLLECTIONS.posts.list}` },
    })),
    ...from.news.map((item) => ({
      path: socialImagePath("news", item.slug),
      text: { eyebrow: `${COLLECTIONS.news.name} · ${dateText(item.data.date)}`, title: item.data.title, address: `${host}${COLLECTIONS.news.list}` },
    })),
  ];
  for (const image of drawn) await publish(image.path, await entryImagePng(image.text, fonts));
  const images = drawn.length;
  const twins = await writeMarkdownTwins(from, pages);
  const llms = [
    { path: LLMS_TXT_PATH, markdown: llmsTxt(from) },
    { path: LLMS_FULL_TXT_PATH, markdown: llmsFullTxt(twins) },
  ];
  refuseCodeInMarkdown(llms);
  for (const file of llms) await publish(file.path, file.markdown);
  // The entries' pages must be exactly those the router prerendered.
  const missing = publishingPaths(from).filter((path) => !pages.has(path));
  if (missing.length > 0) throw new Error(`No page was prerendered for ${missing.join(", ")}`);
  return `${feeds.length} feeds, ${calendars.length} calendar files, ${images} social images, ${twins.length} Markdown twins, llms.txt (${absoluteUrl(LLMS_TXT_PATH)})`;
}

/** The published files whose type the host configs must state (common/published-files.ts). */
async function typedFiles(): Promise<TypedFile[]> {
  const files = await readdir(client, { recursive: true, withFileTypes: true });
  return files
    .filter((entry) => entry.isFile())
    .map((entry) => `/${relative(client, join(entry.parentPath, entry.name)).split(sep).join("/")}`)
    .flatMap((path) => {
      const type = publishedFileType(path);
      return type ? [{ path, type }] : [];
    })
    .sort((a, b) => a.path.localeCompare(b.path));
}

async function main(): Promise<void> {
  const started = performance.now();
  await publishNotFoundPage();
  // Neither is served: every route has its own HTML, and nothing renders at request time.
  await rm(join(client, "__spa-fallback.html"), { force: true });
  await rm(join(build, "server"), { recursive: true, force: true });

  const { security, pages, islands } = await finishPages();
  await writeFile(join(build, "security.json"), `${JSON.stringify(security, null, 2)}\n`);

  const published = collections();
  await writeFile(join(client, "sitemap.xml"), sitemapXml(sitemapEntries(published)));
  const publishing = await writePublishing(published, pages);
  await writeFile(join(client, "robots.txt"), robotsTxt(site.allowIndexing));
  await mkdir(join(client, ".well-known"), { recursive: true });
  // The security team's key, when the deployment gives one: published and named by security.txt (TRUST-2).
  const keyFile = process.env.SECURITY_OPENPGP_KEY_FILE?.trim();
  if (keyFile) await writeFile(join(client, OPENPGP_KEY_PATH), openPgpPublicKey(await readFile(keyFile, "utf8")));
  await writeFile(join(client, ".well-known", "security.txt"), securityTxt(new Date(), { encrypted: Boolean(keyFile) }));
  // Written once every file exists: the host configs name the feeds, twins and text files one by one.
  const typed = await typedFiles();
  await writeFile(join(client, "_headers"), headersFile(security.contentSecurityPolicy, typed));
  await writeFile(join(client, "_redirects"), redirectsFile());
  await mkdir(join(build, "deploy"), { recursive: true });
  await writeFile(join(build, "deploy", "nginx.conf"), nginxConfig(security.contentSecurityPolicy, typed, publishingPaths(published)));
  const images = await writeBrandImages(client, {
    name: site.name,
    shortName: site.name,
    tagline: site.tagline,
    description: site.description,
    themeColor: site.themeColor,
    backgroundColor: "#FFFFFF",
  });
  const guide = await soc2GuidePdf(soc2Page, {
    siteName: site.name,
    siteUrl: site.url,
    demoUrl: site.demo.scheduler,
    demoMinutes: site.demo.minutes,
    language: `${site.language}-${site.locale.split("_")[1]}`,
    date: new Date(),
  });
  await mkdir(join(client, dirname(soc2Guide.path)), { recursive: true });
  await writeFile(join(client, soc2Guide.path), guide);
  const trust = await writeTrustFiles(build, client, {
    siteName: site.name,
    siteUrl: site.url,
    language: `${site.language}-${site.locale.split("_")[1]}`,
    date: new Date(),
  });
  const map = worldMapSvg();
  await mkdir(join(client, dirname(WORLD_MAP_PATH)), { recursive: true });
  await writeFile(join(client, WORLD_MAP_PATH), map.svg);
  const carousel = await writeCarouselImages(client);
  const compressed = await precompress(client);
  const ms = Math.round(performance.now() - started);
  console.log(
    `postbuild: ${islands.entries} island entries in ${islands.files} files (${ISLANDS_RUNTIME}), pages checked, CSP ${security.contentSecurityPolicy.length} chars, host config, crawl files, ` +
      `${images.length} brand files, SOC 2 guide ${Math.round(guide.length / 1024)} KiB, ` +
      `security overview ${Math.round(trust.overviewBytes / 1024)} KiB and ${trust.gated} gated document(s), ` +
      `world map ${map.dots} dots, ${carousel.files} carousel images ${Math.round(carousel.bytes / 1024)} KiB, ${publishing}, ${compressed} files precompressed (${ms} ms)`,
  );
}

await main();
