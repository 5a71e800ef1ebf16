import { DEMO_PATH } from "../../common/demo.ts";
import { DROPDOWN_CLOSE_DELAY_MS } from "../../app/lib/constants.ts";
import { COMPANY_DROPDOWN_WIDTH_PX, DEMO_BUTTON_SIZE_PX, USE_CASES_DROPDOWN_WIDTH_PX } from "../support/expected-figures.ts";
import { complianceLinks, solutionLinks } from "../../app/site/navigation.ts";
import { measureLayout } from "../support/layout-report.ts";
import { asReturningVisitor, expect, gotoHydrated, test } from "./fixtures.ts";

test.describe("desktop header", () => {
  test.beforeEach(async ({ page }) => {
    await asReturningVisitor(page);
    await gotoHydrated(page, "/features");
  });

  const nav = (page: import("@playwright/test").Page) => page.getByRole("navigation", { name: "Main" });

  test("Use Cases menu lists the six solutions with blurbs and the five regulations", async ({ page }) => {
    const button = nav(page).getByRole("button", { name: "Use Cases" });
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await button.click();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    const panel = page.locator("#useCases-menu");
    await expect(panel).toBeVisible();
    for (const link of solutionLinks) {
      const item = panel.getByRole("link", { name: new RegExp(`^${link.label.replace(/[&]/g, "\\$&")}`) });
      await expect(item).toHaveAttribute("href", link.to);
      expect(link.blurb).toBeTruthy();
      await expect(item).toContainText(link.blurb ?? "");
    }
    for (const link of complianceLinks) {
      await expect(panel.getByRole("link", { name: link.label, exact: true })).toHaveAttribute("href", link.to);
    }
    await expect(panel.getByText("Solutions", { exact: true })).toBeVisible();
    await expect(panel.getByText("Compliance", { exact: true })).toBeVisible();
  });

  test("panels have the widths NAV-5 gives and touch their triggers", async ({ page }) => {
    for (const [name, id, width] of [
      ["Use Cases", "#useCases-menu", USE_CASES_DROPDOWN_WIDTH_PX],
      ["Company", "#company-menu", COMPANY_DROPDOWN_WIDTH_PX],
    ] as const) {
      const button = nav(page).getByRole("button", { name });
      await button.click();
      const card = page.locator(`${id} > div`);
      expect((await card.boundingBox())?.width).toBe(width);
      const buttonBox = await button.boundingBox();
      const panelBox = await page.locator(id).boundingBox();
      // No gap between trigger and panel: the pointer can cross without leaving.
      expect(panelBox!.y).toBeLessThanOrEqual(buttonBox!.y + buttonBox!.height + 0.5);
      await page.keyboard.press("Escape");
    }
  });

  test("hover opens at once and closes 180 ms after the pointer leaves", async ({ page }) => {
    const button = nav(page).getByRole("button", { name: "Use Cases" });
    await button.hover();
    await expect(button).toHaveAttribute("aria-expanded", "true", { timeout: 50 });
    // Into the panel: still open.
    await page.locator("#useCases-menu").getByRole("link", { name: /^GDPR/ }).hover();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    // Away: still open right after leaving, closed once the delay has passed.
    const left = await page.evaluate(() => performance.now());
    await page.mouse.move(1200, 700);
    const stillOpen = await button.getAttribute("aria-expanded");
    const elapsed = (await page.evaluate(() => performance.now())) - left;
    if (elapsed < DROPDOWN_CLOSE_DELAY_MS - 40) expect(stillOpen).toBe("true");
    await expect(button).toHaveAttribute("aria-expanded", "false", { timeout: 1000 });
  });

  test("coming back within the delay keeps the menu open", async ({ page }) => {
    const button = nav(page).getByRole("button", { name: "Use Cases" });
    await button.hover();
    await page.mouse.move(640, 400);
    await button.hover();
    await page.waitForTimeout(DROPDOWN_CLOSE_DELAY_MS * 2);
    await expect(button).toHaveAttribute("aria-expanded", "true");
  });

  test("at most one menu is open, and a click toggles", async ({ page }) => {
    const useCases = nav(page).getByRole("button", { name: "Use Cases" });
    const company = nav(page).getByRole("button", { name: "Company" });
    await useCases.click();
    await expect(useCases).toHaveAttribute("aria-expanded", "true");
    await company.click();
    await expect(company).toHaveAttribute("aria-expanded", "true");
    await expect(useCases).toHaveAttribute("aria-expanded", "false");
    await company.click();
    await expect(company).toHaveAttribute("aria-expanded", "false");
    await expect(page.locator("#company-menu")).toBeHidden();
  });

  test("choosing a link closes the menu and navigates", async ({ page }) => {
    await nav(page).getByRole("button", { name: "Company" }).click();
    await page.locator("#company-menu").getByRole("link", { name: "About Us" }).click();
    await expect(page).toHaveURL(/\/company$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("About Us");
    await expect(page.locator("#company-menu")).toBeHidden();
    await expect(nav(page).getByRole("button", { name: "Company" })).toHaveAttribute("aria-expanded", "false");
  });

  test("a click outside closes an open menu", async ({ page }) => {
    const button = nav(page).getByRole("button", { name: "Use Cases" });
    await button.click();
    await page.mouse.click(1200, 760);
    await expect(button).toHaveAttribute("aria-expanded", "false");
  });

  test("keyboard: Enter opens, Tab walks the links, Escape closes and returns focus", async ({ page }) => {
    const button = nav(page).getByRole("button", { name: "Use Cases" });
    await button.focus();
    await page.keyboard.press("Enter");
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Tab");
    await expect(page.locator("#useCases-menu a").first()).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.locator("#useCases-menu a").nth(1)).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(button).toBeFocused();
    await page.keyboard.press("Space");
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Space");
    await expect(button).toHaveAttribute("aria-expanded", "false");

    // The Company menu works the same way.
    const company = nav(page).getByRole("button", { name: "Company" });
    await company.focus();
    await page.keyboard.press("Enter");
    await expect(company).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Tab");
    await expect(page.locator("#company-menu a").first()).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(company).toHaveAttribute("aria-expanded", "false");
    await expect(company).toBeFocused();
  });

  test("focus leaving a menu closes it", async ({ page }) => {
    const button = nav(page).getByRole("button", { name: "Company" });
    await button.focus();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab"); // About Us
    await page.keyboard.press("Tab"); // out of the menu
    await expect(button).toHaveAttribute("aria-expanded", "false");
  });

  test("Escape closes a hover-opened menu too", async ({ page }) => {
    const button = nav(page).getByRole("button", { name: "Use Cases" });
    await button.hover();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Escape");
    await expect(button).toHaveAttribute("aria-expanded", "false");

    // And a menu opened by a click, which stays until closed (NAV-7): either of them.
    for (const [name, id] of [
      ["Use Cases", "#useCases-menu"],
      ["Company", "#company-menu"],
    ] as const) {
      const trigger = nav(page).getByRole("button", { name });
      await trigger.click();
      await expect(trigger).toHaveAttribute("aria-expanded", "true");
      await expect(page.locator(`${id} a`).first()).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(trigger).toHaveAttribute("aria-expanded", "false");
      await expect(page.locator(id)).toBeHidden();
    }
  });

  test("the demo button is 186x46 and opens the scheduling page in a new tab", async ({ page }) => {
    const demo = page.getByRole("banner").getByRole("link", { name: /Schedule A Demo/ });
    await expect(demo).toHaveText(/Schedule A Demo →/);
    await expect(demo).toHaveAttribute("target", "_blank");
    await expect(demo).toHaveAttribute("rel", "noopener noreferrer");
    await expect(demo).toHaveAttribute("href", DEMO_PATH);
    const box = await demo.boundingBox();
    expect(box?.width).toBe(DEMO_BUTTON_SIZE_PX.width);
    expect(box?.height).toBe(DEMO_BUTTON_SIZE_PX.height);
  });

  test("direct links lead to Core Features and the architecture", async ({ page }) => {
    await nav(page).getByRole("link", { name: "Explore our Architecture" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Explore Our Architecture");
    await nav(page).getByRole("link", { name: "Core Features" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Core Features");
  });
});

test.describe("mobile header", () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true });

  test.beforeEach(async ({ page }) => {
    await asReturningVisitor(page);
    await gotoHydrated(page, "/");
  });

  test("the menu toggles, lists every header link, and closes on a choice", async ({ page }) => {
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    const toggle = page.getByRole("button", { name: "Menu" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.tap();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    const menu = page.locator("#mobile-menu");
    for (const link of [...solutionLinks, ...complianceLinks]) {
      await expect(menu.locator(`a[href="${link.to}"]`)).toBeVisible();
    }
    for (const label of ["About Us", "Core Features", "Explore our Architecture"]) {
      await expect(menu.getByRole("link", { name: label })).toBeVisible();
    }
    // The open menu fits the narrow screen: nothing to scroll sideways.
    expect((await page.evaluate(measureLayout)).overflowPx, "horizontal overflow with the menu open").toBe(0);
    await expect(menu.getByRole("link", { name: /Schedule A Demo/ })).toHaveAttribute("target", "_blank");
    await menu.getByRole("link", { name: /AI & LLM Privacy/ }).tap();
    await expect(page).toHaveURL(/\/use-cases\/generative-ai-workflow$/);
    await expect(menu).toBeHidden();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
  });

  test("Escape closes the menu and returns focus to the toggle", async ({ page }) => {
    const toggle = page.getByRole("button", { name: "Menu" });
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(page.locator("#mobile-menu")).toBeVisible();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Escape");
    await expect(page.locator("#mobile-menu")).toBeHidden();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(toggle).toBeFocused();
  });

  test("a tap on the Use Cases heading area does not need hover", async ({ page }) => {
    // Touch has no hover: the desktop menus are hidden and the toggle is the way in.
    await expect(page.getByRole("button", { name: "Use Cases" })).toBeHidden();
    await page.getByRole("button", { name: "Menu" }).tap();
    await expect(page.locator("#mobile-menu").getByRole("heading", { name: "Solutions" })).toBeVisible();
  });
});
