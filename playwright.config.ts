import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_FLAGS, chromiumPath } from "./scripts/lib/chromium.ts";

const port = Number(process.env.TEST_PORT ?? 4310);

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  reporter: "list",
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "off",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromiumPath(),
      args: CHROMIUM_FLAGS,
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
