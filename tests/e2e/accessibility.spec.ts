import { axeViolations } from "./axe.ts";
import { expect, gotoHydrated, test } from "./fixtures.ts";

// Every page's own analysis, at 1280 and 375 px, is part of its first visit (tests/e2e/first-visit.spec.ts).

test.describe("open menus", () => {
  test("the open Use Cases and Company menus have no violations", async ({ page }) => {
    // Two full analyses of the page: allow for a busy machine.
    test.setTimeout(60_000);
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

test("the analysis finds what it looks for: an unnamed image and faint text on one of our pages", async ({ page }) => {
  await gotoHydrated(page, "/company");
  await page.locator("main").evaluate((main) => {
    // Styled through the CSSOM: the page's CSP refuses style attributes.
    main.insertAdjacentHTML("beforeend", `<img id="unnamed" src="/favicon.ico"><p id="faint">Faint</p>`);
    Object.assign(main.querySelector<HTMLElement>("#faint")!.style, { color: "#ddd", background: "#fff" });
  });
  const found = await axeViolations(page);
  expect(found).toContain("image-alt: #unnamed");
  expect(found).toContain("color-contrast: #faint");
  expect(await axeViolations(page, "header")).toEqual([]);
});
