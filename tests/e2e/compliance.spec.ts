import { readFile } from "node:fs/promises";
import { compliancePages, regulationPages } from "../../app/content/regulations.server.ts";
import { soc2Page } from "../../app/content/pages.server.ts";
import { site } from "../../app/site/config.ts";
import { soc2Guide } from "../../common/downloads.ts";
import { COMMON_SECURITY_HEADERS } from "../../common/security-headers.ts";
import { readPdf } from "../support/pdf-text.ts";
import { asReturningVisitor, expect, gotoHydrated, test } from "./fixtures.ts";

test.beforeEach(async ({ page }) => {
  await asReturningVisitor(page);
});

for (const [slug, record] of Object.entries(regulationPages)) {
  const path = `/compliance/${slug}`;

  // One visit per page, read top to bottom as a visitor would; the last step leaves for the next regulation.
  test(`${path} reads top to bottom: the regulation, four requirement cards, six feature cards, the other pages and the demo`, async ({ page }) => {
    await gotoHydrated(page, path);

    await test.step("opens with the regulation, its citation, Learn More and the demo button", async () => {
      const intro = page.locator("section", { has: page.getByRole("heading", { level: 1 }) });
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(record.intro.heading);
      await expect(intro).toContainText(record.citation);
      await expect(intro.getByRole("link", { name: /Learn More/ })).toHaveAttribute("href", "/architecture");
      const demo = intro.getByRole("link", { name: /Schedule A Demo/ });
      await expect(demo).toHaveAttribute("href", site.demo.url);
      await expect(demo).toHaveAttribute("target", "_blank");
    });

    await test.step("shows four requirement cards: what it asks, why, and how Veilvault answers", async () => {
      const cards = page.locator("#requirements ol > li");
      await expect(cards).toHaveCount(4);
      await expect(cards.getByRole("heading", { level: 3 })).toHaveText(record.requirements.map((card) => card.title));
      for (const [index, card] of record.requirements.entries()) {
        const item = cards.nth(index);
        await expect(item.locator("dt")).toHaveText(["What it asks", "Why it matters", "How Veilvault answers it"]);
        await expect(item.locator("dd")).toHaveText([card.whatDoesItAsk, card.why, card.howWeSolve]);
      }
    });

    await test.step("shows six feature cards with their bullet points", async () => {
      const cards = page.locator("#features ul.grid > li");
      await expect(cards).toHaveCount(6);
      for (const [index, card] of record.features.entries()) {
        const item = cards.nth(index);
        await expect(item.getByRole("heading", { level: 3 })).toHaveText(card.title);
        await expect(item.locator("svg")).toHaveCount(1);
        await expect(item.getByRole("listitem")).toHaveText(card.bulletPoints);
      }
    });

    await test.step("ends with the other compliance pages and the demo; the next regulation opens", async () => {
      const others = page.locator("#other-regulations").getByRole("link");
      const expected = compliancePages.filter((link) => link.to !== path);
      await expect(others).toHaveCount(expected.length);
      for (const [index, link] of expected.entries()) {
        await expect(others.nth(index)).toHaveAttribute("href", link.to);
        await expect(others.nth(index)).toContainText(link.summary);
      }
      await expect(page.locator("#closing-title")).toBeVisible();
      await expect(page.locator("section[aria-labelledby='closing-title']").getByRole("link", { name: /Schedule A Demo/ })).toBeVisible();

      const next = expected[0]!;
      await others.first().click();
      await expect(page).toHaveURL(next.to);
      await expect(page.getByRole("heading", { level: 1 })).toContainText(next.name);
    });
  });
}

