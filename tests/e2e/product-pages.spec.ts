import { architecturePage, featuresPage } from "../../app/content/pages.server.ts";
import { asReturningVisitor, expect, gotoHydrated, test } from "./fixtures.ts";

test.beforeEach(async ({ page }) => {
  await asReturningVisitor(page);
});

for (const { path, heading, blocks } of [
  { path: "/features", heading: "Core Features", blocks: featuresPage.blocks },
  { path: "/architecture", heading: "Explore Our Architecture", blocks: architecturePage.blocks },
]) {
  test(`${path} shows its ${blocks.length} blocks in order, each with its graphic and bullets`, async ({ page }) => {
    await gotoHydrated(page, path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    const articles = page.locator("main article");
    await expect(articles).toHaveCount(blocks.length);
    await expect(articles.getByRole("heading", { level: 2 })).toHaveText(blocks.map((block) => block.title));
    for (const [index, block] of blocks.entries()) {
      const article = articles.nth(index);
      await expect(article.getByRole("img")).toHaveAccessibleName(block.graphic.title);
      await expect(article.locator("ul > li")).toHaveCount(block.bulletPoints.length);
      if (block.impact) await expect(article).toContainText(block.impact);
    }
  });

  test.describe(`${path} on a wide screen`, () => {
    test.use({ viewport: { width: 1280, height: 900 } });

    test("alternates the graphic's side from block to block", async ({ page }) => {
      await gotoHydrated(page, path);
      const sides = await page.locator("main article").evaluateAll((articles) =>
        articles.map((article) => {
          const text = article.querySelector("h2")!.getBoundingClientRect();
          const graphic = article.querySelector('[role="img"]')!.getBoundingClientRect();
          return graphic.left > text.left ? "right" : "left";
        }),
      );
      expect(sides).toEqual(blocks.map((block) => (block.reverse ? "left" : "right")));
    });
  });
}
