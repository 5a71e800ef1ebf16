import { expect, gotoHydrated, test } from "./fixtures.ts";

// What every page loads and stores before the choice is part of its first visit (tests/e2e/first-visit.spec.ts).

test("after the choice, only the choice is stored", async ({ page }) => {
  await gotoHydrated(page, "/");
  await page.getByRole("button", { name: "Accept" }).click();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Core Features" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Core Features");
  const keys = await page.evaluate(() => [...Object.keys(window.localStorage), ...Object.keys(window.sessionStorage)]);
  expect(keys.sort()).toEqual(["cookie-consent", "cookie-consent-record"]);
  expect(await page.context().cookies()).toEqual([]);
});
