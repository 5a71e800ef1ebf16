import { measureLayout } from "../support/layout-report.ts";
import { AXE_VIEWPORTS, axeViolations } from "./axe.ts";
import { linkPageKinds, newestPostPath, pagePaths } from "./routes.ts";
import { expect, gotoHydrated, test } from "./fixtures.ts";

/** From the narrowest phone to a wide desktop (A11Y-5). */
const LAYOUT_WIDTHS = [320, 375, 768, 1024, 1280, 1920];

const PATHS = [...pagePaths, newestPostPath, ...linkPageKinds.map((page) => page.path), "/this-page-does-not-exist"];
const HEADINGS = new Map<string, string>(linkPageKinds.map((page) => [page.path, page.heading]));

/**
 * Every page as a first visitor meets it, in one visit: its outline (one H1, a
 * header, a main and a footer), what axe finds at a desktop and a phone width
 * (A11Y-1), that nothing overflows or collapses from 320 to 1920 px (A11Y-5),
 * what it loads and stores before the consent choice (PRIV), and that it
 * hydrates and works under its CSP (SEC-2). One load per page serves them all,
 * as one visitor's tab would; the widths are reached by resizing the window,
 * as a visitor turning a tablet or dragging a window edge does, and CSS media
 * queries and the page's own listeners answer a resize as they answer a load.
 * The consent banner stays open until the end, so it is measured with the page.
 */
test.describe("a first visit", () => {
  // The not-found page's own document is a 404, which Chromium logs.
  test.use({ allowConsoleErrors: [/status of 404/] });

  for (const path of PATHS) {
    test(`to ${path}: one H1, a header, a main and a footer; no WCAG 2.2 AA violation at 1280 and 375 px; nothing overflows from 320 to 1920 px; nothing loaded from elsewhere or stored before the choice; it works under the CSP`, async ({
      page,
      baseURL,
    }) => {
      // Two full analyses of the page, six widths and a walk through it: allow for a busy machine.
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

      const heading = page.getByRole("heading", { level: 1 });
      await expect(heading).toHaveCount(1);
      const expectedHeading = HEADINGS.get(path);
      if (expectedHeading) await expect(heading).toHaveText(expectedHeading);
      const outline = await page.evaluate(() =>
        [...document.querySelectorAll("body > header, body > veil-island > header, body > main, body > footer")].map((element) => element.tagName),
      );
      expect(outline, "landmarks in order").toEqual(["HEADER", "MAIN", "FOOTER"]);

      for (const viewport of AXE_VIEWPORTS) {
        await page.setViewportSize(viewport);
        expect(await axeViolations(page), `axe at ${viewport.width} px`).toEqual([]);
      }
      // axeViolations has drawn every block, so overflow anywhere on the page counts.
      for (const width of LAYOUT_WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        const layout = await page.evaluate(measureLayout);
        expect(layout.overflowPx, `overflow at ${width} px`).toBe(0);
        expect(layout.collapsedControls, `collapsed controls at ${width} px`).toEqual([]);
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

      // Interactive parts work under the page's CSP: the consent banner and a menu. (Client-side
      // navigation, the same under every page's policy, has its own test in navigation.spec.ts.)
      await page.getByRole("dialog", { name: "Your privacy choice" }).getByRole("button", { name: "Reject" }).click();
      const menu = page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Use Cases" });
      await menu.click();
      await expect(menu).toHaveAttribute("aria-expanded", "true");
      expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations), "CSP violations").toEqual([]);
    });
  }
});
