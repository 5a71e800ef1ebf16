import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { join } from "node:path";
import { readContentFile, readMarkdownFile } from "../../app/content/content-files.server.ts";
import { postSchema } from "../../app/content/schemas/collection-entries.ts";
import { companyPageSchema } from "../../app/content/schemas/company-page.ts";
import { EDITOR_KEY_HEADER, EDITOR_KEY_PARAM } from "../../scripts/cms/editor-api.ts";
import { buildIn, copyProject, startCms, type CmsWorkspace } from "../support/cms-workspace.ts";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

/** Opens a group of fields the CMS shows folded, by its name. */
async function expand(page: Page, group: string): Promise<void> {
  const bar = page.locator("*:has(> button)", { hasText: new RegExp(`^\\s*${group}\\s*$`) });
  await bar.getByRole("button", { name: "Expand" }).click({ timeout: 60_000 });
}

const NEW_HEADING = "Privacy engineering, from two cities";

/** A sentence of the GDPR page's intro, and the editor's new wording of it. */
const GDPR_SENTENCE = "Pseudonymise personal data at the point of collection";
const GDPR_EDITED = "Pseudonymise personal data where it is collected";

/** The post an editor writes in the editor, with no cover. */
const NEW_POST_TITLE = "Publishing without a cover";
const NEW_POST_SLUG = "publishing-without-a-cover";
const NEW_POST_DESCRIPTION = "A post written in the editor by a marketing editor, published with no cover picture at all.";

/** Posts an editor is writing: a draft and one scheduled for later, in the workspace only. */
const DRAFT_SLUG = "editing-a-draft";
const SCHEDULED_SLUG = "editing-a-scheduled-post";
const editingPost = (title: string, frontmatter: string) =>
  `---\ntitle: "${title}"\ndescription: "A post written while editing, to see before it is published: drafts and scheduled posts show here only."\n${frontmatter}\nauthor: Veilvault product team\ntags:\n  - Tokenization\n---\n\nWords still being written.\n`;
const EDITING_POSTS = {
  [`content/posts/${DRAFT_SLUG}.md`]: editingPost("A draft being written", "published: 2026-01-01\ndraft: true"),
  [`content/posts/${SCHEDULED_SLUG}.md`]: editingPost("A post scheduled for later", "published: 2099-01-01"),
};

/** What lies beside the content in a checkout, none of which the editor may reach: the words below mark it. */
const SECRET = "not-for-the-editor-7f3a";
const BESIDE_CONTENT = {
  "README.md": readFileSync("README.md", "utf8"),
  "data/leads.sqlite": `SQLite format 3\u0000 a lead from ada@example.com ${SECRET}`,
  "link-signing.key": `${SECRET}\n`,
  "data/notes.yaml": `note: ${SECRET}\n`,
};

/** The script the outside review wrote through the editor; the path must never exist (joined, so no check takes it for a file the code names). */
const PROBE = ["scripts", "cms", "PROBE.ts"].join("/");

/** Every file of the workspace but dependencies and the development server's own, with a hash of its bytes: proof that nothing changed. Links are not followed. */
function filesOf(dir: string, under = ""): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(join(dir, under), { withFileTypes: true })) {
    const path = under ? `${under}/${entry.name}` : entry.name;
    if (entry.isDirectory() && !["node_modules", ".react-router", "build"].includes(path)) Object.assign(files, filesOf(dir, path));
    else if (entry.isFile()) files[path] = createHash("sha256").update(readFileSync(join(dir, path))).digest("hex");
  }
  return files;
}

/** A POST to the editor's backend as any program on the machine can send it: every header chosen by the caller, Host included; a string body is sent as it is. */
function post(url: string, headers: Record<string, string>, body: unknown): Promise<{ status: number; text: string }> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: target.hostname, port: target.port, path: target.pathname, method: "POST", headers: { "content-type": "application/json", ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }));
    });
    request.on("error", reject);
    request.end(typeof body === "string" ? body : JSON.stringify(body));
  });
}

/**
 * Opens a page of the site on the development server. That server reloads its
 * open pages when it sees a content file change, and a visit that starts at
 * that moment is aborted by the reload (as an editor's would be, who then sees
 * the page load): the visit is made again, twice at most.
 */
async function visitSite(page: Page, url: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await page.goto(url);
      return;
    } catch (error) {
      if (attempt >= 3 || !String(error).includes("net::ERR_ABORTED")) throw error;
    }
  }
}

