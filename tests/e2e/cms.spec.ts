import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { readContentFile } from "../../app/content/content-files.server.ts";
import { companyPageSchema } from "../../app/content/schemas/company-page.ts";
import { buildIn, copyProject, startCms, type CmsWorkspace } from "../support/cms-workspace.ts";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

/** Opens a group of fields the CMS shows folded, by its name. */
async function expand(page: Page, group: string): Promise<void> {
  const bar = page.locator("*:has(> button)", { hasText: new RegExp(`^\\s*${group}\\s*$`) });
  await bar.getByRole("button", { name: "Expand" }).click({ timeout: 60_000 });
}

const NEW_HEADING = "Privacy engineering, from two cities";

/** Posts an editor is writing: a draft and one scheduled for later, in the workspace only. */
const DRAFT_SLUG = "editing-a-draft";
const SCHEDULED_SLUG = "editing-a-scheduled-post";
const editingPost = (title: string, frontmatter: string) =>
  `---\ntitle: "${title}"\ndescription: "A post written while editing, to see before it is published: drafts and scheduled posts show here only."\n${frontmatter}\nauthor: Veilvault product team\ntags:\n  - Tokenization\n---\n\nWords still being written.\n`;
const EDITING_POSTS = {
  [`content/posts/${DRAFT_SLUG}.md`]: editingPost("A draft being written", "published: 2026-01-01\ndraft: true"),
  [`content/posts/${SCHEDULED_SLUG}.md`]: editingPost("A post scheduled for later", "published: 2099-01-01"),
};

test.describe("EDIT-4 an editor changes the site through /admin", () => {
  test.describe.configure({ mode: "serial", timeout: 180_000 });
  // Decap rejects a promise with undefined when its own validation stops a publish; nothing else may fail.
  test.use({ allowConsoleErrors: [/^pageerror: undefined$/] });
  let cms: CmsWorkspace | undefined;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    cms = await startCms(EDITING_POSTS);
  });
  test.afterAll(async () => {
    await cms?.stop();
  });

  test("refuses a value the schema refuses, then changes a heading: the file changes in one line, still validates, and the page shows it", async ({ page }) => {
    if (!cms) throw new Error("the CMS did not start");
    const { dir, origin } = cms;
    // The local backend needs no login; this is what its "Login" button stores.
    await page.addInitScript(() => localStorage.setItem("decap-cms-user", JSON.stringify({ backendName: "proxy" })));
    // Leaving an entry with unsaved changes asks first; the editor means it.
    page.on("dialog", (dialog) => void dialog.accept());
    const heading = page.getByLabel("Heading", { exact: true }).filter({ visible: true });
    const publish = async () => {
      await page.getByRole("button", { name: "Publish" }).click();
      await page.getByRole("menuitem", { name: "Publish now" }).click();
    };

    await test.step("a heading the requirements fix, reworded, is not written", async () => {
      const file = join(dir, "content/home.yaml");
      const before = readFileSync(file, "utf8");
      await page.goto(`${origin}/admin/#/collections/kind-01/entries/home`);
      await expand(page, "Hero");
      await heading.fill("Data security, redefined");
      await publish();
      await expect(page.getByText("must read exactly", { exact: false }).first()).toBeVisible();
      expect(readFileSync(file, "utf8")).toBe(before);
    });

    await test.step("the About page's story heading, changed and published, is written in one line", async () => {
      const file = join(dir, "content/company.yaml");
      const before = readFileSync(file, "utf8");
      // Back to the list of collections (the editor's own link), then About Us and its one entry.
      await page.getByRole("link", { name: /Writing in Home collection/ }).click();
      await page.getByRole("link", { name: "About Us" }).first().click();
      await page.locator('a[href$="/entries/company"]').click();
      await expand(page, "Story");
      await expect(heading).toHaveValue("Privacy engineering, built in two cities");
      await heading.fill(NEW_HEADING);
      await publish();
      await expect(page.getByText("Changes saved", { exact: false }).first()).toBeVisible();

      // The file changed in that one line, and the build's own check accepts it.
      await expect.poll(() => readFileSync(file, "utf8")).toContain(NEW_HEADING);
      const after = readFileSync(file, "utf8");
      const changed = after.split("\n").filter((line, index) => line !== before.split("\n")[index]);
      expect(changed).toEqual([`  heading: ${NEW_HEADING}`]);
      expect(readContentFile("company.yaml", companyPageSchema, join(dir, "content")).story.heading).toBe(NEW_HEADING);
    });

    await test.step("the site, built afresh from the files, shows the new heading", async () => {
      await page.goto(`${origin}/company`);
      await expect(page.getByRole("heading", { level: 2, name: NEW_HEADING })).toBeVisible();
    });

    await test.step("PUB-3 a draft and a post dated in the future show while editing, on the post's page and in the blog", async () => {
      await page.goto(`${origin}/blog/${DRAFT_SLUG}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("A draft being written");
      await page.goto(`${origin}/blog`);
      await expect(page.getByRole("link", { name: "A post scheduled for later" })).toBeVisible();
    });
  });
});

test("EDIT-2 the build stops at a broken content file and names the file, the field and the reason", () => {
  test.setTimeout(150_000);
  const dir = copyProject();
  const company = join(dir, "content/company.yaml");
  writeFileSync(
    company,
    readFileSync(company, "utf8")
      .replace("heading: Privacy engineering, built in two cities", 'heading: ""')
      .replace(/\n {6}alt: An illustration of a vault[^\n]*/, "")
      .replace("eyebrow: Who we are", "eyebrow: Who we are\n  tagline: Trusted by 42% of banks"),
  );
  const legal = join(dir, "content/legal/privacy-policy.md");
  writeFileSync(legal, readFileSync(legal, "utf8").replace("](/get-in-touch)", "](/get-in-contact)"));
  const soc2 = join(dir, "content/soc-2.yaml");
  writeFileSync(soc2, readFileSync(soc2, "utf8").replace(/intro: SOC 2 is an independent/, "intro: 42% of SOC 2 audits fail. SOC 2 is an independent"));

  const { status, output } = buildIn(dir);
  expect(status).not.toBe(0);
  expect(output).toContain("content/company.yaml: story.heading: is empty");
  expect(output).toContain("content/company.yaml: carousel.slides[0].alt: is missing: every picture needs alt text");
  expect(output).toContain('content/company.yaml: story: Unrecognized key: "tagline"');
  expect(output).toContain('content/legal/privacy-policy.md (line 29): the link "Get in touch": links to /get-in-contact, which is no page of this site');
  expect(output).toMatch(/content\/soc-2\.yaml: intro\.intro: states 42%, a figure FIG-1 does not approve/);
  // It stopped before bundling anything.
  expect(() => statSync(join(dir, "build"))).toThrow();
});

test("EDIT-3 the production site has no /admin and no CMS code", async ({ request }) => {
  for (const path of ["/admin", "/admin/", "/admin/config.json", "/admin/decap/decap-cms.js"]) {
    expect((await request.get(path)).status(), path).toBe(404);
  }
  const client = join(process.cwd(), "build/client");
  const files = readdirSync(client, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile() && /\.(js|html)$/.test(entry.name));
  expect(files.length).toBeGreaterThan(30);
  for (const entry of files) {
    const text = readFileSync(join(entry.parentPath, entry.name), "utf8");
    expect(text, entry.name).not.toMatch(/decap|CMS_MANUAL_INIT|\/admin\//i);
  }
});
