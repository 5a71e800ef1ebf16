import AxeBuilder from "@axe-core/playwright";
import { pagePaths } from "./routes.ts";
import type { Page } from "@playwright/test";
import { expect, gotoHydrated, test } from "./fixtures.ts";

/**
 * axe finds colour pairs by hit-testing, which blocks not yet drawn
 * (content-visibility, app.css) would confuse; draw them all first, as the
 * page itself does before scrolling to an anchor.
 */
async function analyze(page: Page) {
  await page.evaluate(() => {
    document.documentElement.dataset.renderAll = "";
  });
  // A slide show caught mid-crossfade shows text at partial opacity, which is
  // no colour a reader is left with: pause it as a visitor can, and let the
  // fade end, so axe measures the slides at rest.
  const pause = page.getByRole("button", { name: "Pause automatic slide show" });
  if ((await pause.count()) > 0) {
    await pause.click();
    await page.evaluate(() => Promise.all(document.getAnimations().filter((animation) => animation instanceof CSSTransition).map((animation) => animation.finished)));
  }
  return new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
}

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const routes = [...pagePaths, "/this-page-does-not-exist"];

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
]) {
  test.describe(`axe at ${viewport.width} px`, () => {
    test.use({ viewport, allowConsoleErrors: [/status of 404/] });

    for (const path of routes) {
      test(`${path} has no WCAG 2.2 AA violations`, async ({ page }) => {
        // A first visit: the consent banner is open and is checked with the page.
        await gotoHydrated(page, path);
        await page.evaluate(() => document.fonts.ready);
        const results = await analyze(page);
        const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
        expect(summary).toEqual([]);
      });
    }
  });
}

test.describe("open menus", () => {
  test("the open Use Cases and Company menus have no violations", async ({ page }) => {
    await gotoHydrated(page, "/");
    for (const name of ["Use Cases", "Company"]) {
      await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name }).click();
      const results = await analyze(page);
      expect(results.violations.map((v) => v.id)).toEqual([]);
    }
  });

  test.describe("mobile", () => {
    test.use({ viewport: { width: 375, height: 740 } });
    test("the open mobile menu has no violations", async ({ page }) => {
      await gotoHydrated(page, "/");
      await page.getByRole("button", { name: "Menu" }).click();
      const results = await analyze(page);
      expect(results.violations.map((v) => v.id)).toEqual([]);
    });
  });
});
