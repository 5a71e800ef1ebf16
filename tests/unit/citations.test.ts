/**
 * Every document the code, tests and docs cite is one a newcomer can open:
 * a Markdown file or a source path named anywhere in the repository exists in
 * it, and every requirement id cited exists in docs/requirements.md. The
 * README stays a front page a newcomer reads whole, and its layout names
 * every folder of the server, so a folder added there is explained where
 * people look first.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { isPagePath } from "../../app/site/pages.ts";

const ROOT = new URL("../..", import.meta.url).pathname;
const TEXT_FILE = /\.(ts|tsx|js|mjs|css|md|json|sh|yml|yaml|html|txt)$|^\.ci\//;

const tracked = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], { cwd: ROOT, encoding: "utf8" })
  .split("\n")
  .filter((path) => path && TEXT_FILE.test(path) && existsSync(join(ROOT, path)) && path !== "package-lock.json");
const trackedNames = new Set(tracked.map((path) => basename(path)));

/** A Markdown file name as cited: `docs/security.md`, `./cookie-policy.md?raw`, `README.md`. */
const MARKDOWN_CITATION = /[\w./-]*\b[\w-]+\.md\b/g;

/**
 * A page's Markdown twin on the site (PUB-7), by its path or its address:
 * `/features.md`, `/index.md`, `https://veilvault.example/blog/<post>.md`, a
 * post of content/ or of the test fixtures.
 */
function isMarkdownTwin(citation: string): boolean {
  const path = citation.startsWith("//veilvault.example/") ? citation.slice("//veilvault.example".length) : citation;
  if (!path.startsWith("/")) return false;
  const page = path.slice(0, -".md".length);
  if (page === "/index" || isPagePath(page)) return true;
  const post = page.startsWith("/blog/") ? `${page.slice("/blog/".length)}.md` : undefined;
  return post !== undefined && ["content/posts", "tests/fixtures/collections/posts"].some((folder) => existsSync(join(ROOT, folder, post)));
}

function resolves(citation: string, citingFile: string): boolean {
  const path = citation.replace(/^\.\//, "");
  return (
    existsSync(join(ROOT, path)) ||
    existsSync(join(ROOT, dirname(citingFile), citation)) ||
    // Content files are named from the content folder: `legal/privacy-policy.md`.
    existsSync(join(ROOT, "content", path)) ||
    // A fixture entry, named as a build of the fixtures names it: `content/posts/hostile-markup.md`.
    ["tests/fixtures/collections", "tests/fixtures/hostile-content"].some((folder) => existsSync(join(ROOT, folder, path.replace(/^content\//, "")))) ||
    isMarkdownTwin(path) ||
    (!path.includes("/") && trackedNames.has(path))
  );
}

/** A source file named by its path from the root: `server/db/outbox-records.ts`, `app/lib/seo.ts`. */
const SOURCE_CITATION = /\b(?:app|common|server|scripts|tests)\/[\w./-]*?\.(?:ts|tsx|js|sh)\b/g;

const requirements = readFileSync(join(ROOT, "docs/requirements.md"), "utf8");
const definedIds = new Set([...requirements.matchAll(/\*\*([A-Z0-9]+-\d+)\*\*/g)].map((match) => match[1]));
const areas = new Set([...definedIds].map((id) => id?.replace(/-\d+$/, "")));
/** An id of one of our areas, as code cites it: NAV-3, LEAD-12. */
const REQUIREMENT_ID = /\b([A-Z][A-Z0-9]+)-(\d+)\b/g;

describe("citations", () => {
  it("finds the requirements and a good number of files to check", () => {
    expect(definedIds.size).toBeGreaterThan(150);
    expect(tracked.length).toBeGreaterThan(200);
  });

  it("names no document that is not in the repository", () => {
    const missing: string[] = [];
    for (const file of tracked) {
      const text = readFileSync(join(ROOT, file), "utf8");
      for (const [citation] of text.matchAll(MARKDOWN_CITATION)) {
        if (!resolves(citation, file)) missing.push(`${file}: ${citation}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("names no source file that is not in the repository", () => {
    const missing: string[] = [];
    for (const file of tracked) {
      const text = readFileSync(join(ROOT, file), "utf8");
      for (const [citation] of text.matchAll(SOURCE_CITATION)) {
        // A glob or a pattern names files by their shape, not one file.
        if (/[*{]/.test(citation) || citation.includes("/...")) continue;
        if (!existsSync(join(ROOT, citation)) && !existsSync(join(ROOT, dirname(file), citation))) missing.push(`${file}: ${citation}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("cites only requirement ids that docs/requirements.md defines", () => {
    const unknown: string[] = [];
    for (const file of tracked) {
      const text = readFileSync(join(ROOT, file), "utf8");
      for (const [id, area] of text.matchAll(REQUIREMENT_ID)) {
        if (areas.has(area) && !definedIds.has(id)) unknown.push(`${file}: ${id}`);
      }
    }
    expect(unknown).toEqual([]);
  });
});

describe("the README", () => {
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  // What runs the server day to day is in docs/operations.md, the code's parts in docs/server.md.
  const MAX_LINES = 150;

  it(`is at most ${MAX_LINES} lines`, () => {
    const lines = readme.endsWith("\n") ? readme.split("\n").length - 1 : readme.split("\n").length;
    expect(lines).toBeLessThanOrEqual(MAX_LINES);
  });

  it("names every folder of server/ in its layout", () => {
    const start = readme.indexOf("\n## Layout\n");
    expect(start).toBeGreaterThan(-1);
    const next = readme.indexOf("\n## ", start + 1);
    const layout = readme.slice(start, next === -1 ? undefined : next);
    const folders = readdirSync(join(ROOT, "server"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `server/${entry.name}/`);
    expect(folders.length).toBeGreaterThan(5);
    expect(folders.filter((folder) => !layout.includes(folder))).toEqual([]);
  });
});
