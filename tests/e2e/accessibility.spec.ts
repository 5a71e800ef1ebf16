import { pagePaths } from "./routes.ts";
import { AXE_VIEWPORTS, axeViolations } from "./axe.ts";
import { expect, gotoHydrated, test } from "./fixtures.ts";

const routes = [...pagePaths, "/this-page-does-not-exist"];

/**
 * Each page is loaded once, as a first visit (the consent banner is open and
 * is checked with the page), and checked at each width in turn by resizing.
 */
test.describe("axe at 1280 and 375 px", () => {
  test.use({ allowConsoleErrors: [/status of 404/] });

  for (const path of routes) {
    test(`${path} has no WCAG 2.2 AA violations`, async ({ page }) => {
      await page.setViewportSize(AXE_VIEWPORTS[0]!);
      await gotoHydrated(page, path);
      await page.evaluate(() => document.fonts.ready);
      for (const viewport of AXE_VIEWPORTS) {
        await page.setViewportSize(viewport);
        expect(await axeViolations(page), `at ${viewport.width} px`).toEqual([]);
      }
    });
  }
});

test.describe("open menus", () => {
  test("the open Use Cases and Company menus have no violations", async ({ page }) => {
    await gotoHydrated(page, "/");
    for (const name of ["Use Cases", "Company"]) {
      await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name }).click();
      expect(await axeViolations(page)).toEqual([]);
    }
  });

  test.describe("mobile", () => {
    test.use({ viewport: { width: 375, height: 740 } });
    test("the open mobile menu has no violations", async ({ page }) => {
      await gotoHydrated(page, "/");
      await page.getByRole("button", { name: "Menu" }).click();
      expect(await axeViolations(page)).toEqual([]);
    });
  });
});
