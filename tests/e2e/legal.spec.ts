import { legalDocument } from "../../app/content/pages.server.ts";
import type { LegalSlug } from "../../app/site/pages.ts";
import { renderLegalDocument } from "../../app/lib/legal-document.server.ts";
import { asReturningVisitor, expect, expectSettledBelowHeader, gotoHydrated, test } from "./fixtures.ts";

const pages: [LegalSlug, string][] = [
  ["privacy-policy", "Privacy Policy"],
  ["terms-of-service", "Terms and Conditions"],
  ["cookie-policy", "Cookie Policy"],
];

test.beforeEach(async ({ page }) => {
  await asReturningVisitor(page);
});

for (const [slug, title] of pages) {
  const { data, body } = legalDocument(slug);
  const { sections } = renderLegalDocument(body);

  test.describe(`/${slug}`, () => {
    test("shows its date and a contents list with an entry per section", async ({ page }) => {
      await gotoHydrated(page, `/${slug}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
      const date = page.locator("article time");
      await expect(date).toHaveText(data.date.text);
      await expect(date).toHaveAttribute("datetime", data.date.iso);
      const contents = page.getByRole("navigation", { name: "Contents" }).getByRole("link");
      await expect(contents).toHaveText(sections.map((section) => section.title));
      await expect(page.locator("article h2")).toHaveText(sections.map((section) => section.title));
    });

    test("a contents link scrolls its section into view below the header and sets the hash", async ({ page }) => {
      await gotoHydrated(page, `/${slug}`);
      const target = sections[sections.length - 2]!;
      await page.getByRole("navigation", { name: "Contents" }).getByRole("link", { name: target.title }).click();
      await expect(page).toHaveURL(new RegExp(`#${target.id}$`));
      await expectSettledBelowHeader(page, `#${target.id}`);
    });

    test("a link straight to a section lands on it", async ({ page }) => {
      const target = sections[3]!;
      await gotoHydrated(page, `/${slug}#${target.id}`);
      await expectSettledBelowHeader(page, `#${target.id}`);
    });

    test("the prerendered HTML holds the whole document", async ({ request }) => {
      const html = await (await request.get(`/${slug}`)).text();
      for (const section of sections) expect(html).toContain(`id="${section.id}"`);
      const lastParagraph = body.trim().split("\n").filter((line) => line.trim()).at(-1)!;
      const words = lastParagraph.replace(/[[\]()*`]/g, " ").split(/\s+/).filter((word) => /^[A-Za-z]{5,}$/.test(word)).slice(0, 4);
      for (const word of words) expect(html).toContain(word);
    });

    test("prints the document alone: no header, footer or contents list", async ({ page }) => {
      await gotoHydrated(page, `/${slug}`);
      await page.emulateMedia({ media: "print" });
      await expect(page.getByRole("banner")).toBeHidden();
      await expect(page.getByRole("contentinfo")).toBeHidden();
      await expect(page.getByRole("navigation", { name: "Contents" })).toBeHidden();
      await expect(page.locator("article")).toBeVisible();
      await expect(page.locator("article h2").first()).toHaveCSS("color", "rgb(0, 0, 0)");
    });
  });
}
