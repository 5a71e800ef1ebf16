/**
 * After `react-router build`: publishes the not-found page as 404.html, writes
 * sitemap.xml, robots.txt, the icons, the manifest and the social image, and
 * precompresses everything textual with brotli and gzip.
 */
import { mkdir, rename, rm, rmdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { site } from "../app/site/config.ts";
import { NOT_FOUND_PATH } from "../app/site/pages.ts";
import { writeBrandImages } from "./lib/brand-images.ts";
import { robotsTxt, sitemapXml } from "./lib/crawl-files.ts";
import { precompress } from "./lib/precompress.ts";

const root = new URL("..", import.meta.url).pathname;
const client = join(root, "build", "client");

async function publishNotFoundPage(): Promise<void> {
  const dir = join(client, NOT_FOUND_PATH.slice(1));
  await rename(join(dir, "index.html"), join(client, "404.html"));
  await rmdir(dir);
}

async function main(): Promise<void> {
  const started = performance.now();
  await publishNotFoundPage();
  // Neither is served: every route has its own HTML, and nothing renders at request time.
  await rm(join(client, "__spa-fallback.html"), { force: true });
  await rm(join(root, "build", "server"), { recursive: true, force: true });

  await mkdir(client, { recursive: true });
  await writeFile(join(client, "sitemap.xml"), sitemapXml());
  await writeFile(join(client, "robots.txt"), robotsTxt(site.allowIndexing));
  const images = await writeBrandImages(client, {
    name: site.name,
    shortName: site.name,
    tagline: site.tagline,
    description: site.description,
    themeColor: site.themeColor,
    backgroundColor: "#FFFFFF",
  });
  const compressed = await precompress(client);
  const ms = Math.round(performance.now() - started);
  console.log(`postbuild: 404.html, sitemap.xml, robots.txt, ${images.length} brand files, ${compressed} files precompressed (${ms} ms)`);
}

await main();
