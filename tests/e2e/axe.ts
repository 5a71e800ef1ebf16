import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type axe from "axe-core";
import type { Page } from "@playwright/test";

/**
 * axe-core's minified build, the same library as `axe.source` (its unminified
 * text): a page parses 0.65 MB instead of 1.5 MB, about 35 % less time per
 * injection (measured 324 to 377 ms against 494 to 535 ms on one page, idle).
 */
export const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** WCAG 2.2 AA, as axe names its rule sets. */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** The widths a page is checked at: a desktop and a phone. */
export const AXE_VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
];

type AxeWindow = Window & { axe?: typeof axe };

/**
 * axe's findings on the page as drawn now, one line per rule with its nodes;
 * `within` narrows the analysis to the elements a selector matches.
 *
 * axe-core is put into the page once and kept for every later analysis of the
 * same document (another width, an opened menu), and asked for violations
 * only. @axe-core/playwright injected it anew and opened a second page per
 * analysis, which made axe most of the browser suite's time. Our pages have
 * no frames, so the page's own axe.run sees everything.
 *
 * axe finds colour pairs by hit-testing, which blocks not yet drawn
 * (content-visibility, app.css) would confuse; draw them all first, as the
 * page itself does before scrolling to an anchor. A slide show caught
 * mid-crossfade shows text at partial opacity, which is no colour a reader is
 * left with: pause it as a visitor can, and let the fade end, so axe measures
 * the slides at rest.
 */
export async function axeViolations(page: Page, within?: string): Promise<string[]> {
  await page.evaluate(() => {
    document.documentElement.dataset.renderAll = "";
  });
  const pause = page.getByRole("button", { name: "Pause automatic slide show" });
  if ((await pause.count()) > 0 && (await pause.isVisible())) {
    await pause.click();
  }
  await page.evaluate(() => Promise.all(document.getAnimations().filter((animation) => animation instanceof CSSTransition).map((animation) => animation.finished)));
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    async ({ tags, selector }) => {
      const results = await (window as AxeWindow).axe!.run(selector ? { include: [selector] } : document, {
        runOnly: { type: "tag", values: tags },
        resultTypes: ["violations"],
      });
      return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
    },
    { tags: WCAG_TAGS, selector: within },
  );
}
