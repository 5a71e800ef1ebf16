import type { Page } from "@playwright/test";
import type { BrowserSession } from "../browsers/lib/driver.ts";
import { landedOnTarget, settledLanding, type AnchorLanding } from "../browsers/lib/page-checks.ts";
import { clickWhenSteady, expect, gotoHydrated, test } from "./fixtures.ts";

/**
 * The three kinds of anchor landing (NAV-13), measured as the cross-browser
 * suite measures them in Firefox and WebKit (tests/browsers/lib/site-suite.ts):
 * twice each in `npm test`, 10 times with `npm run check:anchors`.
 */
const LANDINGS = Number(process.env.ANCHOR_LANDINGS ?? "2");

/** The cross-browser suite's page reader over a Playwright page: the function goes as source text, as there. */
function reader(page: Page): Pick<BrowserSession, "evaluate"> {
  return {
    evaluate: <T, A extends unknown[]>(fn: (...args: A) => T | Promise<T>, ...args: A) =>
      page.evaluate<T>(`(${fn.toString()})(...${JSON.stringify(args)})`),
  };
}

function expectLanded(landings: AnchorLanding[]): void {
  const missed = landings.filter((landing) => !landedOnTarget(landing));
  expect(missed, JSON.stringify(landings.map((landing) => Math.round(landing.top)))).toEqual([]);
}

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
]) {
  test.describe(`anchors land ${LANDINGS} of ${LANDINGS} times at ${viewport.width} px`, () => {
    test.use({ viewport });
    // Each landing loads a page and waits for the scroll to rest (at least 1.8 s): allow for a busy machine.
    test.beforeEach(() => {
      test.setTimeout(15_000 + LANDINGS * 8_000);
    });

    test("opening /#faqs directly", async ({ page }) => {
      const landings: AnchorLanding[] = [];
      for (let visit = 0; visit < LANDINGS; visit++) {
        await gotoHydrated(page, `/?visit=${visit}#faqs`);
        landings.push(await settledLanding(reader(page), "faqs", 300));
      }
      expectLanded(landings);
    });

    test("a link on the same page (footer 'How It Works' on the home page)", async ({ page }) => {
      await gotoHydrated(page, "/");
      const landings: AnchorLanding[] = [];
      for (let visit = 0; visit < LANDINGS; visit++) {
        // Back to the top as a visitor would go: their own scrolling (a wheel) ends any landing still watching the page.
        await page.evaluate(() => {
          window.dispatchEvent(new WheelEvent("wheel"));
          window.scrollTo({ top: 0, behavior: "instant" });
        });
        await clickWhenSteady(page.getByRole("contentinfo").getByRole("link", { name: "How It Works" }));
        landings.push(await settledLanding(reader(page), "how-it-works", 1800));
      }
      expectLanded(landings);
    });

    test("a link from another page (footer 'How It Works' on /features)", async ({ page }) => {
      const landings: AnchorLanding[] = [];
      for (let visit = 0; visit < LANDINGS; visit++) {
        await gotoHydrated(page, `/features?visit=${visit}`);
        await clickWhenSteady(page.getByRole("contentinfo").getByRole("link", { name: "How It Works" }));
        await page.waitForURL(/\/#how-it-works$/);
        landings.push(await settledLanding(reader(page), "how-it-works", 1800));
      }
      expectLanded(landings);
    });
  });
}
