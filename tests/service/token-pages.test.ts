/**
 * The pages an e-mail's link opens with a single-use token in its query
 * (requirements LEAD-16, TRUST-5, OPS-2) are kept by no cache, shared or the
 * browser's own: the real server, serving files laid out as the build lays
 * them out, answers each with `private, no-store`, and every other page as before.
 */
import { afterEach, describe, expect, it } from "vitest";
import { CACHE_CONTROL } from "../../common/cache-control.ts";
import { NEWSLETTER_PAGES } from "../../common/newsletter-pages.ts";
import { TRUST_PAGES } from "../../common/trust-center.ts";
import { readDeliveryConfig } from "../../server/delivery/config.ts";
import { CONSOLE_PATHS } from "../../server/console/layout.ts";
import { startLeadServer, type LeadServer } from "../support/lead-server.ts";

let server: LeadServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const TOKEN = "A".repeat(43);
/** Every page an e-mail links to with `?token=…`. */
const TOKEN_PAGES = [NEWSLETTER_PAGES.confirm, NEWSLETTER_PAGES.unsubscribe, TRUST_PAGES.approve, TRUST_PAGES.deny, TRUST_PAGES.download];
/** Link pages that hold no token (where a link leads after its button), and an ordinary page. */
const OTHER_PAGES = [NEWSLETTER_PAGES.confirmed, NEWSLETTER_PAGES.linkExpired, TRUST_PAGES.approved, TRUST_PAGES.linkInvalid, "/features"];

describe("pages opened by a token link (requirements LEAD-16, TRUST-5, OPS-2)", () => {
  it("are served private, no-store, the console's sign-in link page no-store, and every other page still revalidated by any cache", async () => {
    const page = (path: string): [string, string] => [`${path.slice(1)}/index.html`, `<!doctype html><title>${path}</title>`];
    server = await startLeadServer({
      siteFiles: Object.fromEntries([...TOKEN_PAGES, ...OTHER_PAGES].map(page)),
      // The console is served only with an operator and a mail server; no mail is sent here.
      delivery: readDeliveryConfig({ SMTP_URL: "smtp://127.0.0.1:9", MAIL_FROM: "web@veilvault.example", ADMIN_EMAILS: "ops@veilvault.example" }),
    });
    const cacheOf = async (path: string) => {
      const response = await fetch(`${server!.origin}${path}`, { redirect: "manual" });
      expect(response.status, path).toBe(200);
      return response.headers.get("cache-control");
    };
    for (const path of TOKEN_PAGES) expect(await cacheOf(`${path}?token=${TOKEN}`), path).toBe("private, no-store");
    // The console answers its own pages, with no-store, which no cache may keep either.
    expect(await cacheOf(`${CONSOLE_PATHS.signInLink}?token=${TOKEN}`)).toBe("no-store");
    for (const path of OTHER_PAGES) expect(await cacheOf(path), path).toBe(CACHE_CONTROL.html);
  });
});
