/**
 * The pictures in docs/editing.md: the real editor (`npm run cms`, in a copy
 * of the project, so nothing of the checkout changes) at 1280 × 800 in
 * Chromium, at each step the guide walks through. `npm run screenshots:editor`
 * takes them again after the editor or the content changes.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Page } from "playwright-core";
import { startCms } from "../../tests/support/cms-workspace.ts";
import { CHROMIUM_FLAGS, headlessChromiumPath } from "./lib/chromium.ts";

const OUT = join(new URL("../..", import.meta.url).pathname, "docs", "images", "editing");

/** Opens a folded group of fields by its name, as an editor clicks its arrow. */
async function expand(page: Page, group: string): Promise<void> {
  const bar = page.locator("*:has(> button)", { hasText: new RegExp(`^\\s*${group}(?: \\(optional\\))?\\s*$`) });
  await bar.getByRole("button", { name: "Expand" }).first().click();
}

async function shot(page: Page, name: string): Promise<void> {
  // Decap fades its toasts and loads its preview frame: a moment for both to settle.
  await page.waitForTimeout(1_500);
  await page.screenshot({ path: join(OUT, `${name}.png`) });
  console.log(`docs/images/editing/${name}.png`);
}

mkdirSync(OUT, { recursive: true });
const cms = await startCms();
const browser = await chromium.launch({ executablePath: headlessChromiumPath(), args: CHROMIUM_FLAGS });
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.addInitScript(() => localStorage.setItem("decap-cms-user", JSON.stringify({ backendName: "proxy" })));
  page.on("dialog", (dialog) => void dialog.accept());

  await page.goto(`${cms.editorUrl}#/collections/posts`);
  await page.getByText("Articles at /blog/").waitFor();
  await shot(page, "1-collections");

  await page.goto(`${cms.origin}/admin/#/collections/compliance/entries/regulations-gdpr`);
  await expand(page, "Intro");
  await page.frameLocator("#preview-pane").frameLocator('iframe[title="The page on the running site"]').getByRole("heading", { level: 1 }).waitFor({ timeout: 60_000 });
  await shot(page, "2-edit-page-with-preview");

  // Each form opens from a fresh load, as from the list: Decap keeps a form's unsaved words when only the address's #… changes.
  await page.goto("about:blank");
  await page.goto(`${cms.origin}/admin/#/collections/use-case-landing/new`);
  await page.getByRole("textbox", { name: "Label", exact: true }).waitFor();
  await shot(page, "3-new-landing-page");

  await page.goto("about:blank");
  await page.goto(`${cms.origin}/admin/#/collections/posts/new`);
  await page.getByRole("textbox", { name: "Title", exact: true }).fill("What a vault changes for a DPO");
  await page.getByRole("textbox", { name: "Description", exact: true }).fill("What a data privacy vault changes in a data protection officer's week: fewer copies, one place for erasure.");
  await page.locator('input[type="date"]').first().fill("2026-12-01");
  await page.getByLabel("Author", { exact: true }).click();
  await page.getByRole("option", { name: "Veilvault privacy engineering" }).click();
  await shot(page, "4-new-post");

  await expand(page, "Cover");
  await page.getByRole("textbox", { name: "Picture", exact: true }).fill("/images/posts/vault-cover.webp");
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await page.getByRole("menuitem", { name: "Publish now" }).click();
  await page.getByText("Cover: Alt text").waitFor();
  await page.getByText("Cover: Alt text").scrollIntoViewIfNeeded();
  await shot(page, "5-cover-half-filled");
} finally {
  await browser.close();
  await cms.stop();
}
