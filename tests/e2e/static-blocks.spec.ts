import { architecturePage } from "../../app/content/pages.server.ts";
import { asReturningVisitor, clickWhenSteady, expect, gotoHydrated, test } from "./fixtures.ts";

test.beforeEach(async ({ page }) => {
  await asReturningVisitor(page);
});

test("a link in a part drawn at build time navigates within the app, without a reload", async ({ page }) => {
  await gotoHydrated(page, "/features");
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  const data = page.waitForResponse((response) => new URL(response.url()).pathname === "/playground.data");
  await clickWhenSteady(page.getByRole("link", { name: "Try the tokenization playground" }));
  expect((await data).status()).toBe(200);
  await expect(page).toHaveURL(/\/playground$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Try Veilvault in your browser");
  expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
});

test("a page drawn at build time arrives whole by client-side navigation, and its diagrams move only in view", async ({ page }) => {
  await gotoHydrated(page, "/");
  await page.getByRole("banner").getByRole("link", { name: "Explore our Architecture", exact: true }).click();
  // The URL changes before the new page is drawn: wait for its own heading, or the home page's diagrams are the ones found (and then replaced).
  await expect(page).toHaveURL(/\/architecture$/);
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

test("the home page's scripts carry none of the parts drawn at build time", async ({ page, request }) => {
  const scripts: string[] = [];
  page.on("response", (response) => {
    if (response.url().endsWith(".js")) scripts.push(response.url());
  });
  await gotoHydrated(page, "/");
  const code = (await Promise.all(scripts.map(async (url) => (await request.get(url)).text()))).join("\n");
  // Classes only the build-time sections use: the How It Works stage numbers and the Why Veilvault checklist.
  expect(await page.locator("main .tabular-nums").count()).toBeGreaterThan(0);
  expect(code).not.toContain("tabular-nums");
  // The FAQ is drawn in the browser: its code is there.
  expect(code).toContain("faq-chevron");
});
