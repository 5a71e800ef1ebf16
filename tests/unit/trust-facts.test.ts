import { describe, expect, it } from "vitest";
import { legalDocument, trustPage } from "../../app/content/pages.server.ts";
import { RETENTION_SETTINGS, type RetentionSetting } from "../../app/content/schemas/trust-page.ts";
import { readServerEnv } from "../../server/env.ts";
import { CONFIRMATION_VALID_MS, DELIVERED_JOB_RETENTION_MS } from "../../server/leads/outbox.ts";
import { DEFAULT_TRUST_REQUEST_CAPS } from "../../server/trust/caps.ts";

/**
 * TRUST-1: the Trust Center's "How this website handles your data" states
 * facts that the server's own configuration keeps true. Each stated number is
 * compared with the default the server runs with when nothing is set.
 */
const DAY_MS = 24 * 60 * 60 * 1000;
const defaults = readServerEnv({});

const serverDays: Record<RetentionSetting, number> = {
  LEAD_RETENTION_DAYS: defaults.leadRetentionDays,
  LEAD_SPAM_RETENTION_DAYS: defaults.spamRetentionDays,
  TRUST_RETENTION_DAYS: defaults.trustRetentionDays,
  "unconfirmed newsletter sign-ups": CONFIRMATION_VALID_MS / DAY_MS,
  "delivered outbox jobs": DELIVERED_JOB_RETENTION_MS / DAY_MS,
};

describe("the Trust Center's data-handling facts (TRUST-1)", () => {
  const { retention } = trustPage.dataHandling;

  it.each(retention.map((row) => [row.what, row.days, row.setting] as const))("states '%s' kept %i days, as %s is by default", (_what, days, setting) => {
    expect(days).toBe(serverDays[setting]);
  });

  it("states every retention the server applies, each once", () => {
    expect(retention.map((row) => row.setting).sort()).toEqual([...RETENTION_SETTINGS].sort());
  });

  it("is what the privacy policy says of Trust Center requests", () => {
    const policy = legalDocument("privacy-policy").body;
    expect(policy).toContain("### Trust Center document requests");
    expect(policy).toContain(`**Trust Center requests:** up to ${defaults.trustRetentionDays} days`);
  });

  it("says the site sets no cookies and keeps no analytics, and how to ask for erasure", () => {
    expect(trustPage.dataHandling.cookies.text).toMatch(/sets no cookies and stores no analytics/);
    expect(trustPage.dataHandling.erasure.text).toMatch(/privacy@veilvault\.example/);
  });

  it("names each form the server accepts, the request form's caps being the server's", () => {
    expect(trustPage.dataHandling.forms.map((form) => form.where)).toEqual(["/get-in-touch", "/#newsletter", "/trust#request"]);
    expect(defaults.trustRequestCaps).toEqual(DEFAULT_TRUST_REQUEST_CAPS);
  });
});
