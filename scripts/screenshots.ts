/**
 * Full-page screenshots of every route at 375, 768 and 1280 px, for looking at
 * what we build: `npm run screenshots [-- /path ...]`. Starts the production
 * server on a spare port; writes PNGs to reports/screenshots/.
 */
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { prerenderPaths } from "../app/site/pages.ts";
import { CHROMIUM_FLAGS, chromiumPath } from "./lib/chromium.ts";
import { serveBuild } from "./lib/serve-build.ts";

const root = new URL("..", import.meta.url).pathname;
const widths = [375, 768, 1280];
const outDir = join(root, "reports", "screenshots");
const requested = process.argv.slice(2);
const paths = requested.length ? requested : prerenderPaths().map((path) => (path === "/404" ? "/this-page-does-not-exist" : path));

const server = await serveBuild(4390);
try {
  await mkdir(outDir, { recursive: true });
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
  for (const width of widths) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    for (const path of paths) {
      await page.goto(`${server.origin}${path}`);
      await page.waitForSelector("html[data-hydrated]", { state: "attached" });
      // Sections far from the viewport are not drawn (content-visibility); a full-page picture needs them all.
      // Lazy images far down would never load in a picture taken without scrolling.
      await page.evaluate(async () => {
        document.documentElement.dataset.renderAll = "";
        const images = [...document.images];
        for (const image of images) image.loading = "eager";
        await Promise.all(images.map((image) => image.decode().catch(() => undefined)));
        await document.fonts.ready;
      });
      const name = `${path === "/" ? "home" : path.slice(1).replaceAll("/", "_")}-${width}.png`;
      await page.screenshot({ path: join(outDir, name), fullPage: true });
      console.log(`reports/screenshots/${name}`);
    }
    await context.close();
  }
  await browser.close();
} finally {
  server.stop();
}