test.describe("npm run cms, as an editor runs it", () => {
  test.describe.configure({ mode: "serial", timeout: 180_000 });
  // Decap rejects a promise with undefined when its own validation stops a publish; nothing else may fail.
  test.use({ allowConsoleErrors: [/^pageerror: undefined$/] });
  let cms: CmsWorkspace | undefined;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    cms = await startCms({ ...EDITING_POSTS, ...BESIDE_CONTENT });
  });
  test.afterAll(async () => {
    await cms?.stop();
  });

  test("EDIT-4 the editor refuses a value the schema refuses, then changes a heading: the file changes in one line, still validates, and the page shows it", async ({ page }) => {
    if (!cms) throw new Error("the CMS did not start");
    const { dir, origin, editorUrl } = cms;
    // The local backend needs no login; this is what its "Login" button stores.
    await page.addInitScript(() => localStorage.setItem("decap-cms-user", JSON.stringify({ backendName: "proxy" })));
    // Leaving an entry with unsaved changes asks first; the editor means it.
    page.on("dialog", (dialog) => void dialog.accept());
    const heading = page.getByLabel("Heading", { exact: true }).filter({ visible: true });
    const publish = async () => {
      await page.getByRole("button", { name: "Publish", exact: true }).click();
      await page.getByRole("menuitem", { name: "Publish now" }).click();
    };

    await test.step("a heading the requirements fix, reworded, is not written", async () => {
      const file = join(dir, "content/home.yaml");
      const before = readFileSync(file, "utf8");
      // The address npm run cms printed, as the editor opens it; the page keeps its key and drops it from the address bar.
      await page.goto(`${editorUrl}#/collections/home-and-product/entries/home`);
      await expand(page, "Hero");
      expect(page.url()).not.toContain(`${EDITOR_KEY_PARAM}=`);
      await heading.fill("Data security, redefined");
      await publish();
      await expect(page.getByText("must read exactly", { exact: false }).first()).toBeVisible();
      expect(readFileSync(file, "utf8")).toBe(before);
    });

    await test.step("the About page's story heading, changed and published, is written in one line", async () => {
      const file = join(dir, "content/company.yaml");
      const before = readFileSync(file, "utf8");
      // Back to the list of collections (the editor's own link), then Company and Trust and its About us page.
      await page.getByRole("link", { name: /Writing in Home and product collection/ }).click();
      await page.getByRole("link", { name: "Company and Trust" }).first().click();
      await page.getByRole("link", { name: /About us \(\/company\)/ }).click();
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

    await test.step("a folder of posts lists its entries, the draft among them (a reload keeps the key)", async () => {
      await page.goto(`${origin}/admin/#/`);
      await page.getByRole("link", { name: "Blog posts" }).first().click();
      await expect(page.getByText("A draft being written").first()).toBeVisible();
    });

    await test.step("the site, built afresh from the files, shows the new heading", async () => {
      await visitSite(page, `${origin}/company`);
      await expect(page.getByRole("heading", { level: 2, name: NEW_HEADING })).toBeVisible();
    });

    await test.step("PUB-3 a draft and a post dated in the future show while editing, on the post's page and in the blog", async () => {
      await visitSite(page, `${origin}/blog/${DRAFT_SLUG}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("A draft being written");
      await visitSite(page, `${origin}/blog`);
      await expect(page.getByRole("link", { name: "A post scheduled for later" })).toBeVisible();
    });
  });

  test("EDIT-8 to EDIT-12 an editor edits one sentence, writes a post without a cover, and sees each rule before it is refused and the page unobstructed", async ({ page }) => {
    if (!cms) throw new Error("the CMS did not start");
    const { dir, editorUrl } = cms;
    await page.addInitScript(() => localStorage.setItem("decap-cms-user", JSON.stringify({ backendName: "proxy" })));
    page.on("dialog", (dialog) => void dialog.accept());
    const publish = async () => {
      await page.getByRole("button", { name: "Publish", exact: true }).click();
      await page.getByRole("menuitem", { name: "Publish now" }).click();
    };

    await test.step("EDIT-9 the collections are an editor's map: posts, news and events first", async () => {
      await page.goto(`${editorUrl}#/`);
      const collections = page.locator('a[href^="#/collections/"]:not([href*="/entries/"]):not([href$="/new"])');
      await expect(collections.first()).toHaveText("Blog posts");
      await expect(collections).toHaveText(["Blog posts", "News", "Events", "Blog, news and events pages", "Home and product", "Use cases: landing pages", "Use cases: overview and shared headings", "Compliance", "Company and Trust", "Legal", "Words on every page"]);
    });

    await test.step("EDIT-8 one sentence of a regulation page, changed and published, is a one-line diff", async () => {
      const file = join(dir, "content/regulations/gdpr.yaml");
      const before = readFileSync(file, "utf8");
      await page.goto(`${editorUrl}#/collections/compliance/entries/regulations-gdpr`);
      await expand(page, "Intro");
      const intro = page.getByRole("textbox", { name: "Intro", exact: true });
      const text = await intro.inputValue();
      expect(text).toContain(GDPR_SENTENCE);
      await intro.fill(text.replace(GDPR_SENTENCE, GDPR_EDITED));
      await publish();
      await expect(page.getByText("Changes saved", { exact: false }).first()).toBeVisible();
      await expect.poll(() => readFileSync(file, "utf8")).toContain(GDPR_EDITED);
      const after = readFileSync(file, "utf8").split("\n");
      const old = before.split("\n");
      expect(after).toHaveLength(old.length);
      expect(after.filter((line, index) => line !== old[index])).toEqual([`  intro: ${text.replace(GDPR_SENTENCE, GDPR_EDITED)}`]);
    });

    await test.step("EDIT-12 the preview shows the running page without its cookie banner, and links to the published page; the editor's icon buttons have names", async () => {
      const running = page.frameLocator("#preview-pane").frameLocator('iframe[title="The page on the running site"]');
      await expect(running.getByRole("heading", { level: 1 })).toBeVisible({ timeout: 60_000 });
      await expect(running.locator(".consent-banner")).toBeHidden();
      await expect(page.frameLocator("#preview-pane").getByRole("link", { name: "Open the published page" })).toHaveAttribute("href", /^https:\/\/[^/]+\/compliance\/gdpr$/);
      await expect(page.getByRole("button", { name: "Toggle preview" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Sync scrolling" })).toBeVisible();
    });

    const post = join(dir, `content/posts/${NEW_POST_SLUG}.md`);
    await test.step("EDIT-11 a new post shows each rule before anything is refused, and states the rule it refuses", async () => {
      await page.goto(`${editorUrl}#/collections/posts/new`);
      await expect(page.getByText("70 to 160 characters.").first()).toBeVisible();
      await expect(page.getByText("A date, written year-month-day, such as 2026-11-28; pick it from the calendar.").first()).toBeVisible();
      await expect(page.locator('input[type="date"]')).toHaveCount(2);
      await page.getByRole("textbox", { name: "Title", exact: true }).fill(NEW_POST_TITLE);
      await page.getByRole("textbox", { name: "Description", exact: true }).fill("Too short to describe.");
      await page.locator('input[type="date"]').first().fill("2026-11-20");
      await page.getByLabel("Author", { exact: true }).click();
      await page.getByRole("option", { name: "Veilvault product team" }).click();
      await page.getByRole("button", { name: /^Add tags$/i }).click();
      await page.getByRole("textbox", { name: "Tags", exact: true }).last().fill("Tokenization");
      await page.getByRole("textbox", { name: "Text (Markdown)", exact: true }).fill("A post written in the editor, with no cover.\n");
      await publish();
      await expect(page.getByText("Description: must be 70 to 160 characters.")).toBeVisible();
      expect(existsSync(post)).toBe(false);
    });

    await test.step("EDIT-10 a cover half filled in is refused at the group; left empty, the post publishes and its file has no cover", async () => {
      await page.getByRole("textbox", { name: "Description", exact: true }).fill(NEW_POST_DESCRIPTION);
      await expand(page, "Cover");
      await page.getByRole("textbox", { name: "Picture", exact: true }).fill("/images/posts/vault-cover.webp");
      await publish();
      await expect(page.getByText("Cover: Alt text (what the picture shows, for people who cannot see it) is needed once any of it is filled in; or empty it to leave it out.")).toBeVisible();
      expect(existsSync(post)).toBe(false);

      const picture = page.getByRole("textbox", { name: "Picture", exact: true });
      // As an editor empties a field: select it all and delete (Decap's field keeps its caret, so Playwright's fill would append).
      await picture.click();
      await page.keyboard.press("ControlOrMeta+a");
      await page.keyboard.press("Backspace");
      await expect(picture).toHaveValue("");
      await publish();
      // Whole, not merely there: the backend creates the file, then writes it.
      await expect.poll(() => existsSync(post) && readFileSync(post, "utf8").includes("A post written in the editor, with no cover."), { timeout: 30_000 }).toBe(true);
      const written = readFileSync(post, "utf8");
      expect(written.slice(0, written.indexOf("\n---\n"))).not.toMatch(/cover:|alt:|src:/);
      const { data } = readMarkdownFile(`posts/${NEW_POST_SLUG}.md`, postSchema, join(dir, "content"));
      expect(data).toMatchObject({ title: NEW_POST_TITLE, published: "2026-11-20", author: "Veilvault product team", tags: ["Tokenization"] });
      expect(data).not.toHaveProperty("cover");
    });
  });

  test("EDIT-6 the editor's backend answers only the editor's page, with this run's key, and reads and writes only content files", async ({ page }) => {
    if (!cms) throw new Error("the CMS did not start");
    const { dir, origin, editorUrl } = cms;
    const port = new URL(origin).port;
    // Where the editor's page sends its reads and writes, as anyone can read it from the page's configuration.
    const config = (await (await fetch(`${origin}/admin/config.json`)).json()) as { backend: { proxy_url: string } };
    const backend = new URL(config.backend.proxy_url, origin).href;
    const key = new URL(editorUrl).searchParams.get(EDITOR_KEY_PARAM) ?? "";
    const asThePage = { origin, "sec-fetch-site": "same-origin", [EDITOR_KEY_HEADER]: key };
    const company = "content/company.yaml";
    const companyText = readFileSync(join(dir, company), "utf8");
    const probe = Buffer.from("export {};\n").toString("base64");

    // Links a planted file or folder in content/ could use to lead out of it.
    symlinkSync(join(dir, "data/leads.sqlite"), join(dir, "content/leak.yaml"));
    symlinkSync(join(dir, "data"), join(dir, "content/out"));
    const before = filesOf(dir);
    try {
      await test.step("the page's own calls read a content file and list a folder of posts", async () => {
        const answer = await post(backend, asThePage, { action: "getEntry", params: { branch: "main", path: company } });
        expect(answer.status).toBe(200);
        expect((JSON.parse(answer.text) as { data: string }).data).toBe(companyText);
        const posts = await post(backend, asThePage, { action: "entriesByFolder", params: { branch: "main", folder: "content/posts", extension: "md", depth: 1 } });
        expect(posts.status).toBe(200);
        expect((JSON.parse(posts.text) as { file: { path: string } }[]).map((entry) => entry.file.path)).toContain(`content/posts/${DRAFT_SLUG}.md`);
      });

      // Soft: every attack is tried and each one that gets through is named, not only the first.
      const refused = async (what: string, headers: Record<string, string>, body: unknown) => {
        const answer = await post(backend, headers, body);
        expect.soft(answer.status >= 400 && answer.status < 500, `${what} → ${answer.status} ${answer.text.slice(0, 100)}`).toBe(true);
        expect.soft(answer.text.includes(SECRET) || answer.text.includes("veilvault-website"), `${what} leaks the file`).toBe(false);
      };

      await test.step("a caller without the page's key, or on another name or origin, is refused", async () => {
        const read = { action: "getEntry", params: { branch: "main", path: company } };
        const write = { action: "persistEntry", params: { branch: "main", dataFiles: [{ slug: "company", path: company, raw: "hijacked: true\n" }], assets: [], options: { commitMessage: "x", useWorkflow: false, status: "draft" } } };
        const { [EDITOR_KEY_HEADER]: _key, ...withoutKey } = asThePage;
        await refused("no key", withoutKey, read);
        await refused("no key, writing", withoutKey, write);
        await refused("any program, no key", {}, read);
        await refused("a wrong key", { ...asThePage, [EDITOR_KEY_HEADER]: `${key.slice(0, -1)}${key.endsWith("A") ? "B" : "A"}` }, write);
        // A DNS-rebinding page names its own host, and its origin is that host's.
        await refused("a rebinding page's Host", { ...asThePage, host: `rebind.example:${port}`, origin: `http://rebind.example:${port}` }, read);
        await refused("another address's Host", { ...asThePage, host: `10.0.0.7:${port}`, origin: `http://10.0.0.7:${port}` }, read);
        await refused("another port's Host", { ...asThePage, host: "127.0.0.1:1" }, read);
        await refused("another origin", { ...asThePage, origin: "http://localhost:3000" }, write);
        await refused("another site", { ...asThePage, "sec-fetch-site": "cross-site" }, write);
      });

      await test.step("with the page's key, no path outside content/ (and the media folder) is read, written or deleted", async () => {
        const reads = ["package.json", "./package.json", "../package.json", join(dir, "package.json"), "content/../package.json", "content/%2e%2e/package.json", "content\\..\\package.json", "content/./../package.json", "content//../package.json", "data/leads.sqlite", "link-signing.key", "content/leak.yaml", "content/out/notes.yaml", "content/company.yaml\u0000.png", ".git/config"];
        for (const path of reads) await refused(`reading ${path}`, asThePage, { action: "getEntry", params: { branch: "main", path } });
        await refused("reading among content files", asThePage, { action: "entriesByFiles", params: { branch: "main", files: [{ path: company }, { path: "data/leads.sqlite" }] } });
        for (const [folder, extension] of [[".", "json"], ["data", "sqlite"], ["content/..", "json"], ["content/out", "yaml"], ["scripts", "ts"]]) {
          await refused(`listing ${folder}`, asThePage, { action: "entriesByFolder", params: { branch: "main", folder, extension, depth: 1 } });
        }
        await refused("media from data/", asThePage, { action: "getMedia", params: { branch: "main", mediaFolder: "data" } });
        await refused("a media file from data/", asThePage, { action: "getMediaFile", params: { branch: "main", path: "data/leads.sqlite" } });

        const options = { commitMessage: "x", useWorkflow: false, status: "draft" };
        const save = (dataFiles: object[], assets: object[] = []) => ({ action: "persistEntry", params: { branch: "main", dataFiles, assets, options } });
        for (const path of [PROBE, `content/../${PROBE}`, "content/PROBE.ts", "content/out/PROBE.yaml", "/tmp/PROBE.yaml", "content/leak.yaml"]) {
          await refused(`writing ${path}`, asThePage, save([{ slug: "probe", path, raw: "export {};\n" }]));
        }
        // A save whose first file is fine and whose second is not writes neither.
        await refused("a content file renamed out of content/", asThePage, save([{ slug: "company", path: company, raw: "hijacked: true\n", newPath: PROBE }]));
        await refused("a content file with a picture outside the media folder", asThePage, save([{ slug: "company", path: company, raw: "hijacked: true\n" }], [{ path: PROBE, content: probe, encoding: "base64" }]));
        await refused("a picture outside the media folder", asThePage, { action: "persistMedia", params: { branch: "main", asset: { path: PROBE, content: probe, encoding: "base64" }, options } });
        await refused("a script in the media folder", asThePage, { action: "persistMedia", params: { branch: "main", asset: { path: "public/uploads/PROBE.ts", content: probe, encoding: "base64" }, options } });
        for (const paths of [["README.md"], ["content/../README.md"], [company, "README.md"], ["data/leads.sqlite"], ["content/leak.yaml"]]) {
          await refused(`deleting ${paths.join(", ")}`, asThePage, { action: "deleteFiles", params: { branch: "main", paths, options } });
        }
        await refused("deleting one file", asThePage, { action: "deleteFile", params: { branch: "main", path: "README.md", options } });
        await refused("an action the editor does not send", asThePage, { action: "unpublishedEntries", params: { branch: "main" } });
        await refused("a body that is not JSON", asThePage, "{");
      });

      await test.step("the development server does not send the lead database or the keys either", async () => {
        for (const path of ["/data/leads.sqlite", "/data/leads.sqlite?raw", `/@fs${join(dir, "data/leads.sqlite")}`, "/data/notes.yaml", "/link-signing.key", "/link-signing.key?raw"]) {
          const response = await fetch(`${origin}${path}`);
          expect.soft(response.status, path).toBeGreaterThanOrEqual(400);
          expect.soft(await response.text(), path).not.toContain(SECRET);
        }
      });

      expect(filesOf(dir)).toEqual(before);
      expect(existsSync(join(dir, PROBE))).toBe(false);
    } finally {
      rmSync(join(dir, "content/leak.yaml"), { force: true });
      rmSync(join(dir, "content/out"), { force: true });
    }

    await test.step("the editor's page opened without the key says where to find it", async () => {
      await page.goto(`${origin}/admin/`);
      await expect(page.getByText("This editor needs the key of this run of npm run cms")).toBeVisible();
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
