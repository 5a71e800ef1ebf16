import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_FLAGS, chromiumPath } from "./scripts/lib/chromium.ts";

const port = Number(process.env.TEST_PORT ?? 4310);
// A fresh lead database per run. Set here, in the main process, so the test
// workers (which inherit its environment) open the same one to check storage.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), "veilvault-e2e-leads-"));

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
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      DATA_DIR: process.env.E2E_DATA_DIR,
      // Every test posts from 127.0.0.1 and fills forms at machine speed; the
      // limit and the spam timing have their own tests (tests/unit/lead-service.test.ts).
      LEAD_RATE_LIMIT_PER_MINUTE: "10000",
      LEAD_MIN_FILL_MS: "0",
    },
    reuseExistingServer: false,
    timeout: 30_000,
  },
});
