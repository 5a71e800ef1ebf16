import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CONTENT_DIR, checkContentFolder, readContentFile, readMarkdownFile } from "../../app/content/content-files.server.ts";
import { contentKinds, type ContentKind } from "../../app/content/content-kinds.ts";
import { decapConfig, decapFields, type DecapField } from "../../scripts/cms/decap-config.ts";
import { EDITOR_API_PATH } from "../../scripts/cms/editor-api.ts";
import { groupProblem, OPTIONAL_GROUP_WIDGET } from "../../scripts/cms/optional-group.ts";

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
    expect(entries.find((entry) => entry.file === "content/regulations/gdpr.yaml")).toMatchObject({ label: "Regulation page: GDPR (/compliance/gdpr)", preview_path: "compliance/gdpr" });
    expect(entries.find((entry) => entry.file === "content/legal/privacy-policy.md")).toMatchObject({ label: "Legal: Privacy Policy (/privacy-policy)", preview_path: "privacy-policy" });
  });

  it("lets editors add posts, news, events and use-case landing pages, each a file named from its title, with a link to its page", () => {
    expect(folders.map((folder) => [folder.label, folder.folder, folder.preview_path])).toEqual([
      ["Blog posts", "content/posts", "blog/{{slug}}"],
      ["News", "content/news", "news/{{slug}}"],
      ["Events", "content/events", "events/{{slug}}"],
      ["Use cases: landing pages", "content/use-cases", "use-cases/{{slug}}"],
    ]);
    const posts = folders[0];
    expect(posts).toMatchObject({ create: true, delete: true, extension: "md", format: "veilvault", identifier_field: "title" });
    expect(field(posts?.fields, "author")?.options).toEqual(["Veilvault privacy engineering", "Veilvault product team", "Veilvault security team"]);
    expect(field(posts?.fields, "draft")).toMatchObject({ widget: "boolean", required: false });
    expect(field(posts?.fields, "body")).toMatchObject({ widget: "text" });
    // A new landing page stays out of the menu unless the editor switches it on, and its place is a number.
    const landing = folders[3];
    expect(landing).toMatchObject({ create: true, delete: true, extension: "yaml", identifier_field: "label", label_singular: "Landing page" });
    expect(field(landing?.fields, "navigation.showInMenu")).toMatchObject({ widget: "boolean", default: false, label: "Show in the Use Cases menu" });
    expect(field(landing?.fields, "navigation.order")).toMatchObject({ widget: "number", value_type: "int", min: 1 });
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
    expect(field(home, "meta")).toMatchObject({ label: "Title and description in search results", widget: "object" });
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
    expect(field(decapFields(kind("About us")), "carousel.slides.alt")).toMatchObject({ widget: "text" });
    expect(field(decapFields(kind("About us")), "carousel.slides.alt")?.required).toBeUndefined();
    expect(field(decapFields(kind("Legal")), "body")).toMatchObject({ widget: "text" });
  });

  it("shows a choice of variants as one group, required only where every variant requires it", () => {
    const action = field(decapFields(kind("Newsletter page")), "action");
    expect(field(action?.fields, "kind")?.options).toEqual(["link", "post"]);
    expect(field(action?.fields, "to")?.required).toBe(false);
  });
});

/** Every field of the configuration, with where it is. */
function allFields(): { where: string; field: DecapField }[] {
  const found: { where: string; field: DecapField }[] = [];
  const walk = (fields: readonly DecapField[] | undefined, where: string) => {
    for (const one of fields ?? []) {
      found.push({ where: `${where}.${one.name}`, field: one });
      walk(one.fields, `${where}.${one.name}`);
      if (one.field) walk([one.field], `${where}.${one.name}[]`);
    }
  };
  for (const collection of config.collections) {
    if ("files" in collection) for (const entry of collection.files) walk(entry.fields, entry.file);
    else walk(collection.fields, collection.folder);
  }
  return found;
}

