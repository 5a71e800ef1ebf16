import { describe, expect, it } from "vitest";
import { legalDocument, trustPage } from "../../app/content/pages.server.ts";
import { readContentFile } from "../../app/content/content-files.server.ts";
import { interfaceWordsSchema } from "../../app/content/schemas/interface-words.ts";
import { RETENTION_SETTINGS, type RetentionSetting } from "../../app/content/schemas/trust-page.ts";
import { readServerEnv } from "../../server/env.ts";
import { DELIVERED_JOB_RETENTION_MS } from "../../server/db/outbox-records.ts";
import { DEFAULT_TRUST_REQUEST_CAPS } from "../../server/trust/caps.ts";
import { TRAFFIC_RETENTION_MONTHS } from "../../server/db/traffic-store.ts";
import { CONFIRMATION_VALID_MS } from "../../server/lib/link-tokens.ts";

/**
 * TRUST-1: the Trust Center's "How this website handles your data" states
 * facts that the server's own configuration keeps true. Each stated number is
 * compared with the default the server runs with when nothing is set.
 */
const DAY_MS = 24 * 60 * 60 * 1000;
const defaults = readServerEnv({});

const serverPeriods: Record<RetentionSetting, { days: number } | { months: number }> = {
  LEAD_RETENTION_DAYS: { days: defaults.leadRetentionDays },
  LEAD_SPAM_RETENTION_DAYS: { days: defaults.spamRetentionDays },
  TRUST_RETENTION_DAYS: { days: defaults.trustRetentionDays },
  "unconfirmed newsletter sign-ups": { days: CONFIRMATION_VALID_MS / DAY_MS },
  "delivered outbox jobs": { days: DELIVERED_JOB_RETENTION_MS / DAY_MS },
  // Closed at the first count after midnight UTC (server/analytics/counter.ts).
  "a day's visitor numbers": { days: 1 },
  "daily visit totals": { months: TRAFFIC_RETENTION_MONTHS },
};

describe("the Trust Center's data-handling facts (TRUST-1)", () => {
  const { retention } = trustPage.dataHandling;

  it.each(retention.map((row) => [row.what, row.setting, row] as const))("states '%s' kept as long as %s is by default", (_what, setting, row) => {
    const { what: _, setting: __, ...period } = row;
    expect(period).toEqual(serverPeriods[setting]);
  });

  it("states every retention the server applies, each once", () => {
    expect(retention.map((row) => row.setting).sort()).toEqual([...RETENTION_SETTINGS].sort());
  });

  it("is what the privacy policy says of Trust Center requests", () => {
    const policy = legalDocument("privacy-policy").body;
    expect(policy).toContain("### Trust Center document requests");
    expect(policy).toContain(`**Trust Center requests:** up to ${defaults.trustRetentionDays} days`);
  });

  it("says the site sets no cookies, counts visits on the server only, and how to ask for erasure", () => {
    expect(trustPage.dataHandling.cookies.text).toMatch(/sets no cookies and runs no analytics script/);
    expect(trustPage.dataHandling.cookies.text).toMatch(/Global Privacy Control/);
    expect(trustPage.dataHandling.erasure.text).toMatch(/privacy@veilvault\.example/);
  });

  it("names each form the server accepts, the request form's caps being the server's", () => {
    expect(trustPage.dataHandling.forms.map((form) => form.where)).toEqual(["/get-in-touch", "/#newsletter", "/trust#request"]);
    expect(defaults.trustRequestCaps).toEqual(DEFAULT_TRUST_REQUEST_CAPS);
  });

  it("is what the privacy policy, the cookie policy and the banner say of counting visits (ANA-9)", () => {
    const policy = legalDocument("privacy-policy").body;
    expect(policy).toContain("### How we count visits");
    expect(policy).toContain(`**Visit counts:** daily totals for ${TRAFFIC_RETENTION_MONTHS} months`);
    expect(policy).toContain("`Sec-GPC: 1`");
    expect(policy).not.toMatch(/We use no analytics/);
    expect(legalDocument("cookie-policy").body).toContain("Our server counts visits itself, as daily totals");
    const banner = readContentFile("interface.yaml", interfaceWordsSchema).consentBanner.text;
    expect(banner).toMatch(/counts visits as daily totals, never per person, and skips browsers that send Global Privacy Control/);
    expect(banner).not.toMatch(/ask before adding/);
  });
});
