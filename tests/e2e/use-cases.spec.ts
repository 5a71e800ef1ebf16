import type { Page } from "@playwright/test";
import { landingPages } from "../../app/content/landing-pages.server.ts";
import { useCaseHub } from "../../app/content/pages.server.ts";

const useCaseTabs = useCaseHub.tabs;
import { aiVendorMarks } from "../../app/lib/brand-marks.server.ts";
import { USE_CASE_TAB_CARD_COUNTS } from "../support/expected-figures.ts";
import { site } from "../../app/site/config.ts";
import { PAGE_SECTIONS, asReturningVisitor, expect, gotoHydrated, test } from "./fixtures.ts";

test.beforeEach(async ({ page }) => {
  await asReturningVisitor(page);
});

/** All four tabs are whole, inside the tab list and on screen, and touch-sized; the list does not scroll sideways. */
async function expectWholeTabs(page: Page, width: number): Promise<void> {
  const list = page.getByRole("tablist");
  expect(await list.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  const listBox = (await list.boundingBox())!;
  for (const tab of await page.getByRole("tab").all()) {
    const box = (await tab.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(Math.max(0, listBox.x - 0.5));
    expect(box.x + box.width).toBeLessThanOrEqual(Math.min(width, listBox.x + listBox.width + 0.5));
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(await tab.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(true);
  }
}

test.describe("Use Cases tabs", () => {
  test("General is selected first and each tab shows its own cards when clicked", async ({ page }) => {
    await gotoHydrated(page, "/use-case");
    const tabs = page.getByRole("tab");
    await expect(tabs).toHaveText(["General", "Porter", "Healthcare", "RSO"]);
    // On a wide screen too, every tab is whole and touch-sized.
    await expectWholeTabs(page, page.viewportSize()!.width);
    await expect(tabs.nth(0)).toHaveAttribute("aria-selected", "true");
    for (const [index, tab] of useCaseTabs.entries()) {
      await tabs.nth(index).click();
      await expect(tabs.nth(index)).toHaveAttribute("aria-selected", "true");
      const panel = page.getByRole("tabpanel");
      await expect(panel).toHaveCount(1);
      await expect(panel).toHaveAccessibleName(tab.label);
      await expect(panel.getByRole("listitem")).toHaveCount(USE_CASE_TAB_CARD_COUNTS[tab.id]);
      await expect(panel.getByRole("heading", { level: 3 }).first()).toHaveText(tab.cards[0]!.title);
      for (const term of ["Challenge", "Example", "How Veilvault helps", "Outcome"]) {
        await expect(panel.locator("dt", { hasText: term }).first()).toBeVisible();
      }
    }
  });

  for (const width of [320, 375, 479, 480, 640]) {
    test(`at ${width} px all four tabs are whole, on screen and touch-sized, with no sideways scroll`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await gotoHydrated(page, "/use-case");
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await expectWholeTabs(page, width);
      await page.getByRole("tab", { name: "RSO" }).click();
      await expect(page.getByRole("tab", { name: "RSO" })).toHaveAttribute("aria-selected", "true");
    });
  }

  test("work from the keyboard: one tab stop, arrows wrap, Home and End", async ({ page }) => {
    await gotoHydrated(page, "/use-case");
    const tabs = page.getByRole("tab");
    await tabs.nth(0).focus();
    await page.keyboard.press("ArrowRight");
    await expect(tabs.nth(1)).toBeFocused();
    await expect(tabs.nth(1)).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("End");
    await expect(tabs.nth(3)).toBeFocused();
    await expect(page.getByRole("tabpanel")).toHaveAccessibleName("RSO");
    await page.keyboard.press("ArrowRight");
    await expect(tabs.nth(0)).toBeFocused();
    await expect(tabs.nth(0)).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("ArrowLeft");
    await expect(tabs.nth(3)).toBeFocused();
    await expect(tabs.nth(3)).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Home");
    await expect(tabs.nth(0)).toBeFocused();
    await expect(tabs.nth(0)).toHaveAttribute("aria-selected", "true");
    // Only the selected tab is in the tab order; Tab moves on into the panel.
    await expect(tabs.nth(1)).toHaveAttribute("tabindex", "-1");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("tabpanel")).toBeFocused();
  });

  test("every card of every tab is in the page for search engines", async ({ request }) => {
    const html = await (await request.get("/use-case")).text();
    for (const card of useCaseTabs.flatMap((tab) => tab.cards)) {
      expect(html).toContain(card.title.replaceAll("&", "&amp;").replaceAll("'", "&#x27;"));
    }
  });

  test("closes with the free 30-minute demo call", async ({ page }) => {
    await gotoHydrated(page, "/use-case");
    const band = page.locator(PAGE_SECTIONS).last();
    await expect(band).toContainText("30-minute");
    await expect(band.getByRole("link", { name: /Schedule A Demo/ })).toHaveAttribute("href", site.demo.url);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("every tab's cards show, each group under its heading", async ({ page }) => {
    await page.goto("/use-case");
    for (const tab of useCaseTabs) {
      await expect(page.getByRole("heading", { level: 2, name: tab.label, exact: true })).toBeVisible();
    }
    await expect(page.locator(".tab-panel li")).toHaveCount(29);
    for (const item of await page.locator(".tab-panel li").all()) await expect(item).toBeVisible();
  });

  test("the logo strip stands still and offers no button that cannot work", async ({ page }) => {
    await page.goto("/use-cases/data-residency");
    await expect(page.getByRole("button", { name: /Pause/ })).toBeHidden();
    await expect(page.getByText(aiVendorMarks[0]!.title, { exact: true }).first()).toBeVisible();
  });
});

for (const [slug, record] of Object.entries(landingPages)) {
  test(`/use-cases/${slug} has every section of the landing layout`, async ({ page }) => {
    await gotoHydrated(page, `/use-cases/${slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${record.titleGradient}${record.titleRegular}`);
    const hero = page.locator(PAGE_SECTIONS).first();
    await expect(hero).toContainText(record.label);
    await expect(hero.getByRole("img")).toHaveAccessibleName(record.diagram.title);
    await expect(hero.getByRole("link", { name: /Schedule A Demo/ })).toHaveAttribute("target", "_blank");
    await expect(hero.getByRole("link", { name: /Learn More/ })).toHaveAttribute("href", "/architecture");
    for (const stat of record.stats) await expect(page.getByText(stat.description, { exact: true })).toBeVisible();
    for (const feature of record.features) await expect(page.getByRole("heading", { level: 3, name: feature.title })).toBeVisible();
    for (const item of record.ctaChecklist) await expect(page.getByText(item, { exact: true })).toBeVisible();
  });
}

test.describe("the 'works with' strip", () => {
  test("scrolls, pauses and plays from its button, and hides its duplicate marks", async ({ page }) => {
    await gotoHydrated(page, "/use-cases/generative-ai-workflow");
    const track = page.locator(".marquee-track");
    const state = () => track.evaluate((element) => getComputedStyle(element).animationPlayState);
    await expect.poll(state).toBe("running");
    const toggle = page.getByRole("button", { name: "Pause the scrolling logos" });
    await toggle.click();
    await expect.poll(state).toBe("paused");
    await expect(page.getByRole("button", { name: "Play the scrolling logos" })).toBeVisible();
    await page.getByRole("button", { name: "Play the scrolling logos" }).click();
    await expect.poll(state).toBe("running");
    // The loop's second copy is for the eye only.
    await expect(page.locator(".marquee-track > ul")).toHaveCount(2);
    await expect(page.locator(".marquee-track > ul").nth(1)).toHaveAttribute("aria-hidden", "true");
    await expect(page.getByRole("listitem").filter({ hasText: aiVendorMarks[0]!.title })).toHaveCount(1);
  });

  test("pauses while hovered", async ({ page }) => {
    await gotoHydrated(page, "/use-cases/generative-ai-workflow");
    const track = page.locator(".marquee-track");
    await page.locator(".marquee").hover();
    await expect.poll(() => track.evaluate((element) => getComputedStyle(element).animationPlayState)).toBe("paused");
  });

  test.describe("under reduced motion", () => {
    test.use({ reducedMotion: "reduce" });

    test("stands still, shows one list and no pause button", async ({ page }) => {
      await gotoHydrated(page, "/use-cases/generative-ai-workflow");
      expect(await page.locator(".marquee-track").evaluate((element) => getComputedStyle(element).animationName)).toBe("none");
      await expect(page.locator(".marquee-track > ul").nth(1)).toBeHidden();
      await expect(page.getByRole("button", { name: /scrolling logos/ })).toBeHidden();
      for (const mark of aiVendorMarks) await expect(page.getByText(mark.title, { exact: true }).first()).toBeVisible();
    });
  });
});