describe("EDIT-9 the editor's map", () => {
  it("lists posts, news and events first, then the site's pages by part of the site, then the words every page shares", () => {
    expect(config.collections.map((collection) => collection.label)).toEqual([
      "Blog posts",
      "News",
      "Events",
      "Blog, news and events pages",
      "Home and product",
      "Use cases: landing pages",
      "Use cases: overview and shared headings",
      "Compliance",
      "Company and Trust",
      "Legal",
      "Words on every page",
    ]);
    // Every kind sits in a collection the map names.
    const shown = new Set(config.collections.map((collection) => collection.name));
    for (const kind of contentKinds) expect(shown.has(kind.group), kind.label).toBe(true);
  });

  it("describes each collection by what it changes, with its address, and names each page by its address", () => {
    for (const collection of config.collections) expect(collection.description, collection.label).toMatch(/\/[a-z]/);
    for (const entry of entries) expect(entry.label, entry.file).toMatch(/ \(\/[^)]*\)$/);
  });

  it("puts no schema, build or code words on screen, and no field name as its label", () => {
    const onScreen = [
      ...config.collections.flatMap((collection) => [collection.label, collection.description]),
      ...entries.map((entry) => entry.label),
      ...allFields().flatMap(({ field: one }) => [one.label, one.hint ?? "", one.pattern?.[1] ?? ""]),
    ];
    for (const text of onScreen) {
      expect(text).not.toMatch(/schema|\bbuild\b|FIG-\d|requirements fix|\bzod\b|yaml|frontmatter|json|regex|\bundefined\b/i);
      expect(text).not.toMatch(/\b[a-z]+[A-Z][a-z]*\b/);
    }
  });
});

describe("EDIT-11 the editor states each rule before anything is refused, in the words of the message", () => {
  const posts = folders[0]?.fields;

  it("a length range shows as a hint and a message that say the same range", () => {
    const description = field(posts, "description");
    expect(description?.hint).toBe("70 to 160 characters.");
    expect(description?.pattern?.[1]).toBe("must be 70 to 160 characters");
    const accepts = (text: string) => new RegExp(description?.pattern?.[0] ?? "").test(text);
    expect(accepts("x".repeat(23))).toBe(false);
    expect(accepts("x".repeat(100))).toBe(true);
    expect(accepts("x".repeat(161))).toBe(false);
    expect(field(decapFields(kind("Home")), "hero.description")?.hint).toBe("At most 230 characters.");
  });

  it("a date shows its format and opens the date picker, writing year-month-day as the files do", () => {
    expect(field(posts, "published")).toMatchObject({ widget: "datetime", date_format: "YYYY-MM-DD", time_format: false, format: "YYYY-MM-DD" });
    expect(field(posts, "published")?.hint).toMatch(/^A date, written year-month-day, such as 2026-11-28; pick it from the calendar\.$/);
    expect(field(folders[2]?.fields, "start")?.hint).toContain("such as 2026-12-03T16:00:00+05:30");
  });

  it("a fixed text shows what it must read, a list how many items it takes, a pattern what it stands for", () => {
    expect(field(decapFields(kind("Home")), "hero.heading")?.hint).toBe("Must read exactly: “Redefining Data Security For The Agentic Era”.");
    expect(field(decapFields(kind("Home")), "nutshell.cards")?.hint).toBe("Exactly 6 items.");
    expect(field(posts, "tags")?.hint).toMatch(/^1 to 5 items; a topic as readers see it/);
    expect(field(posts, "cover.src")?.pattern?.[1]).toBe("must be a picture on this site, such as /images/posts/vault.webp (PNG, JPG, WebP or AVIF)");
  });

  it("every rule Decap checks has a hint saying it", () => {
    for (const { where, field: one } of allFields()) {
      // A list of single values says its items' rule once, on the list.
      const checked = !/\[\]\.[^.]+$/.test(where) && (one.pattern !== undefined || (one.widget === "list" && ((one.min ?? 0) > 1 || one.max !== undefined)));
      if (checked) expect(one.hint ?? "", where).toMatch(/\S/);
    }
  });
});

/** A value for each field of a filled-in group, as an editor would type it: the group's own where a file has it. */
const SAMPLES: Record<string, string> = { src: "/images/posts/vault-cover.webp", alt: "A vault drawn as a locked box with tokens around it" };

