import { asReturningVisitor, expect, gotoHydrated, test } from "./fixtures.ts";

/** The face the page's main heading is drawn with: the first family in its computed font-family. */
const headingFace = (page: import("@playwright/test").Page) =>
  page.evaluate(() => {
    const heading = document.querySelector("h1");
    return heading ? (getComputedStyle(heading).fontFamily.split(",")[0] ?? "").replaceAll('"', "").trim() : "";
  });

/** Whether the page has fetched the font's file for the pages that follow (it does not load the face into itself). */
const fontFetched = (page: import("@playwright/test").Page) =>
  page.evaluate(() => performance.getEntriesByType("resource").some((entry) => entry.name.endsWith(".woff2") && (entry as PerformanceResourceTiming).responseEnd > 0));

const hasWebFontClass = (page: import("@playwright/test").Page) => page.evaluate(() => document.documentElement.classList.contains("web-font"));

test.beforeEach(async ({ page }) => {
  await asReturningVisitor(page);
});

test("a first visit draws in the fallback face and keeps it; the font is fetched only after the first paint", async ({ page }) => {
  await gotoHydrated(page, "/");
  expect(await hasWebFontClass(page)).toBe(false);
  expect(await headingFace(page)).toBe("Inter Fallback");
  // Fetched once the page is up, for the pages that follow, never before the first paint.
  await expect.poll(() => fontFetched(page)).toBe(true);
  const timing = await page.evaluate(() => ({
    paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
    font: performance.getEntriesByType("resource").find((entry) => entry.name.endsWith(".woff2"))?.startTime ?? Number.NaN,
  }));
  expect(timing.font).toBeGreaterThan(timing.paint);
  // The page on screen does not change its face when the font arrives.
  expect(await headingFace(page)).toBe("Inter Fallback");
});

test("the next page, opened from this one once its font is in, draws in Inter", async ({ page }) => {
  await gotoHydrated(page, "/");
  await expect.poll(() => fontFetched(page)).toBe(true);
  // The header's link: in view without scrolling, so nothing moves under the click.
  await page.getByRole("banner").getByRole("link", { name: "Core Features", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Core Features");
  expect(await hasWebFontClass(page)).toBe(true);
  expect(await headingFace(page)).toBe("Inter Variable");
});

test("a page opened from another of ours, or reloaded, draws in Inter from its first paint", async ({ page, baseURL }) => {
  await page.goto("/company", { referer: `${baseURL}/` });
  expect(await hasWebFontClass(page)).toBe(true);
  expect(await headingFace(page)).toBe("Inter Variable");

  await page.goto("/features", { referer: "https://elsewhere.example/" });
  expect(await hasWebFontClass(page)).toBe(false);
  await page.reload();
  expect(await hasWebFontClass(page)).toBe(true);
});

test("without scripts the browser decides: Inter is named first and font-display is optional", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/");
  const css = (await page.locator("#site-css").textContent()) ?? "";
  expect(css).toMatch(/font-family:\s*"?Inter Variable"?;[^}]*font-display:\s*optional/);
  await expect.poll(() => headingFace(page)).toBe("Inter Variable");
  await context.close();
});
