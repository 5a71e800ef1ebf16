/**
 * EDIT-7: content never becomes code. The build's checks refuse raw HTML and
 * links to anything but pages, web and mail addresses, naming the file and
 * the line, in Markdown bodies and in every field of words; the renderer
 * draws such Markdown inert should it ever get past them.
 * The hostile post (tests/fixtures/hostile-content) holds every kind; its
 * build stops in tests/service/content-markup-build.test.ts.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import { ContentFileError, markdownParts, parseContentFile } from "../../app/content/content-files.ts";
import { readMarkdownFile } from "../../app/content/content-files.server.ts";
import { codeInMarkdown, markdownProblems } from "../../app/content/markdown-checks.ts";
import { postSchema } from "../../app/content/schemas/collection-entries.ts";
import { interfaceWordsSchema } from "../../app/content/schemas/interface-words.ts";
import { regulationPageSchema } from "../../app/content/schemas/regulation-page.ts";
import { isSafeLinkTarget, markupIn } from "../../app/lib/content-safety.ts";
import { renderMarkdown } from "../../app/lib/markdown.server.ts";

const HOSTILE_DIR = new URL("../fixtures/hostile-content", import.meta.url).pathname;
const HOSTILE_FILE = "posts/hostile-markup.md";
const hostile = readFileSync(join(HOSTILE_DIR, HOSTILE_FILE), "utf8");

/** The hostile post's lines and what the build must say of each. */
const EXPECTED: [line: number, problem: RegExp][] = [
  [12, /raw HTML \(<script>\) is not allowed/],
  [14, /raw HTML \(<style>\) is not allowed/],
  [16, /raw HTML \(<img>\) is not allowed/],
  [18, /the link "Markdown link to script": goes to javascript:/],
  [18, /the link "entity-hidden one": goes to java&#x73;cript:alert\(1\)/],
  [20, /the link "link to script": goes to javascript:alert\(3\)/],
  [20, /the link "javascript:alert\(2\)": goes to javascript:alert\(2\)/],
  [22, /the link reference \[script\]: goes to javascript:alert\(3\)/],
  [24, /raw HTML \(<a>\) is not allowed/],
  [26, /raw HTML \(<iframe>\) is not allowed/],
  [28, /raw HTML \(<form>\) is not allowed/],
  [30, /raw HTML \(<meta>\) is not allowed/],
  [32, /raw HTML \(<!-- comment -->\) is not allowed/],
];

describe("EDIT-7 the build refuses content that could become code, naming the file and the line", () => {
  it("finds every piece of the hostile post on its own line, and nothing else", () => {
    const { body, bodyLine } = markdownParts(HOSTILE_FILE, hostile);
    const problems = markdownProblems(body, bodyLine);
    expect(problems.map((problem) => problem.line)).toEqual(EXPECTED.map(([line]) => line));
    problems.forEach((problem, index) => expect(problem.message).toMatch(EXPECTED[index]![1]));
  });

  it("reports the frontmatter's HTML and every line of the body at once, each with the file", () => {
    let message = "";
    try {
      readMarkdownFile(HOSTILE_FILE, postSchema, HOSTILE_DIR);
    } catch (error) {
      expect(error).toBeInstanceOf(ContentFileError);
      message = (error as Error).message;
    }
    const lines = message.split("\n");
    expect(lines[0]).toBe("content/posts/hostile-markup.md: description: holds HTML (<img…), which content files may not: write the words alone");
    expect(lines.slice(1)).toHaveLength(EXPECTED.length);
    lines.slice(1).forEach((line, index) => {
      expect(line.startsWith(`content/posts/hostile-markup.md (line ${EXPECTED[index]![0]}): `), line).toBe(true);
    });
  });

  it.each([
    ["an inline tag inside a list item", "- one\n- two <b onclick=\"x()\">bold</b>\n", 2, "<b>"],
    ["a tag inside a table cell", "| a |\n|---|\n| <img src=x onerror=y()> |\n", 3, "<img>"],
    ["a tag inside a quote", "> Quoted\n> <script>x()</script>\n", 2, "<script>"],
    ["a tag inside a footnote", "Text[^1].\n\n[^1]: A note <svg onload=x()>.\n", 3, "<svg>"],
    ["a tag inside a link's words", "[<em>x</em>](/features)\n", 1, "<em>"],
    ["a processing instruction", "<?php echo 1; ?>\n", 1, "<?php echo 1; ?>"],
  ])("refuses %s", (_case, markdown, line, named) => {
    const problems = markdownProblems(markdown);
    expect(problems[0], JSON.stringify(problems)).toMatchObject({ line, message: expect.stringContaining(`raw HTML (${named})`) as unknown });
  });

  it.each([
    ["data:", "[x](data:text/html,hi)"],
    ["vbscript:", "[x](vbscript:msgbox)"],
    ["an upper-case scheme", "[x](JAVASCRIPT:alert(1))"],
    ["an address in angle brackets", "[x](<javascript:alert(1)>)"],
    ["another site without a scheme", "[x](//example.com/page)"],
    ["a backslash that browsers read as //", "[x](/\\example.com)"],
    ["a relative address", "[x](other-post)"],
    ["a picture from another site", "![A chart](https://example.com/chart.png)"],
    ["a picture by javascript:", "![A chart](javascript:alert(1))"],
  ])("refuses a link or picture to %s", (_case, markdown) => {
    expect(markdownProblems(markdown)).toHaveLength(1);
  });

  it("passes Markdown that only looks like HTML or script: code, escapes, comparisons, and every address a page may link to", () => {
    const markdown = [
      "Write `<script>` in code, or \\<b> escaped, and &lt;i&gt; as entities; 3 < 5 and a <5 ms reply.",
      "",
      "```html",
      '<script>alert("shown as code")</script>',
      "```",
      "",
      "    <iframe src=x></iframe>",
      "",
      "Links: [features](/features), [the FAQ](#faq), [a site](https://example.com/a?b=1&c=2), [mail](mailto:privacy@veilvault.example), <https://example.com>, www.example.com.",
      "",
      "A note[^1].",
      "",
      "[^1]: Cited from [the Act](https://example.com/act).",
    ].join("\n");
    expect(markdownProblems(markdown)).toEqual([]);
  });

  it.each([
    ["an element", "Meet us <img src=x onerror=alert(1)>", "<img"],
    ["a closing tag", "Bold</b> words", "</b"],
    ["a comment", "Hidden <!-- words -->", "<!--"],
  ])("refuses %s in a field of words (YAML or frontmatter), since twins and feeds carry it as written", (_case, text, found) => {
    expect(markupIn(text)).toBe(found);
    const page = readFileSync(new URL("../../content/regulations/gdpr.yaml", import.meta.url), "utf8");
    const edited = page.replace(/^(hubSummary: ).*$/m, `$1${JSON.stringify(text)}`);
    expect(() => parseContentFile("regulations/gdpr.yaml", edited, regulationPageSchema)).toThrow(`content/regulations/gdpr.yaml: hubSummary: holds HTML (${found}…)`);
  });

  it("lets words compare numbers and quote symbols that are no tag", () => {
    for (const text of ["3 < 5", "a <5 ms reply", "x<-y", "<> and <=", "fish & chips > soup"]) expect(markupIn(text), text).toBeUndefined();
  });

  it("holds the interface's sentence pieces to the same rule", () => {
    const words = readFileSync(new URL("../../content/interface.yaml", import.meta.url), "utf8");
    const edited = words.replace(/^(\s+rightsReserved: ).*$/m, `$1"<b>All</b> rights reserved."`);
    expect(edited).not.toBe(words);
    expect(() => parseContentFile("interface.yaml", edited, interfaceWordsSchema)).toThrow(/footer\.rightsReserved: holds HTML \(<b…\)/);
  });

  it("judges an address by how it is written, so no reference, case or space turns it into script", () => {
    for (const href of ["/features", "/blog/a#b", "#faq", "https://example.com", "HTTP://example.com", "mailto:a@example.com"]) expect(isSafeLinkTarget(href), href).toBe(true);
    for (const href of ["javascript:x", "java&#x73;cript:x", "javascript&colon;x", " javascript:x", "\tjavascript:x", "//example.com", "/\\example.com", "data:x", "x", ""]) {
      expect(isSafeLinkTarget(href), href).toBe(false);
    }
  });
});

describe("EDIT-7 the Markdown the build publishes for agents holds no code either", () => {
  it("passes twins' absolute links and pictures, and stops at raw HTML or a script link, by line", () => {
    const twin = "# A post\n\n> What it says.\n\n- Web page: https://veilvault.example/blog/a\n\n![A map](https://veilvault.example/images/map.svg) [Features](https://veilvault.example/features)\n";
    expect(codeInMarkdown(twin)).toEqual([]);
    expect(codeInMarkdown(`${twin}\n<iframe src=x></iframe>\n\n[x](javascript:alert(1))\n`).map((problem) => problem.line)).toEqual([9, 11]);
  });
});

describe("EDIT-7 Markdown that got past the checks is drawn inert", () => {
  const { body } = markdownParts(HOSTILE_FILE, hostile);
  const html = renderMarkdown(body).html;
  const document = new JSDOM(`<main>${html}</main>`).window.document;

  it("draws no element that could run, style, frame, post or redirect", () => {
    expect(document.querySelectorAll("script, style, iframe, form, input, meta, img, object, embed, svg")).toHaveLength(0);
    const handlers = [...document.querySelectorAll("*")].flatMap((element) => element.getAttributeNames().filter((name) => name.startsWith("on")));
    expect(handlers).toEqual([]);
  });

  it("keeps links only to pages, web and mail addresses, and the other links' words", () => {
    expect([...document.querySelectorAll("a")].map((anchor) => anchor.getAttribute("href"))).toEqual([]);
    expect(document.body.textContent).toContain("A Markdown link to script and an entity-hidden one.");
  });

  it("shows raw HTML as the text it is, so that an editor would see it", () => {
    expect(document.body.textContent).toContain('<script>document.documentElement.dataset.injected = "script";</script>');
    expect(document.body.textContent).toContain('<meta http-equiv="refresh" content="0; url=https://example.com/">');
  });
});
