import { homePage } from "../../app/content/pages.server.ts";

const { faqs } = homePage;
import { site } from "../../app/site/config.ts";
import { PAGE_SECTIONS, asReturningVisitor, clickWhenSteady, expect, expectSettledBelowHeader, gotoHydrated, test } from "./fixtures.ts";

test.beforeEach(async ({ page }) => {
  await asReturningVisitor(page);
});

test("the home page has its sections in order, with their anchors", async ({ page }) => {
  await gotoHydrated(page, "/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Redefining Data Security For The Agentic Era");
  const sections = await page
    .locator(PAGE_SECTIONS)
    .evaluateAll((elements) => elements.map((element) => [element.id, element.querySelector("h1, h2")?.textContent ?? ""]));
  expect(sections.map(([, heading]) => heading)).toEqual([
    "Redefining Data Security For The Agentic Era",
    "In a Nutshell",
    "How It Works",
    "Why Veilvault",
    "Frequently Asked Questions",
    "Ready To Transform Your Business For The Future?",
  ]);
  expect(sections.map(([id]) => id)).toEqual(expect.arrayContaining(["how-it-works", "faqs"]));
});

test("the hero offers the demo in a new tab and Learn More to the architecture", async ({ page }) => {
  await gotoHydrated(page, "/");
  const hero = page.locator(PAGE_SECTIONS).first();
  const demo = hero.getByRole("link", { name: /Schedule A Demo/ });
  await expect(demo).toHaveAttribute("href", site.demo.url);
  await expect(demo).toHaveAttribute("target", "_blank");
  await expect(demo).toHaveAttribute("rel", "noopener noreferrer");
  await hero.getByRole("link", { name: /Learn More/ }).click();
  await expect(page).toHaveURL(/\/architecture$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Explore Our Architecture");
});

test("In a Nutshell shows six cards and How It Works describes its six-stage diagram", async ({ page }) => {
  await gotoHydrated(page, "/");
  await expect(page.locator("#nutshell li")).toHaveCount(6);
  const diagram = page.locator("#how-it-works").getByRole("img");
  await expect(diagram).toHaveCount(1); // only the layout for this width is exposed
  await expect(diagram).toHaveAccessibleName(/.+/);
  await expect(diagram).toHaveAccessibleDescription(/.{20,}/);
  await expect(page.locator("#how-it-works ol > li")).toHaveCount(6);
});

test("Why Veilvault has four blocks, each with a described graphic", async ({ page }) => {
  await gotoHydrated(page, "/");
  const blocks = page.locator("#why-veilvault article");
  await expect(blocks).toHaveCount(4);
  await expect(blocks.getByRole("img")).toHaveCount(4);
  await expect(blocks.getByRole("heading", { level: 3 })).toHaveText([
    "Regulatory Compliance",
    "GenAI Privacy",
    "Safe Analytics",
    "Protect Unstructured Data",
  ]);
});

test.describe("FAQ accordion", () => {
  const questionButtons = (page: import("@playwright/test").Page) => page.locator("#faqs").getByRole("button");

  test("opens the first item at the start and keeps exactly one open", async ({ page }) => {
    await gotoHydrated(page, "/");
    const buttons = questionButtons(page);
    await expect(buttons).toHaveCount(faqs.items.length);
    await expect(buttons.nth(0)).toHaveAttribute("aria-expanded", "true");
    await expect(page.locator("#faqs").getByRole("region")).toHaveCount(1);

    await buttons.nth(3).click();
    await expect(buttons.nth(3)).toHaveAttribute("aria-expanded", "true");
    await expect(buttons.nth(0)).toHaveAttribute("aria-expanded", "false");
    const region = page.locator("#faqs").getByRole("region");
    await expect(region).toHaveCount(1);
    await expect(region).toHaveAccessibleName(faqs.items[3]!.question);
  });

  test("a question reached by a jump far down the page stays where it landed, under the pointer (A11Y-10)", async ({ page }) => {
    await gotoHydrated(page, "/");
    // Where the question sits in each of the frames after the jump: blocks above it are drawn
    // only as they come near (app.css), and their real heights must not move it.
    const tops = await questionButtons(page)
      .nth(3)
      .evaluate(async (button) => {
        button.scrollIntoView({ block: "end", behavior: "instant" });
        const seen: number[] = [];
        for (let frame = 0; frame < 10; frame++) {
          await new Promise((resolve) => requestAnimationFrame(resolve));
          seen.push(Math.round(button.getBoundingClientRect().top));
        }
        return seen;
      });
    expect(new Set(tops), `its top in each frame: ${tops.join(", ")}`).toEqual(new Set([tops[0]]));
  });

  test("Tab from the section before reaches each question on screen, with its focus ring (A11Y-6, A11Y-10)", async ({ page }) => {
    await gotoHydrated(page, "/");
    // Between that link and the FAQ, Why Veilvault has nothing to focus: Tab jumps past it unseen.
    await page.locator("#how-it-works").getByRole("link", { name: /playground/ }).focus();
    for (const index of [0, 1, 2]) {
      await page.keyboard.press("Tab");
      const question = questionButtons(page).nth(index);
      await expect(question).toBeFocused();
      await expect(question).toBeInViewport({ ratio: 1 });
      await expect(question).toHaveCSS("outline-style", "solid");
    }
  });

  test("clicking the open item closes all", async ({ page }) => {
    await gotoHydrated(page, "/");
    const buttons = questionButtons(page);
    await buttons.nth(0).click();
    await expect(buttons.nth(0)).toHaveAttribute("aria-expanded", "false");
    await expect(page.locator("#faqs").getByRole("region")).toHaveCount(0);
  });

  test("shows each line of a multi-line answer as its own paragraph", async ({ page }) => {
    // A closed item with a multi-line answer (clicking the open first item would close it).
    const index = faqs.items.findIndex((item, at) => at > 0 && item.answer.includes("\n"));
    const lines = faqs.items[index]!.answer.split("\n").filter((line) => line.trim());
    await gotoHydrated(page, "/");
    await questionButtons(page).nth(index).click();
    await expect(page.locator("#faqs").getByRole("region").locator("p")).toHaveCount(lines.length);
  });

  test("works from the keyboard", async ({ page }) => {
    await gotoHydrated(page, "/");
    const buttons = questionButtons(page);
    // The controlled panel is the one the button names.
    const panel = page.locator(`[id="${await buttons.nth(1).getAttribute("aria-controls")}"]`);
    await buttons.nth(1).focus();
    await page.keyboard.press("Enter");
    await expect(buttons.nth(1)).toHaveAttribute("aria-expanded", "true");
    await expect(buttons.nth(0)).toHaveAttribute("aria-expanded", "false");
    await expect(panel).toBeVisible();
    await page.keyboard.press("Space");
    await expect(buttons.nth(1)).toHaveAttribute("aria-expanded", "false");
    await expect(panel).toBeHidden();
    await page.keyboard.press("Enter");
    await expect(panel).toBeVisible();
    // Back to the question before: opening it closes this one.
    await page.keyboard.press("Shift+Tab");
    await expect(buttons.nth(0)).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(buttons.nth(0)).toHaveAttribute("aria-expanded", "true");
    await expect(buttons.nth(1)).toHaveAttribute("aria-expanded", "false");
    await expect(panel).toBeHidden();
  });
});

test("the closing band offers the free 30-minute demo in a new tab", async ({ page }) => {
  await gotoHydrated(page, "/");
  const band = page.locator(PAGE_SECTIONS).last();
  await expect(band).toContainText("30-minute");
  const demo = band.getByRole("link", { name: /Schedule A Demo/ });
  await expect(demo).toHaveAttribute("target", "_blank");
  await expect(demo).toHaveAttribute("href", site.demo.url);
});

test("the footer's How It Works link lands on the section from another page", async ({ page }) => {
  await gotoHydrated(page, "/features");
  await clickWhenSteady(page.getByRole("contentinfo").getByRole("link", { name: "How It Works" }));
  await expect(page).toHaveURL(/\/#how-it-works$/);
  await expect(page.getByRole("heading", { name: "How It Works", level: 2 })).toBeInViewport();
});

test("a link on the page to /#faqs lands on the FAQ, below the sticky header", async ({ page }) => {
  await gotoHydrated(page, "/");
  // A link as a content file's Markdown would draw it, at the top of the page, far above the FAQ.
  await page.evaluate(() => {
    const link = Object.assign(document.createElement("a"), { href: "/#faqs", textContent: "Read the FAQ", id: "to-faqs" });
    document.querySelector("main h1")?.after(link);
  });
  await page.locator("#to-faqs").click();
  await expect(page).toHaveURL(/\/#faqs$/);
  await expectSettledBelowHeader(page, "#faqs");
});

test.describe("motion", () => {
  test("the hero heading is painted at full opacity from the start and the rest fades in over 0.8 s", async ({ page }) => {
    await page.goto("/");
    const heading = page.getByRole("heading", { level: 1 });
    expect(await heading.evaluate((element) => getComputedStyle(element).opacity)).toBe("1");
    const fade = await page.locator(".hero-fade").first().evaluate((element) => {
      const style = getComputedStyle(element);
      return { name: style.animationName, duration: style.animationDuration };
    });
    expect(fade).toEqual({ name: "fade-in", duration: "0.8s" });
  });

  test.describe("under reduced motion", () => {
    test.use({ reducedMotion: "reduce" });

    test("nothing moves: no hero animation, no travelling tokens", async ({ page }) => {
      await gotoHydrated(page, "/");
      const animations = await page.evaluate(() => document.getAnimations().length);
      expect(animations).toBe(0);
      await expect(page.locator(".diagram-pulse").first()).toBeHidden();
    });
  });
});
