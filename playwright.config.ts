import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.TEST_PORT ?? 4310);

/** Debian's Chromium or a given one; Playwright's own download is never fetched here. */
function chromiumPath(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined;
}

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "off",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } } }],
  webServer: {
    // The production server over the production build (npm test builds first).
    command: "node server/main.ts",
    url: `http://127.0.0.1:${port}/robots.txt`,
    env: { PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn" },
    reuseExistingServer: false,
    timeout: 30_000,
  },
});
