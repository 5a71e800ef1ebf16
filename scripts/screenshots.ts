/**
 * Full-page screenshots of every route at 375, 768 and 1280 px, for looking at
 * what we build: `npm run screenshots [-- /path ...]`. Starts the production
 * server on a spare port; writes PNGs to reports/screenshots/.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { prerenderPaths } from "../app/site/pages.ts";

const root = new URL("..", import.meta.url).pathname;
const port = 4390;
const widths = [375, 768, 1280];
const outDir = join(root, "reports", "screenshots");
const requested = process.argv.slice(2);
const paths = requested.length ? requested : prerenderPaths().map((path) => (path === "/404" ? "/this-page-does-not-exist" : path));

const server = spawn(process.execPath, ["server/main.ts"], {
  cwd: root,
  env: { ...process.env, PORT: String(port), LOG_LEVEL: "warn" },
  stdio: "inherit",
});

async function waitForServer(): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      await fetch(`http://127.0.0.1:${port}/robots.txt`);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error("server did not start");
}

try {
  await waitForServer();
  await mkdir(outDir, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined),
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
  for (const width of widths) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    for (const path of paths) {
      await page.goto(`http://127.0.0.1:${port}${path}`);
      await page.waitForSelector("html[data-hydrated]");
      await page.evaluate(() => document.fonts.ready);
      const name = `${path === "/" ? "home" : path.slice(1).replaceAll("/", "_")}-${width}.png`;
      await page.screenshot({ path: join(outDir, name), fullPage: true });
      console.log(`reports/screenshots/${name}`);
    }
    await context.close();
  }
  await browser.close();
} finally {
  server.kill();
}
