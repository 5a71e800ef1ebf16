import type { Page } from "@playwright/test";
import { companyPage } from "../../app/content/pages.server.ts";

const { label: carouselLabel, slides: carouselSlides } = companyPage.carousel;
const companyStory = companyPage.story;
import { CAROUSEL_INTERVAL_MS } from "../../app/lib/constants.ts";
import { asReturningVisitor, expect, gotoHydrated, test } from "./fixtures.ts";

function carousel(page: Page) {
  return page.getByRole("region", { name: carouselLabel });
}

/**
 * The fake clock still flows with real time until moved by hand, so a test
 * that counts milliseconds first restarts the timer with pause and play (by
 * mouse, which does not stop rotation the way keyboard focus does).
 */
async function restartTimer(page: Page) {
  await carousel(page).getByRole("button", { name: "Pause automatic slide show" }).click();
  await carousel(page).getByRole("button", { name: "Play automatic slide show" }).click();
  await page.mouse.move(0, 0);
}

/** The label of the one slide that is shown ("2 of 5"). */
async function currentSlide(page: Page): Promise<string | null> {
  return carousel(page).locator("[aria-roledescription='slide'][data-current]").getAttribute("aria-label");
}

test.beforeEach(async ({ page }) => {
  await asReturningVisitor(page);
  // The carousel's timer runs on a clock the test moves by hand.
  await page.clock.install();
});

test("tells the company's story and shows five slides with their pictures", async ({ page }) => {
  await gotoHydrated(page, "/company");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("About Us");
  await expect(page.getByRole("heading", { level: 2, name: companyStory.heading })).toBeVisible();
  const slides = carousel(page).locator("[aria-roledescription='slide']");
  await expect(slides).toHaveCount(5);
  await expect(slides.locator("figcaption")).toHaveText(carouselSlides.map((slide) => `${slide.title}${slide.caption}`));
  const image = slides.first().locator("img");
  await expect(image).toHaveAttribute("width", "1600");
  await expect(image).toHaveAttribute("height", "900");
  await expect(image).toHaveAttribute("alt", carouselSlides[0]!.alt);
  await image.scrollIntoViewIfNeeded();
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.currentSrc)).toMatch(/\/images\/about\/vault-\d+\.avif$/);
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
  await expect(carousel(page).getByRole("button", { name: /^Slide \d:/ })).toHaveCount(5);
  // Every picture arrives when its slide is shown (each loads lazily then).
  for (let position = 1; position <= 5; position++) {
    await carousel(page).getByRole("button", { name: new RegExp(`^Slide ${position}:`) }).click();
    const shown = slides.nth(position - 1).locator("img");
    await expect(shown).toBeVisible();
    await expect.poll(() => shown.evaluate((element: HTMLImageElement) => (element.complete ? element.naturalWidth : 0))).toBeGreaterThan(0);
  }
});

test("previous, next and the dots move between slides and wrap around, by mouse", async ({ page }) => {
  await gotoHydrated(page, "/company");
  const region = carousel(page);
  expect(await currentSlide(page)).toBe("1 of 5");
  await region.getByRole("button", { name: "Previous slide" }).click();
  expect(await currentSlide(page)).toBe("5 of 5");
  await region.getByRole("button", { name: "Next slide" }).click();
  expect(await currentSlide(page)).toBe("1 of 5");
  await region.getByRole("button", { name: /^Slide 4:/ }).click();
  expect(await currentSlide(page)).toBe("4 of 5");
  await expect(region.getByRole("button", { name: /^Slide 4:/ })).toHaveAttribute("aria-current", "true");
  // Hidden slides are out of the tab order and the accessibility tree, and out of sight: one slide shows.
  await expect(region.locator("[aria-roledescription='slide'][inert]")).toHaveCount(4);
  await expect(region.locator("[aria-roledescription='slide']").filter({ visible: true })).toHaveCount(1);
});

