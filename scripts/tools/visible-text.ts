/**
 * The words a visitor reads on every prerendered page, as plain text, so a
 * change that should move words without changing them (copy moved out of
 * TypeScript into content files, EDIT-1) can show that it did not:
 *
 *   npm run build && npm run visible-text -- save before
 *   …change…
 *   npm run build && npm run visible-text -- save after
 *   npm run visible-text -- compare before after
 *
 * `save` writes reports/visible-text/<name>/<route>.txt: the page's title and
 * description, then its body text a block per line (scripts and styles left
 * out; hidden panels kept, since their words are the page's too). `compare`
 * prints, per page, the lines only one side has, and exits 1 if any differ.
 */
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { builtPages } from "../build/lib/built-pages.ts";
import { linesOnlyIn, visibleText } from "./lib/page-words.ts";

const root = new URL("../..", import.meta.url).pathname;
const reports = join(root, "reports", "visible-text");

const fileName = (route: string): string => `${route === "/" ? "home" : route.replace(/^\//, "").replaceAll("/", "__")}.txt`;

async function save(name: string): Promise<void> {
  const out = join(reports, name);
  await mkdir(out, { recursive: true });
  const pages = await builtPages(join(root, "build", "client"));
  for (const page of pages) await writeFile(join(out, fileName(page.route)), visibleText(await readFile(page.file, "utf8")));
  console.log(`visible text of ${pages.length} pages saved to reports/visible-text/${name}/`);
}

async function compare(before: string, after: string): Promise<boolean> {
  const [a, b] = [join(reports, before), join(reports, after)];
  const files = [...new Set([...(await readdir(a)), ...(await readdir(b))])].sort();
  let differing = 0;
  for (const file of files) {
    const read = (dir: string): Promise<string[]> => readFile(join(dir, file), "utf8").then((text) => text.split("\n"), () => ["(no such page)"]);
    const [old, now] = await Promise.all([read(a), read(b)]);
    const [gone, added] = [linesOnlyIn(old, now), linesOnlyIn(now, old)];
    if (gone.length + added.length === 0) continue;
    differing++;
    console.log(`${file}:`);
    for (const line of gone) console.log(`  - ${line}`);
    for (const line of added) console.log(`  + ${line}`);
  }
  console.log(`${files.length} pages compared, ${differing} with different words`);
  return differing === 0;
}

const [command, first, second] = process.argv.slice(2);
if (command === "save" && first) await save(first);
else if (command === "compare" && first && second) process.exitCode = (await compare(first, second)) ? 0 : 1;
else {
  console.error("usage: visible-text save <name> | visible-text compare <before> <after>");
  process.exitCode = 2;
}
