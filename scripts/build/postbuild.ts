/**
 * After `react-router build`: publishes the not-found page as 404.html, defers
 * hydration past the first paint on every page, derives the site's CSP from the
 * pages' inline scripts and styles, writes the static-host configuration,
 * sitemap.xml, robots.txt, security.txt, the icons, the manifest, the social
 * image, the SOC 2 guide (PDF), the contact page's world map and the About
 * page's carousel images, and precompresses everything textual with brotli and gzip.
 */
import { mkdir, readFile, rename, rm, rmdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { soc2Page } from "../../app/content/pages.server.ts";
import { site } from "../../app/site/config.ts";
import { soc2Guide } from "../../common/downloads.ts";
import { WORLD_MAP_PATH } from "../../app/lib/world-map.ts";
import { NOT_FOUND_PATH } from "../../app/site/pages.ts";
import { inlineHashes } from "./lib/inline-hashes.ts";
import { pageContentSecurityPolicy, type SecurityManifest } from "../../common/security-headers.ts";
import { writeBrandImages } from "./lib/brand-images.ts";
import { builtPages } from "./lib/built-pages.ts";
import { robotsTxt, sitemapXml } from "./lib/crawl-files.ts";
import { deferHydration } from "./lib/defer-hydration.ts";
import { headersFile, nginxConfig, redirectsFile } from "./lib/host-config.ts";
import { precompress } from "./lib/precompress.ts";
import { writeCarouselImages } from "./lib/carousel-images.ts";
import { securityTxt } from "./lib/security-txt.ts";
import { soc2GuidePdf } from "./lib/soc2-guide-pdf.ts";
import { worldMapSvg } from "./lib/world-map-svg.ts";

const root = new URL("../..", import.meta.url).pathname;
const build = join(root, "build");
const client = join(build, "client");

async function publishNotFoundPage(): Promise<void> {
  const dir = join(client, NOT_FOUND_PATH.slice(1));
  await rename(join(dir, "index.html"), join(client, "404.html"));
  await rmdir(dir);
}

/** The pages' scripts wait for the first paint; the CSP allows exactly their inline code. */
async function finishPages(): Promise<SecurityManifest> {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const { file } of await builtPages(client)) {
    const html = deferHydration(await readFile(file, "utf8"));
    await writeFile(file, html);
    const hashes = inlineHashes(html);
    hashes.scripts.forEach((hash) => scripts.add(hash));
    hashes.styles.forEach((hash) => styles.add(hash));
  }
  const leads = site.endpoints.leads;
  const extraConnectOrigins = leads.startsWith("/") ? [] : [new URL(leads).origin];
  return {
    contentSecurityPolicy: pageContentSecurityPolicy({
      scriptHashes: [...scripts],
      styleHashes: [...styles],
      extraConnectOrigins,
    }),
  };
}

async function main(): Promise<void> {
  const started = performance.now();
  await publishNotFoundPage();
  // Neither is served: every route has its own HTML, and nothing renders at request time.
  await rm(join(client, "__spa-fallback.html"), { force: true });
  await rm(join(build, "server"), { recursive: true, force: true });

  const security = await finishPages();
  await writeFile(join(build, "security.json"), `${JSON.stringify(security, null, 2)}\n`);
  await writeFile(join(client, "_headers"), headersFile(security.contentSecurityPolicy));
  await writeFile(join(client, "_redirects"), redirectsFile());
  await mkdir(join(build, "deploy"), { recursive: true });
  await writeFile(join(build, "deploy", "nginx.conf"), nginxConfig(security.contentSecurityPolicy));

  await writeFile(join(client, "sitemap.xml"), sitemapXml());
  await writeFile(join(client, "robots.txt"), robotsTxt(site.allowIndexing));
  await mkdir(join(client, ".well-known"), { recursive: true });
  await writeFile(join(client, ".well-known", "security.txt"), securityTxt(new Date()));
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
    demoUrl: site.demo.url,
    demoMinutes: site.demo.minutes,
    language: `${site.language}-${site.locale.split("_")[1]}`,
    date: new Date(),
  });
  await mkdir(join(client, dirname(soc2Guide.path)), { recursive: true });
  await writeFile(join(client, soc2Guide.path), guide);
  const map = worldMapSvg();
  await mkdir(join(client, dirname(WORLD_MAP_PATH)), { recursive: true });
  await writeFile(join(client, WORLD_MAP_PATH), map.svg);
  const carousel = await writeCarouselImages(client);
  const compressed = await precompress(client);
  const ms = Math.round(performance.now() - started);
  console.log(
    `postbuild: pages deferred and hashed, CSP ${security.contentSecurityPolicy.length} chars, host config, crawl files, ` +
      `${images.length} brand files, SOC 2 guide ${Math.round(guide.length / 1024)} KiB, ` +
      `world map ${map.dots} dots, ${carousel.files} carousel images ${Math.round(carousel.bytes / 1024)} KiB, ${compressed} files precompressed (${ms} ms)`,
  );
}

await main();