test.describe("/compliance/soc-2", () => {
  test("reads top to bottom: the title and three figures, the five criteria and two report types, the capabilities and benefits", async ({ page }) => {
    await gotoHydrated(page, "/compliance/soc-2");
    await test.step("shows the title, Understanding SOC 2 and its three figures", async () => {
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("SOC 2 Compliance Solutions");
      const understanding = page.locator("#understanding");
      await expect(understanding.getByRole("heading", { level: 2 })).toHaveText("Understanding SOC 2");
      await expect(understanding.locator("dd")).toHaveText(["5", "2", "12 months"]);
      await expect(understanding.locator("dt")).toHaveText(["Trust Services Criteria", "Report types", "Typical audit cycle"]);
    });
    await test.step("shows the five criteria with four key controls each, and the two report types", async () => {
      const criteria = page.locator("#criteria ul.grid > li");
      await expect(criteria).toHaveCount(5);
      await expect(criteria.getByRole("heading", { level: 3 })).toHaveText(soc2Page.criteria.map((criterion) => criterion.title));
      for (const [index, criterion] of soc2Page.criteria.entries()) {
        await expect(criteria.nth(index).locator("ul > li")).toHaveText(criterion.controls);
      }
      const reports = page.locator("#report-types ul > li");
      await expect(reports).toHaveCount(2);
      await expect(reports.nth(0)).toContainText("6-8 weeks");
      await expect(reports.nth(0)).toContainText("Control design");
      await expect(reports.nth(1)).toContainText("3-6 months of observation");
      await expect(reports.nth(1)).toContainText("Design and operating effectiveness");
    });
    await test.step("shows the eight platform capabilities and both benefit lists", async () => {
      await expect(page.locator("#platform h3")).toHaveText(soc2Page.capabilities.map((capability) => capability.title));
      const business = page.getByRole("region", { name: "Business benefits" });
      const security = page.getByRole("region", { name: "Security benefits" });
      await expect(business.getByRole("listitem")).toHaveText(soc2Page.businessBenefits);
      await expect(security.getByRole("listitem")).toHaveText(soc2Page.securityBenefits);
    });
  });

  test("'Download SOC 2 Guide' downloads the PDF guide built from the page's content", async ({ page }) => {
    await gotoHydrated(page, "/compliance/soc-2");
    const closing = page.locator("section[aria-labelledby='closing-title']");
    await expect(closing.getByRole("heading", { level: 2 })).toHaveText("Start Your SOC 2 Journey");
    await expect(closing.getByRole("link", { name: /Schedule A Demo/ })).toHaveAttribute("href", site.demo.url);
    const button = closing.getByRole("link", { name: /Download SOC 2 Guide/ });
    await expect(button).toHaveAccessibleName("Download SOC 2 Guide (PDF)");

    // By keyboard: the link takes focus and Enter starts the download.
    await button.focus();
    await expect(button).toBeFocused();
    const [download] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Enter")]);
    expect(download.suggestedFilename()).toBe(soc2Guide.fileName);
    const bytes = await readFile(await download.path());
    const pdf = await readPdf(new Uint8Array(bytes));
    const text = pdf.pages.join(" ");
    expect(pdf.pages[0]).toContain(soc2Page.guide.title);
    expect(pdf.tagged).toBe(true);
    for (const criterion of soc2Page.criteria) {
      expect(text).toContain(criterion.title);
      for (const control of criterion.controls) expect(text).toContain(control);
    }
    for (const report of soc2Page.reportTypes) expect(text).toContain(report.timeline);
    for (const group of soc2Page.guide.readiness) for (const item of group.items) expect(text).toContain(item);
  });

  test("the guide is served as an application/pdf attachment with the security headers", async ({ request }) => {
    const response = await request.get(soc2Guide.path);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/pdf");
    expect(response.headers()["content-disposition"]).toBe("attachment");
    for (const [name, value] of Object.entries(COMMON_SECURITY_HEADERS)) expect(response.headers()[name.toLowerCase()]).toBe(value);
    expect((await response.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
  });
});

test.describe("/compliance (Compliance Hub)", () => {
  test("links all six compliance pages with a one-line summary each", async ({ page }) => {
    await gotoHydrated(page, "/compliance");
    const links = page.locator("section[aria-labelledby='regulations-title']").getByRole("link");
    await expect(links).toHaveCount(compliancePages.length);
    for (const [index, link] of compliancePages.entries()) {
      await expect(links.nth(index)).toHaveAttribute("href", link.to);
      await expect(links.nth(index)).toContainText(link.summary);
    }
    await links.filter({ hasText: "HIPAA" }).click();
    await expect(page).toHaveURL("/compliance/hipaa");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(regulationPages.hipaa.intro.heading);
  });

  test("is where the footer's 'Compliance Hub' link goes", async ({ page }) => {
    await gotoHydrated(page, "/");
    // By keyboard: on the long home page, sections drawn as they near the viewport can move a pointer target.
    const link = page.getByRole("contentinfo").getByRole("link", { name: "Compliance Hub" });
    await link.focus();
    await link.press("Enter");
    await expect(page).toHaveURL("/compliance");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("One vault, many regulations");
  });
});
