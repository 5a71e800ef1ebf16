import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isPair, isScalar, isSeq, parse, parseDocument, visit, type Scalar } from "yaml";
import { CONTENT_DIR, checkContentFolder } from "../../app/content/content-files.server.ts";
import { FRONTMATTER } from "../../app/content/content-files.ts";
import { readFrontmatter, rewriteFrontmatter, rewriteYaml } from "../../scripts/cms/content-text.ts";

const files = checkContentFolder().map((file) => ({ file, text: readFileSync(join(CONTENT_DIR, file), "utf8") }));

/** The data as Decap hands it back: keys in its fields' order (here reversed, the worst case), blank fields added. */
function asDecapGivesIt(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(asDecapGivesIt);
  if (value === null || typeof value !== "object") return value;
  const entries = Object.entries(value).reverse().map(([key, entry]) => [key, asDecapGivesIt(entry)] as const);
  return Object.fromEntries([...entries, ["leftBlank", ""], ["emptyGroup", { src: "", alt: "" }], ["emptyList", []]]);
}

/** The YAML part of a file, and where it starts in the file. */
function yamlOf(file: string, text: string): { yaml: string; firstLine: number } {
  if (!file.endsWith(".md")) return { yaml: text, firstLine: 0 };
  return { yaml: `${FRONTMATTER.exec(text)?.[1] ?? ""}\n`, firstLine: 1 };
}

/** Every text value of a YAML file with the lines it spans (0-based, inclusive). */
function textLeaves(yaml: string): { path: (string | number)[]; value: string; lines: [number, number] }[] {
  const doc = parseDocument(yaml);
  const lineAt = (offset: number) => yaml.slice(0, offset).split("\n").length - 1;
  const leaves: { path: (string | number)[]; value: string; lines: [number, number] }[] = [];
  visit(doc, {
    Scalar(key, node: Scalar, path) {
      if (key === "key" || typeof node.value !== "string" || !node.range) return;
      const keys: (string | number)[] = [];
      const chain: unknown[] = [...path, node];
      chain.forEach((step, index) => {
        if (isPair(step) && isScalar(step.key)) keys.push(String(step.key.value));
        if (isSeq(step)) keys.push(step.items.indexOf(chain[index + 1]));
      });
      leaves.push({ path: keys, value: node.value, lines: [lineAt(node.range[0]), lineAt(Math.max(node.range[0], node.range[1] - 1))] });
    },
  });
  return leaves;
}

function setIn(data: unknown, path: readonly (string | number)[], value: string): unknown {
  const copy = structuredClone(data) as Record<string | number, unknown>;
  let at: Record<string | number, unknown> = copy;
  for (const step of path.slice(0, -1)) at = at[step] as Record<string | number, unknown>;
  at[path.at(-1) ?? ""] = value;
  return copy;
}

/** The lines of `after` that differ from `before`, which must have as many. */
function changedLines(before: string, after: string): number[] {
  const old = before.split("\n");
  const lines = after.split("\n");
  expect(lines.length).toBe(old.length);
  return lines.flatMap((line, index) => (line === old[index] ? [] : [index]));
}

/** What the editor writes when it saves `data` into `file` as it was. */
const save = (file: string, original: string, data: unknown) => (file.endsWith(".md") ? rewriteFrontmatter(original, data) : rewriteYaml(original, data));
const load = (file: string, text: string): unknown => (file.endsWith(".md") ? readFrontmatter(text, parse) : parse(text));

describe("EDIT-8 the editor writes only what the editor changed", () => {
  it("knows every content file", () => {
    expect(files.length).toBeGreaterThan(40);
  });

  it.each(files)("$file: saved with no change, it stays byte for byte as it was, whatever order and blank fields the editor's data has", ({ file, text }) => {
    expect(save(file, text, load(file, text))).toBe(text);
    const data = load(file, text) as Record<string, unknown>;
    const { body, ...front } = data;
    expect(save(file, text, { ...(asDecapGivesIt(front) as object), ...(body === undefined ? {} : { body }) })).toBe(text);
  });

  it.each(files)("$file: one changed text is a diff of that text's lines only, for each text tried", ({ file, text }) => {
    const { yaml, firstLine } = yamlOf(file, text);
    const leaves = textLeaves(yaml);
    expect(leaves.length).toBeGreaterThan(0);
    // Up to 30 texts a file, spread over it, first and last among them: the big pages' hundreds would add seconds and no case.
    const step = Math.max(1, (leaves.length - 1) / 29);
    const sample = [...new Set(Array.from({ length: Math.min(30, leaves.length) }, (_, index) => leaves[Math.round(index * step)]))];
    for (const leaf of sample) {
      if (!leaf) continue;
      const edited = `${leaf.value.trimEnd()} Now edited${leaf.value.endsWith("\n") ? "\n" : ""}`;
      const after = save(file, text, asDecapGivesIt(setIn(load(file, text), leaf.path, edited)));
      const changed = changedLines(text, after);
      expect(changed.length, `${file} ${leaf.path.join(".")}`).toBeGreaterThan(0);
      for (const line of changed) expect(line - firstLine, `${file} ${leaf.path.join(".")}`).toBeGreaterThanOrEqual(leaf.lines[0]);
      for (const line of changed) expect(line - firstLine, `${file} ${leaf.path.join(".")}`).toBeLessThanOrEqual(leaf.lines[1]);
      expect(getIn(load(file, after), leaf.path)).toBe(edited);
    }
  });

  it("a changed Markdown body changes the body's lines only", () => {
    const { file, text } = files.find(({ file }) => file.startsWith("posts/")) ?? { file: "", text: "" };
    const data = load(file, text) as { body: string };
    const after = save(file, text, { ...data, body: data.body.replace(/\.\n/, ". Now edited.\n") });
    const changed = changedLines(text, after);
    expect(changed).toHaveLength(1);
    expect(changed[0]).toBeGreaterThan(text.slice(0, text.indexOf("\n---\n") + 5).split("\n").length - 2);
  });

  it("a group left empty, a blank field and an emptied list are left out; a new key goes where the form has it", () => {
    const original = 'title: "Kept as written"\npublished: 2026-01-05\n\nauthor: Veilvault product team\n';
    expect(rewriteYaml(original, { title: "Kept as written", published: "2026-01-05", updated: "2026-02-01", cover: { src: "", alt: "" }, author: "Veilvault product team", draft: "" })).toBe(
      'title: "Kept as written"\npublished: 2026-01-05\nupdated: 2026-02-01\n\nauthor: Veilvault product team\n',
    );
    expect(rewriteYaml(original, { title: "Kept as written", author: "Veilvault product team" })).toBe('title: "Kept as written"\n\nauthor: Veilvault product team\n');
    expect(rewriteFrontmatter(undefined, { title: "New", cover: { src: "", alt: "" }, tags: ["Tokenization"], body: "Words.\n" })).toBe("---\ntitle: New\ntags:\n  - Tokenization\n---\nWords.\n");
  });
});

function getIn(data: unknown, path: readonly (string | number)[]): unknown {
  return path.reduce<unknown>((at, step) => (at as Record<string | number, unknown>)[step], data);
}
