import { test as base, expect, type Locator, type Page } from "@playwright/test";
import { CONSENT_POLICY_VERSION } from "../../app/lib/consent.ts";

/**
 * Every browser test fails on a console error or an uncaught exception, unless
 * the test names the messages it expects (e.g. the 404 document itself).
 */
export const test = base.extend<{ allowConsoleErrors: RegExp[]; consoleGuard: undefined }>({
  allowConsoleErrors: [[], { option: true }],
  consoleGuard: [
    async ({ page, allowConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        const text = message.text();
        if (!allowConsoleErrors.some((pattern) => pattern.test(text))) errors.push(text);
      });
      page.on("pageerror", (error) => {
        const text = `pageerror: ${error.message}`;
        if (!allowConsoleErrors.some((pattern) => pattern.test(text))) errors.push(text);
      });
      await use(undefined);
      expect(errors, "console errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * A page's own sections, in order: those not inside another section. Parts
 * drawn at build time sit in a wrapper that draws no box (PERF-8), so a
 * section is not always a child of <main>.
 */
export const PAGE_SECTIONS = "main section:not(section section)";

/** Opens a page and waits until React has hydrated it: earlier clicks would be lost. */
export async function gotoHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/** Stores a valid consent choice before any page script runs: a returning visitor. */
export async function asReturningVisitor(page: Page, choice: "true" | "false" = "false"): Promise<void> {
  await page.addInitScript(
    ({ value, version }) => {
      if (window.localStorage.getItem("cookie-consent") !== null) return;
      window.localStorage.setItem("cookie-consent", value);
      window.localStorage.setItem(
        "cookie-consent-record",
        JSON.stringify({ choice: value === "true" ? "accepted" : "rejected", at: Date.now(), version }),
      );
    },
    { value: choice, version: CONSENT_POLICY_VERSION },
  );
}

/**
 * Waits until the element's top has come to rest just below the sticky
 * header, as after a jump to an anchor: two readings 300 ms apart, both in
 * place and the same. A smooth scroll may pass the spot while blocks above it
 * take their real height; the page then puts the target back when the scroll
 * ends (at scrollend, or after 1.5 s on a slow machine), and that resting
 * place is what a visitor reads from.
 */
export async function expectSettledBelowHeader(page: Page, selector: string): Promise<void> {
  const top = () => page.locator(selector).evaluate((element) => element.getBoundingClientRect().top);
  const header = await page.getByRole("banner").boundingBox();
  const minimum = (header?.height ?? 0) - 1;
  const inPlace = (value: number) => value >= minimum && value < 120;
  await expect
    .poll(
      async () => {
        const first = await top();
        await page.waitForTimeout(300);
        const second = await top();
        return inPlace(first) && inPlace(second) && Math.abs(second - first) < 1 ? "at rest below the header" : `moving or misplaced: ${first} then ${second}`;
      },
      { timeout: 8000 },
    )
    .toBe("at rest below the header");
}

/**
 * Clicks an element where a visitor would: once it has stayed in place. Blocks
 * drawn only near the viewport (content-visibility, app.css) take their real
 * height a frame or two after a jump and move what lies below them, so
 * Playwright's own scroll-then-click can land where the element was (on the
 * footer's logo, or on nothing, in fresh-clone runs). The element is brought
 * into view and watched until it has kept its place for 3 frames, as the
 * cross-browser drivers do (tests/browsers/lib/locate-for-click.ts).
 */
export async function clickWhenSteady(locator: Locator, options?: Parameters<Locator["click"]>[0]): Promise<void> {
  await locator.evaluate(async (element) => {
    const inView = (box: DOMRect) => box.top >= 0 && box.bottom <= window.innerHeight;
    let last = "";
    let steady = 0;
    for (let frames = 0; frames < 30 && steady < 3; frames++) {
      if (!inView(element.getBoundingClientRect())) element.scrollIntoView({ block: "center", behavior: "instant" });
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const box = element.getBoundingClientRect();
      const now = `${box.top},${box.left}`;
      steady = now === last && inView(box) ? steady + 1 : 0;
      last = now;
    }
  });
  await locator.click(options);
}
