/**
 * The test delivery sinks' settings (delivery-sinks.ts), apart so that
 * playwright.config.ts and the browser tests can name them without loading
 * the servers.
 */
export const SMTP_USER = "outbox";
export const SMTP_PASSWORD = "correct horse battery staple";

/** The browser tests' server port (TEST_PORT), and the sinks' ports after it. */
export function e2eDeliverySink() {
  const sitePort = Number(process.env.TEST_PORT ?? 4310);
  return {
    sitePort,
    smtpPort: sitePort + 1,
    webhookPort: sitePort + 2,
    controlPort: sitePort + 3,
    secret: "an end-to-end webhook secret of some length",
  };
}
