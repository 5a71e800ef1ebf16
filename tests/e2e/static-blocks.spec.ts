import { architecturePage } from "../../app/content/pages.server.ts";
import { asReturningVisitor, clickWhenSteady, expect, gotoHydrated, test } from "./fixtures.ts";

test.beforeEach(async ({ page }) => {
  await asReturningVisitor(page);
});

test("a link in a part drawn at build time loads its page", async ({ page }) => {
  await gotoHydrated(page, "/features");
  await clickWhenSteady(page.getByRole("link", { name: "Try the tokenization playground" }));
  await expect(page).toHaveURL(/\/playground$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Try Veilvault in your browser");
});

test("a page's diagrams move only in view", async ({ page }) => {
  await gotoHydrated(page, "/");
  await page.getByRole("banner").getByRole("link", { name: "Explore our Architecture", exact: true }).click();
  await expect(page).toHaveURL(/\/architecture$/);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(architecturePage.intro.heading);
  const diagrams = page.locator("main [data-watch-in-view]");
  expect(await diagrams.count()).toBeGreaterThan(1);
  const last = diagrams.last();
  await expect(last).not.toHaveAttribute("data-in-view");
  await last.scrollIntoViewIfNeeded();
  await expect(last).toHaveAttribute("data-in-view", "");
});

test("a modified click on such a link is the browser's: it opens a new tab and leaves the page as it is", async ({ page, context }) => {
  await gotoHydrated(page, "/features");
  const opened = context.waitForEvent("page");
  await clickWhenSteady(page.getByRole("link", { name: "Try the tokenization playground" }), { modifiers: ["ControlOrMeta"] });
  const tab = await opened;
  // A new tab starts on about:blank, whose own load can end the wait for a load state: wait for the page itself.
  await tab.waitForURL((url) => url.pathname === "/playground");
  await expect(page).toHaveURL(/\/features$/);
  await tab.close();
});
