import type { Page, Route } from "@playwright/test";
import { asReturningVisitor, clickWhenSteady, expect, gotoHydrated, test } from "./fixtures.ts";

/**
 * PERF-9: React draws every page at build; the browser hydrates only its
 * islands, from one script per page and the chunks it imports. These tests
 * hold scripts back to see the page before they arrive, then let them through.
 */
const SCRIPT = /\/assets\/[\w.-]+\.js$/;

/** Holds every request matching `pattern` until `release` is called. */
async function hold(page: Page, pattern: RegExp): Promise<{ requested: Promise<void>; release: () => Promise<void> }> {
  const held: Route[] = [];
  let requested!: () => void;
  const seen = new Promise<void>((resolve) => (requested = resolve));
  await page.route(pattern, (route) => {
    held.push(route);
    requested();
  });
  return {
    requested: seen,
    release: async () => {
      await Promise.all(held.splice(0).map((route) => route.continue()));
      await page.unroute(pattern);
    },
  };
}

test.beforeEach(async ({ page }) => {
  await asReturningVisitor(page);
});

test("a content page loads one script and at most two chunks before any interaction, all after the first paint, and none of React DOM or the router", async ({ page, request }) => {
  const scripts: string[] = [];
  page.on("request", (sent) => {
    if (sent.resourceType() === "script") scripts.push(new URL(sent.url()).pathname);
  });
  await gotoHydrated(page, "/compliance/gdpr");
  const html = await (await request.get("/compliance/gdpr")).text();
  expect(html.match(/<script data-islands="\/assets\/islands-[\w-]+\.js">/g)).toHaveLength(1);
  expect(html).not.toMatch(/<script[^>]*\ssrc=/);
  // Nothing but the HTML before the first paint: the scripts are asked for after it (PERF-3).
  const timing = await page.evaluate(() => ({
    paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
    scripts: performance.getEntriesByType("resource").filter((entry) => entry.name.endsWith(".js")).map((entry) => entry.startTime),
  }));
  expect(timing.scripts.length).toBeGreaterThanOrEqual(1);
  for (const start of timing.scripts) expect(start).toBeGreaterThan(timing.paint);
  expect(html).not.toContain("__reactRouter");
  expect(html).not.toContain("modulepreload");
  expect(scripts.length).toBeGreaterThanOrEqual(1);
  expect(scripts.length).toBeLessThanOrEqual(3);
  const code = (await Promise.all(scripts.map(async (path) => (await request.get(path)).text()))).join("\n");
  // React DOM's and React Router's own messages and globals.
  for (const text of ["__reactRouterContext", "react-dom", "Minified React error", "__REACT_DEVTOOLS_GLOBAL_HOOK__"]) expect(code, text).not.toContain(text);
  // The islands' code is there: the header's mobile menu and the consent banner.
  for (const text of ["mobile-nav-panel", "consent-banner"]) expect(code, text).toContain(text);
});

test("before its scripts arrive the page is drawn whole, and a header link is a plain link that opens its page", async ({ page }) => {
  const scripts = await hold(page, SCRIPT);
  await page.goto("/", { waitUntil: "domcontentloaded" });
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Use Cases" })).toBeVisible();
  // Until the page's script holds its clicks, the newsletter box cannot be sent by the browser itself (FOOT-16).
  await expect(page.getByRole("button", { name: "Subscribe to the newsletter" })).toBeDisabled();
  await expect(page.locator("html")).not.toHaveAttribute("data-hydrated");
  await page.getByRole("banner").getByRole("link", { name: "Explore our Architecture", exact: true }).click();
  await expect(page).toHaveURL(/\/architecture$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await scripts.release();
});

test("once the scripts arrive the menus answer, and the page is marked hydrated", async ({ page }) => {
  const scripts = await hold(page, SCRIPT);
  // The load event waits for the page's script, held here.
  await page.goto("/", { waitUntil: "domcontentloaded" });
  await scripts.requested;
  await expect(page.locator("html")).not.toHaveAttribute("data-hydrated");
  await scripts.release();
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const menu = page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Use Cases" });
  await menu.click();
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  await expect(page.locator("#useCases-menu")).toBeVisible();
});

test("the newsletter box's code comes only when a visitor reaches into it, and a submit made before it is live is sent once it is", async ({ page }) => {
  const newsletterCode = /\/assets\/newsletter-form\.island-[\w-]+\.js$/;
  const fetched: string[] = [];
  page.on("request", (sent) => {
    if (newsletterCode.test(sent.url())) fetched.push(sent.url());
  });
  const code = await hold(page, newsletterCode);
  await gotoHydrated(page, "/features");
  expect(fetched, "not fetched before any interaction").toEqual([]);
  const footer = page.getByRole("contentinfo");
  const submit = footer.getByRole("button", { name: "Subscribe to the newsletter" });
  // The runtime holds its clicks now, so it takes one before its own code has come (FOOT-16).
  await expect(submit).toBeEnabled();
  await clickWhenSteady(submit);
  await code.requested;
  // Held: the browser's own submission of the form would have left the page.
  await expect(page).toHaveURL(/\/features$/);
  await code.release();
  await expect(footer.getByText("Enter your email address")).toBeVisible();
  await expect(footer.getByRole("textbox", { name: "Email address" })).toBeFocused();
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
  // The FAQ is an island: its code is there.
  expect(code).toContain("faq-chevron");
});

test("an island that hydrates when visible waits until it comes near, and a click made on it before is answered then", async ({ page }) => {
  // A page that never goes idle: only coming into view hydrates the FAQ.
  await page.addInitScript(() => Object.assign(window, { requestIdleCallback: () => 0 }));
  await page.goto("/");
  const question = page.locator("#faqs").getByRole("button").nth(2);
  // The header and the consent banner are live; the FAQ, far below, is not, so the page is not marked hydrated.
  const menu = page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Use Cases" });
  await expect(async () => {
    await menu.click();
    await expect(menu).toHaveAttribute("aria-expanded", "true", { timeout: 500 });
  }).toPass();
  await menu.click();
  await expect(page.locator("html")).not.toHaveAttribute("data-hydrated");
  // A click that reaches it without scrolling (a script's, a screen reader's) is held.
  await question.evaluate((button) => (button as HTMLButtonElement).click());
  await page.waitForTimeout(300);
  await expect(question).toHaveAttribute("aria-expanded", "false");
  await question.scrollIntoViewIfNeeded();
  await expect(question).toHaveAttribute("aria-expanded", "true");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
});

/** Follows the footer's Features link from the home page; whether the new page was revealed with a view transition. */
async function followRecordingTransition(page: Page): Promise<boolean | undefined> {
  await page.addInitScript(() => addEventListener("pagereveal", (event) => Object.assign(window, { transition: Boolean((event as Event & { viewTransition?: unknown }).viewTransition) })));
  await gotoHydrated(page, "/");
  await clickWhenSteady(page.getByRole("contentinfo").getByRole("link", { name: "Features", exact: true }));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Core Features");
  return page.evaluate(() => (window as unknown as { transition?: boolean }).transition);
}

test.describe("view transitions", () => {
  test("a link from one page of ours to another cross-fades in engines that have cross-document transitions", async ({ page }) => {
    expect(await followRecordingTransition(page)).toBe(true);
  });

  test.describe("under reduced motion", () => {
    test.use({ reducedMotion: "reduce" });

    test("pages change without one", async ({ page }) => {
      expect(await followRecordingTransition(page)).toBe(false);
    });
  });
});