/** The files a kind holds, parsed. */
function filesOf(one: ContentKind): Record<string, unknown>[] {
  const names = "file" in one.files ? [one.files.file] : readdirSync(join(CONTENT_DIR, one.files.folder)).filter((name) => "extension" in one.files && name.endsWith(`.${one.files.extension}`)).map((name) => `${"folder" in one.files ? one.files.folder : ""}/${name}`);
  return names.map((name) => (name.endsWith(".md") ? { ...(readMarkdownFile(name, one.schema).data as object) } : (readContentFile(name, one.schema) as Record<string, unknown>)));
}

describe("EDIT-10 a group the page can do without", () => {
  // Every optional group of every collection, with the kind whose schema holds it.
  const groups = contentKinds.flatMap((one) => {
    const found: { kind: ContentKind; path: string[]; group: DecapField }[] = [];
    const walk = (fields: readonly DecapField[], path: string[]) => {
      for (const candidate of fields) {
        if (candidate.widget === OPTIONAL_GROUP_WIDGET) found.push({ kind: one, path: [...path, candidate.name], group: candidate });
        if (candidate.widget === "object" || candidate.widget === OPTIONAL_GROUP_WIDGET) walk(candidate.fields ?? [], [...path, candidate.name]);
      }
    };
    walk(decapFields(one), []);
    return found;
  });

  it("is found in the posts' cover and the link pages' contact line", () => {
    expect(groups.map(({ kind: one, path }) => `${one.label}: ${path.join(".")}`)).toEqual(expect.arrayContaining(["Blog posts: cover", "Newsletter page: contact"]));
  });

  it.each(groups.map((found) => ({ ...found, name: `${found.kind.label}: ${found.path.join(".")}` })))("$name: left empty, the entry publishes without it; half filled in, it is refused, naming the field", ({ kind: one, path, group }) => {
    // Once the group is filled in, the fields it needs say so themselves too; empty, it asks for nothing.
    for (const inner of group.required_inside ?? []) expect(group.fields?.find((one) => one.name === inner)?.required, inner).toBeUndefined();
    expect(groupProblem(group, undefined)).toBeUndefined();
    expect(groupProblem(group, Object.fromEntries((group.fields ?? []).map((one) => [one.name, ""])))).toBeUndefined();

    const parent = (data: Record<string, unknown>) => path.slice(0, -1).reduce<Record<string, unknown>>((at, step) => at[step] as Record<string, unknown>, data);
    const name = path.at(-1) ?? "";
    // A file that has the group filled in, where one does.
    const files = filesOf(one);
    const file = files.find((candidate) => parent(candidate)[name] !== undefined) ?? files[0];
    if (!file) throw new Error(`${one.label} has no file`);
    const withGroup = (value: unknown) => {
      const data = structuredClone(file);
      const holder = parent(data);
      const { [name]: _left, ...rest } = holder;
      for (const key of Object.keys(holder)) Reflect.deleteProperty(holder, key);
      Object.assign(holder, value === undefined ? rest : { ...rest, [name]: value });
      return data;
    };
    // The build accepts the file without the group, and with it filled in.
    expect(one.schema.safeParse(withGroup(undefined)).success).toBe(true);
    const own = parent(file)[name] as Record<string, string> | undefined;
    const sample = (inner: string) => own?.[inner] ?? group.fields?.find((candidate) => candidate.name === inner)?.options?.[0] ?? SAMPLES[inner] ?? "Words";
    const filled = Object.fromEntries((group.required_inside ?? []).map((inner) => [inner, sample(inner)]));
    expect(one.schema.safeParse(withGroup(filled)).success).toBe(true);
    expect(groupProblem(group, filled)).toBeUndefined();

    for (const inner of group.required_inside ?? []) {
      if ((group.required_inside ?? []).length < 2) continue;
      const half = { ...filled, [inner]: "" };
      const label = group.fields?.find((candidate) => candidate.name === inner)?.label ?? inner;
      expect(groupProblem(group, half)).toBe(`${group.label}: ${label} is needed once any of it is filled in; or empty it to leave it out.`);
      expect(one.schema.safeParse(withGroup({ ...half, [inner]: undefined })).success).toBe(false);
    }
  });
});
