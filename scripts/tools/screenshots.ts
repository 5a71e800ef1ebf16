/**
 * Full-page screenshots of every route at 375, 768 and 1280 px in Chromium,
 * Firefox ESR and WebKitGTK, for looking at what we build:
 * `npm run screenshots [-- --engines firefox,webkit] [/path ...]`. Starts the
 * production server on a spare port; writes PNGs to
 * reports/screenshots/<engine>/. The tests assert on layouts; the pictures are
 * for eyes, so they are taken here and not on every test run.
 */
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { prerenderPaths } from "../../app/site/pages.ts";
import type { Engine } from "../../tests/browsers/lib/driver.ts";
import { openHydrated } from "../../tests/browsers/lib/page-checks.ts";
import { launchBrowser } from "../../tests/browsers/lib/sessions.ts";
import { serveBuild } from "./lib/serve-build.ts";

const root = new URL("../..", import.meta.url).pathname;
const WIDTHS = [375, 768, 1280];
const ENGINES: Engine[] = ["chromium", "firefox", "webkit"];

function options(argv: string[]): { engines: Engine[]; paths: string[] } {
  const paths: string[] = [];
  let engines = ENGINES;
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index] ?? "";
    if (argument === "--engines") {
      const wanted = (argv[++index] ?? "").split(",");
      const unknown = wanted.filter((name) => !ENGINES.includes(name as Engine));
      if (unknown.length > 0) throw new Error(`unknown engine ${unknown.join(", ")}: use ${ENGINES.join(", ")}`);
      engines = wanted as Engine[];
    } else {
      paths.push(argument);
    }
  }
  const all = prerenderPaths().map((path) => (path === "/404" ? "/this-page-does-not-exist" : path));
  return { engines, paths: paths.length > 0 ? paths : all };
}

const { engines, paths } = options(process.argv.slice(2));
const server = await serveBuild(4390);
try {
  for (const engine of engines) {
    const outDir = join(root, "reports", "screenshots", engine);
    await mkdir(outDir, { recursive: true });
    for (const width of WIDTHS) {
      const session = await launchBrowser(engine, { width, height: 900 });
      try {
        for (const path of paths) {
          await openHydrated(session, `${server.origin}${path}`);
          // Sections far from the viewport are not drawn (content-visibility); a full-page picture needs them all.
          // Lazy images far down would never load in a picture taken without scrolling.
          await session.evaluate(async () => {
            document.documentElement.dataset.renderAll = "";
            const images = [...document.images];
            for (const image of images) image.loading = "eager";
            await Promise.race([
              Promise.all(images.map((image) => image.decode().catch(() => undefined))),
              new Promise((resolve) => setTimeout(resolve, 3000)),
            ]);
            await document.fonts.ready;
            await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
            return true;
          });
          const name = `${path === "/" ? "home" : path.slice(1).replaceAll("/", "_")}-${width}.png`;
          await session.screenshot(join(outDir, name), { fullPage: true });
          console.log(`reports/screenshots/${engine}/${name}`);
        }
      } finally {
        await session.close();
      }
    }
  }
} finally {
  server.stop();
}
