import { regulationPages } from "../../app/content/regulations/index.ts";
import { AXE_VIEWPORTS, axeViolations } from "./axe.ts";
import { pagePaths } from "./routes.ts";
import { expect, gotoHydrated, test } from "./fixtures.ts";

/**
 * Every page as a first visitor meets it, in one visit: what it loads and
 * stores before the consent choice (PRIV), what axe finds at a desktop and a
 * phone width (A11Y), and that it hydrates and works under its CSP (SEC). One
 * load per page serves all three, as one visitor's tab would.
 */
test.describe("a first visit", () => {
  // The not-found page's own document is a 404, which Chromium logs.
  test.use({ allowConsoleErrors: [/status of 404/] });

  for (const path of [...pagePaths, "/this-page-does-not-exist"]) {
    test(`to ${path}: no WCAG 2.2 AA violation at 1280 and 375 px, nothing loaded from elsewhere or stored before the choice, and it works under the CSP`, async ({
      page,
      baseURL,
    }) => {
      // Two full analyses of the page and a walk through it: allow for a busy machine.
      test.setTimeout(60_000);
      const origin = new URL(baseURL!).origin;
      const foreign: string[] = [];
      page.on("request", (request) => {
        const url = new URL(request.url());
        if (url.protocol === "data:") return;
        if (url.origin !== origin) foreign.push(request.url());
      });
      await page.addInitScript(() => {
        const violations: string[] = [];
        (window as unknown as { cspViolations: string[] }).cspViolations = violations;
        document.addEventListener("securitypolicyviolation", (event) => {
          violations.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`);
        });
      });
      await page.setViewportSize(AXE_VIEWPORTS[0]!);
      await gotoHydrated(page, path);
      await page.evaluate(() => document.fonts.ready);

      // The consent banner is open and is checked with the page.
      for (const viewport of AXE_VIEWPORTS) {
        await page.setViewportSize(viewport);
        expect(await axeViolations(page), `axe at ${viewport.width} px`).toEqual([]);
      }
      await page.setViewportSize(AXE_VIEWPORTS[0]!);

      // Use the page a little: open the menus and walk the keyboard through it.
      for (const name of ["Use Cases", "Company"]) {
        await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name }).click();
      }
      await page.keyboard.press("Escape");
      for (let i = 0; i < 10; i += 1) await page.keyboard.press("Tab");
      expect(foreign, "requests to other origins").toEqual([]);
      const stored = await page.evaluate(async () => ({
        local: Object.keys(window.localStorage),
        session: Object.keys(window.sessionStorage),
        cookies: document.cookie,
        databases: (await indexedDB.databases()).map((db) => db.name),
        caches: await caches.keys(),
      }));
      expect(stored, "stored before the choice").toEqual({ local: [], session: [], cookies: "", databases: [], caches: [] });
      expect(await page.context().cookies()).toEqual([]);

      // Interactive parts work under the CSP: the consent banner, a menu, a client-side navigation.
      await page.getByRole("dialog", { name: "Your privacy choice" }).getByRole("button", { name: "Reject" }).click();
      const menu = page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Use Cases" });
      await menu.click();
      await expect(menu).toHaveAttribute("aria-expanded", "true");
      await page.locator("#useCases-menu").getByRole("link", { name: /GDPR/ }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(regulationPages.gdpr.intro.heading);
      expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations), "CSP violations").toEqual([]);
    });
  }
});
