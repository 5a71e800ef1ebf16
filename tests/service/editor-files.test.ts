/**
 * How the editor's backend writes a content file (EDIT-6): whole, by a rename
 * over the old one, on a real file system. The dev server and a build watch
 * and read these files while an editor saves.
 */
import { link, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { editableTree } from "../../scripts/cms/editable-files.ts";

const roots: string[] = [];
afterEach(async () => {
  for (const root of roots.splice(0)) await rm(root, { recursive: true, force: true });
});

async function project(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), "veilvault-editor-"));
  roots.push(root);
  await mkdir(join(root, "content", "posts"), { recursive: true });
  return root;
}

describe("EDIT-6 the editor's backend writes a file", () => {
  it("whole: a reader meanwhile finds the old bytes or the new, never an empty or a part-written file", async () => {
    const root = await project();
    const tree = editableTree(root);
    const path = "content/posts/long-read.yaml";
    // Large enough that writing it in place takes many reads' time.
    const versions = ["a", "b"].map((letter) => Buffer.alloc(8 * 1024 * 1024, letter));
    await tree.write(path, "content", versions[0]!);
    const writes = { done: false };
    const seen = new Set<string>();
    const reader = (async () => {
      let reads = 0;
      while (!writes.done || reads < 10) {
        const bytes = await readFile(join(root, path));
        const whole = versions.some((version) => bytes.equals(version));
        seen.add(whole ? `whole ${bytes.subarray(0, 1).toString()}` : `part of ${bytes.length} bytes`);
        reads += 1;
      }
    })();
    for (let round = 1; round <= 12; round++) await tree.write(path, "content", versions[round % 2]!);
    writes.done = true;
    await reader;
    expect([...seen].filter((kind) => kind.startsWith("part"))).toEqual([]);
    expect(await readFile(join(root, path))).toEqual(versions[0]);
    // No draft is left beside it.
    expect(await readdir(join(root, "content", "posts"))).toEqual(["long-read.yaml"]);
  });

  it("by replacing a hard link planted in content/, never writing through it to the file outside", async () => {
    const root = await project();
    const outside = join(root, "package.json");
    await writeFile(outside, '{"name":"not content"}\n');
    await link(outside, join(root, "content", "company.yaml"));
    await editableTree(root).write("content/company.yaml", "content", "heading: Company\n");
    expect(await readFile(outside, "utf8")).toBe('{"name":"not content"}\n');
    expect(await readFile(join(root, "content", "company.yaml"), "utf8")).toBe("heading: Company\n");
  });
});
