import { describe, expect, it } from "vitest";
import { checkContentFolder } from "../../app/content/content-files.server.ts";
import { contentKinds } from "../../app/content/content-kinds.ts";
import { decapConfig, decapFields, type DecapField } from "../../scripts/cms/decap-config.ts";
import { EDITOR_API_PATH } from "../../scripts/cms/editor-api.ts";

const config = decapConfig({ proxyUrl: EDITOR_API_PATH, siteUrl: "http://127.0.0.1:5173" });
const entries = config.collections.flatMap((collection) => ("files" in collection ? collection.files : []));
const folders = config.collections.flatMap((collection) => ("folder" in collection ? [collection] : []));

function field(fields: readonly DecapField[] | undefined, path: string): DecapField | undefined {
  const [name, ...rest] = path.split(".");
  const found = fields?.find((candidate) => candidate.name === name);
  return rest.length === 0 ? found : field(found?.fields, rest.join("."));
}

const kind = (label: string) => contentKinds.find((candidate) => candidate.label === label) ?? contentKinds[0];

describe("EDIT-3 the CMS's fields come from the content schemas", () => {
  it("offers every content file for editing, each with a link to the page that shows it", () => {
    const inFolders = (file: string) => folders.some((folder) => `content/${file}`.startsWith(`${folder.folder}/`));
    expect(entries.map((entry) => entry.file.replace(/^content\//, "")).sort()).toEqual(checkContentFolder().filter((file) => !inFolders(file)).sort());
    expect(entries.find((entry) => entry.file === "content/regulations/gdpr.yaml")).toMatchObject({ label: "GDPR", preview_path: "compliance/gdpr" });
    expect(entries.find((entry) => entry.file === "content/legal/privacy-policy.md")).toMatchObject({ label: "Privacy Policy", preview_path: "privacy-policy" });
  });

  it("lets editors add posts, news and events, each a file named from its title, with a link to its page", () => {
    expect(folders.map((folder) => [folder.label, folder.folder, folder.preview_path])).toEqual([
      ["Blog posts", "content/posts", "blog/{{slug}}"],
      ["News", "content/news", "news/{{slug}}"],
      ["Events", "content/events", "events/{{slug}}"],
    ]);
    const posts = folders[0];
    expect(posts).toMatchObject({ create: true, extension: "md", format: "veilvault-frontmatter", identifier_field: "title" });
    expect(field(posts?.fields, "author")?.options).toEqual(["Veilvault privacy engineering", "Veilvault product team", "Veilvault security team"]);
    expect(field(posts?.fields, "draft")).toMatchObject({ widget: "boolean", required: false });
    expect(field(posts?.fields, "body")).toMatchObject({ widget: "text" });
  });

  it("writes through the development server's own backend on the working tree, without an editorial workflow, naming new files as the build accepts them", () => {
    expect(config.backend).toEqual({ name: "proxy", proxy_url: "/admin/api", branch: "main" });
    expect(config.publish_mode).toBe("simple");
    expect(config.slug).toEqual({ encoding: "ascii", clean_accents: true });
  });

  it("requires what the schema requires and lets out what it lets out", () => {
    const home = decapFields(kind("Home"));
    expect(field(home, "hero.eyebrow")?.required).toBeUndefined();
    expect(field(home, "nutshell.eyebrow")?.required).toBe(false);
    expect(field(home, "nutshell.cards")).toMatchObject({ widget: "list", min: 6, max: 6 });
    expect(field(home, "nutshell.cards.icon")?.options).toContain("vault");
  });

  it("fixes the texts the requirements fix, and carries lengths over as patterns Decap checks", () => {
    const home = decapFields(kind("Home"));
    const heading = field(home, "hero.heading");
    expect(heading?.pattern?.[1]).toBe("must read exactly “Redefining Data Security For The Agentic Era”");
    expect(new RegExp(heading?.pattern?.[0] ?? "").test("Redefining Data Security For The Agentic Era")).toBe(true);
    expect(new RegExp(heading?.pattern?.[0] ?? "").test("Data security, redefined")).toBe(false);
    const description = field(home, "hero.description");
    expect(description?.widget).toBe("text");
    expect(new RegExp(description?.pattern?.[0] ?? "").test("x".repeat(231))).toBe(false);
  });

  it("asks for alt text on every picture, and gives a Markdown document its body", () => {
    expect(field(decapFields(kind("About Us")), "carousel.slides.alt")).toMatchObject({ widget: "text" });
    expect(field(decapFields(kind("About Us")), "carousel.slides.alt")?.required).toBeUndefined();
    expect(field(decapFields(kind("Legal documents and the disclosure policy")), "body")).toMatchObject({ widget: "text" });
  });

  it("shows a choice of variants as one group, required only where every variant requires it", () => {
    const action = field(decapFields(kind("Newsletter pages")), "action");
    expect(field(action?.fields, "kind")?.options).toEqual(["link", "post"]);
    expect(field(action?.fields, "to")?.required).toBe(false);
  });
});
