/**
 * EDIT-7 on the real build: a post holding script, style, event handlers,
 * `javascript:` links (raw and in Markdown), a frame, a form, a meta refresh
 * and a comment, or a page whose words hold HTML, stops `react-router build`
 * before anything is bundled, and the build names the file and the line of
 * each. Each build stops within seconds; the pages' CSP over a whole build is
 * checked in publishing-build.test.ts and tests/e2e/security.spec.ts.
 */
import { copyFileSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildIn, copyProject } from "../support/cms-workspace.ts";

const HOSTILE_POST = new URL("../fixtures/hostile-content/posts/hostile-markup.md", import.meta.url).pathname;
const copies: string[] = [];
afterAll(() => {
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
});

function project(): string {
  const dir = copyProject();
  copies.push(dir);
  return dir;
}

describe("EDIT-7 the production build refuses content that could become code", () => {
  it("stops at a post holding HTML or script links, naming the file and every line", () => {
    const dir = project();
    copyFileSync(HOSTILE_POST, join(dir, "content/posts/hostile-markup.md"));
    const { status, output } = buildIn(dir);
    expect(status).not.toBe(0);
    const file = "content/posts/hostile-markup.md";
    expect(output).toContain(`${file}: description: holds HTML (<img…)`);
    for (const [line, what] of [
      [12, "raw HTML (<script>) is not allowed"],
      [14, "raw HTML (<style>) is not allowed"],
      [16, "raw HTML (<img>) is not allowed"],
      [18, 'the link "Markdown link to script": goes to javascript:'],
      [18, 'the link "entity-hidden one": goes to java&#x73;cript:'],
      [20, 'the link "link to script": goes to javascript:alert(3)'],
      [20, 'the link "javascript:alert(2)": goes to javascript:alert(2)'],
      [22, "the link reference [script]: goes to javascript:alert(3)"],
      [24, "raw HTML (<a>) is not allowed"],
      [26, "raw HTML (<iframe>) is not allowed"],
      [28, "raw HTML (<form>) is not allowed"],
      [30, "raw HTML (<meta>) is not allowed"],
      [32, "raw HTML (<!-- comment -->) is not allowed"],
    ] as const) {
      expect(output).toContain(`${file} (line ${line}): ${what}`);
    }
    // It stopped before writing a page, a feed or a twin.
    expect(() => statSync(join(dir, "build"))).toThrow();
  });

  it("stops at HTML in a page's words, which the Markdown twins and llms-full.txt would carry as written", () => {
    const dir = project();
    const gdpr = join(dir, "content/regulations/gdpr.yaml");
    const edited = readFileSync(gdpr, "utf8").replace(/^(hubSummary: ).*$/m, '$1"Data rights <img src=x onerror=alert(1)> for EU residents."');
    writeFileSync(gdpr, edited);
    const { status, output } = buildIn(dir);
    expect(status).not.toBe(0);
    expect(output).toContain("content/regulations/gdpr.yaml: hubSummary: holds HTML (<img…), which content files may not: write the words alone");
    expect(() => statSync(join(dir, "build"))).toThrow();
  });
});
