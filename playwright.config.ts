import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_FLAGS, headlessChromiumPath } from "./scripts/tools/lib/chromium.ts";
import { e2eDeliverySink, SMTP_PASSWORD, SMTP_USER } from "./tests/support/delivery-sink-settings.ts";

// Where the site's server delivers leads in these tests: a real SMTP server and a
// verifying webhook receiver (tests/support/delivery-sink-process.ts), on the ports after TEST_PORT.
const DELIVERY_SINK = e2eDeliverySink();
const port = DELIVERY_SINK.sitePort;
// A fresh lead database per run. Set here, in the main process, so the test
// workers (which inherit its environment) open the same one to check storage.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), "veilvault-e2e-leads-"));

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: Number(process.env.PLAYWRIGHT_WORKERS ?? 2),
  reporter: "list",
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "off",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: headlessChromiumPath(),
      args: CHROMIUM_FLAGS,
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } } }],
  webServer: [
    {
      command: "node tests/support/delivery-sink-process.ts",
      url: `http://127.0.0.1:${DELIVERY_SINK.controlPort}/received`,
      env: {
        SINK_SMTP_PORT: String(DELIVERY_SINK.smtpPort),
        SINK_WEBHOOK_PORT: String(DELIVERY_SINK.webhookPort),
        SINK_CONTROL_PORT: String(DELIVERY_SINK.controlPort),
        SINK_WEBHOOK_SECRET: DELIVERY_SINK.secret,
      },
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // The production server over the production build (npm test builds first).
      command: "node server/main.ts",
      url: `http://127.0.0.1:${port}/robots.txt`,
      env: {
        PORT: String(port),
        HOST: "127.0.0.1",
        LOG_LEVEL: "warn",
        DATA_DIR: process.env.E2E_DATA_DIR,
        // Every test posts from 127.0.0.1 and fills forms at machine speed; the
        // limit and the spam timing have their own tests (tests/service/lead-service.test.ts).
        LEAD_RATE_LIMIT_PER_MINUTE: "10000",
        LEAD_MIN_FILL_MS: "0",
        // Every lead and sign-up is delivered, as in production (requirement LEAD-17).
        SMTP_URL: `smtp://${SMTP_USER}:${encodeURIComponent(SMTP_PASSWORD)}@127.0.0.1:${DELIVERY_SINK.smtpPort}`,
        MAIL_FROM: "Veilvault website <web@veilvault.example>",
        LEAD_NOTIFY_TO: "sales@veilvault.example",
        TRUST_APPROVERS: "security@veilvault.example",
        // The operator console's operators, one per test of tests/e2e/console.spec.ts, which run at once.
        ADMIN_EMAILS: "ops@veilvault.example,ops-links@veilvault.example,ops-axe@veilvault.example",
        LEAD_WEBHOOK_URL: `http://127.0.0.1:${DELIVERY_SINK.webhookPort}/hooks/veilvault`,
        LEAD_WEBHOOK_SECRET: DELIVERY_SINK.secret,
      },
      reuseExistingServer: false,
      timeout: 30_000,
    },
  ],
});