test("advances every 3000 ms and wraps from the last slide to the first", async ({ page }) => {
  await gotoHydrated(page, "/company");
  // Time stands still but for runFor: on a busy machine a second can pass between two steps of the test.
  await page.clock.pauseAt(Date.now() + 1000);
  await restartTimer(page);
  expect(await currentSlide(page)).toBe("1 of 5");
  await page.clock.runFor(CAROUSEL_INTERVAL_MS - 1000);
  expect(await currentSlide(page)).toBe("1 of 5");
  await page.clock.runFor(1100);
  await expect.poll(() => currentSlide(page)).toBe("2 of 5");
  for (const expected of ["3 of 5", "4 of 5", "5 of 5", "1 of 5"]) {
    await page.clock.runFor(CAROUSEL_INTERVAL_MS);
    await expect.poll(() => currentSlide(page)).toBe(expected);
  }
  await expect(carousel(page).locator("#carousel-slides")).toHaveAttribute("aria-live", "off");
});

test("hovering pauses it, and leaving lets it go on", async ({ page }) => {
  await gotoHydrated(page, "/company");
  await restartTimer(page);
  await carousel(page).locator("#carousel-slides").hover();
  await page.clock.runFor(CAROUSEL_INTERVAL_MS * 2);
  expect(await currentSlide(page)).toBe("1 of 5");
  await page.mouse.move(0, 0);
  await page.clock.runFor(CAROUSEL_INTERVAL_MS + 100);
  await expect.poll(() => currentSlide(page)).toBe("2 of 5");
});

test("the visible stop button stops it until started again", async ({ page }) => {
  await gotoHydrated(page, "/company");
  const region = carousel(page);
  await region.getByRole("button", { name: "Pause automatic slide show" }).click();
  const start = region.getByRole("button", { name: "Play automatic slide show" });
  await expect(start).toBeVisible();
  await expect(start).toHaveText("Play");
  await page.mouse.move(0, 0);
  await page.clock.runFor(CAROUSEL_INTERVAL_MS * 3);
  expect(await currentSlide(page)).toBe("1 of 5");
  await expect(region.locator("#carousel-slides")).toHaveAttribute("aria-live", "polite");
  await start.click();
  await page.mouse.move(0, 0);
  await page.clock.runFor(CAROUSEL_INTERVAL_MS + 100);
  await expect.poll(() => currentSlide(page)).toBe("2 of 5");
});

test("keyboard focus entering stops it; the controls work by keyboard", async ({ page }) => {
  await gotoHydrated(page, "/company");
  const region = carousel(page);
  // Tab from the heading just before the carousel into its first control.
  await page.getByRole("heading", { name: "Veilvault in five pictures" }).evaluate((heading: HTMLElement) => {
    heading.tabIndex = -1;
    heading.focus();
  });
  await page.keyboard.press("Tab");
  const rotation = region.getByRole("button", { name: "Play automatic slide show" });
  await expect(rotation).toBeFocused();
  await page.clock.runFor(CAROUSEL_INTERVAL_MS * 2);
  expect(await currentSlide(page)).toBe("1 of 5");
  await page.keyboard.press("Tab");
  await expect(region.getByRole("button", { name: "Previous slide" })).toBeFocused();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  expect(await currentSlide(page)).toBe("2 of 5");
  await page.keyboard.press("Space");
  expect(await currentSlide(page)).toBe("3 of 5");
  // Play by keyboard: rotation resumes while focus stays inside.
  await rotation.focus();
  await page.keyboard.press("Enter");
  await expect(region.getByRole("button", { name: "Pause automatic slide show" })).toBeFocused();
  await page.mouse.move(0, 0);
  await page.clock.runFor(CAROUSEL_INTERVAL_MS + 100);
  await expect.poll(() => currentSlide(page)).toBe("4 of 5");
  // Previous, by keyboard too.
  await region.getByRole("button", { name: "Previous slide" }).focus();
  await page.keyboard.press("Space");
  expect(await currentSlide(page)).toBe("3 of 5");
});

test.describe("under reduced motion", () => {
  test.use({ reducedMotion: "reduce" });

  test("nothing moves on its own; play is offered", async ({ page }) => {
    await gotoHydrated(page, "/company");
    await page.mouse.move(0, 0);
    await expect(carousel(page).getByRole("button", { name: "Play automatic slide show" })).toBeVisible();
    await page.clock.runFor(CAROUSEL_INTERVAL_MS * 3);
    expect(await currentSlide(page)).toBe("1 of 5");
    await carousel(page).getByRole("button", { name: "Next slide" }).click();
    expect(await currentSlide(page)).toBe("2 of 5");
  });
});
