import { pagePaths } from "./routes.ts";
import { expect, gotoHydrated, test } from "./fixtures.ts";

for (const path of pagePaths) {
  test(`${path} loads only from our own origin and stores nothing before the consent choice`, async ({ page, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    const foreign: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.protocol === "data:") return;
      if (url.origin !== origin) foreign.push(request.url());
    });
    await gotoHydrated(page, path);
    await page.evaluate(() => document.fonts.ready);
    // Use the page a little: open the menus and walk the keyboard through it.
    for (const name of ["Use Cases", "Company"]) {
      await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name }).click();
    }
    await page.keyboard.press("Escape");
    for (let i = 0; i < 10; i += 1) await page.keyboard.press("Tab");
    expect(foreign).toEqual([]);
    const stored = await page.evaluate(async () => ({
      local: Object.keys(window.localStorage),
      session: Object.keys(window.sessionStorage),
      cookies: document.cookie,
      databases: (await indexedDB.databases()).map((db) => db.name),
      caches: await caches.keys(),
    }));
    expect(stored).toEqual({ local: [], session: [], cookies: "", databases: [], caches: [] });
    expect(await page.context().cookies()).toEqual([]);
  });
}

test("after the choice, only the choice is stored", async ({ page }) => {
  await gotoHydrated(page, "/");
  await page.getByRole("button", { name: "Accept" }).click();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Core Features" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Core Features");
  const keys = await page.evaluate(() => [...Object.keys(window.localStorage), ...Object.keys(window.sessionStorage)]);
  expect(keys.sort()).toEqual(["cookie-consent", "cookie-consent-record"]);
  expect(await page.context().cookies()).toEqual([]);
});
