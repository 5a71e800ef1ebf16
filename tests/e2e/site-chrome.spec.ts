import type { Page, Route } from "@playwright/test";
import { asReturningVisitor, expect, gotoHydrated, test } from "./fixtures.ts";

/**
 * PERF-9: the header, footer and consent banner hydrate from their own file,
 * after the page. These tests hold that file back to see the page before it
 * arrives, then let it through.
 */
const CHROME_FILE = /\/assets\/chrome-parts-[\w-]+\.js$/;

/** Holds every request for the chrome's file until `release` is called. */
async function holdChromeFile(page: Page): Promise<{ requested: Promise<void>; release: () => Promise<void> }> {
  const held: Route[] = [];
  let requested!: () => void;
  const seen = new Promise<void>((resolve) => (requested = resolve));
  await page.route(CHROME_FILE, (route) => {
    held.push(route);
    requested();
  });
  return {
    requested: seen,
    release: async () => {
      await Promise.all(held.splice(0).map((route) => route.continue()));
      await page.unroute(CHROME_FILE);
    },
  };
}

test.beforeEach(async ({ page }) => {
  await asReturningVisitor(page);
});

test("the page answers before the chrome's file arrives, and the menus once it has", async ({ page }) => {
  const chrome = await holdChromeFile(page);
  await page.goto("/");
  await chrome.requested;

  // The page's own control, the FAQ, works already; the page is not yet marked hydrated.
  const question = page.locator("#faqs").getByRole("button").nth(3);
  await expect(async () => {
    await question.click();
    await expect(question).toHaveAttribute("aria-expanded", "true", { timeout: 500 });
  }).toPass();
  await expect(page.locator("html")).not.toHaveAttribute("data-hydrated");
  // The header and footer are on screen all along, drawn by the prerender.
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Use Cases" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Subscribe to the newsletter" })).toBeAttached();

  await chrome.release();
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const menu = page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Use Cases" });
  await menu.click();
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  await expect(page.locator("#useCases-menu")).toBeVisible();
});

test("until then a header link is a plain link: it still opens its page", async ({ page }) => {
  const chrome = await holdChromeFile(page);
  await page.goto("/");
  await chrome.requested;
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await page.getByRole("banner").getByRole("link", { name: "Explore our Architecture", exact: true }).click();
  await expect(page).toHaveURL(/\/architecture$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => "sameDocument" in window)).toBe(false);
  await chrome.release();
});

test("the page's first scripts carry none of the chrome's code; its own file does", async ({ page, request }) => {
  const first: string[] = [];
  page.on("request", (sent) => {
    if (sent.resourceType() === "script" && !CHROME_FILE.test(sent.url())) first.push(sent.url());
  });
  const chromeResponse = page.waitForResponse((response) => CHROME_FILE.test(response.url()));
  await gotoHydrated(page, "/architecture");
  const code = (await Promise.all(first.map(async (url) => (await request.get(url)).text()))).join("\n");
  const chromeCode = await (await chromeResponse).text();
  for (const text of ["Subscribe to the newsletter", "consent-banner", "mobile-nav-panel"]) {
    expect(code, text).not.toContain(text);
    expect(chromeCode, text).toContain(text);
  }
});
