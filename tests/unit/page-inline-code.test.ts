/**
 * SEC-2, EDIT-7: a finished page holds only the inline code the build writes,
 * each piece where the build writes it, and one script of its own origin, its
 * islands', so the site's CSP hashes the same few pieces whatever the pages
 * say. Anything else, wherever it stands, stops the build.
 */
import { describe, expect, it } from "vitest";
import { ISLAND_LOADER_SCRIPT } from "../../app/islands/island-loader.ts";
import { SPECULATION_RULES } from "../../app/lib/speculation-rules.ts";
import { CONSTANT_SCRIPTS, pageInlineCode } from "../../scripts/build/lib/page-inline-code.ts";

const HEAD_SCRIPT = '(function bootDocument(root){root.classList.add("js")})(document.documentElement)';
const STYLESHEET = "body{margin:0}main>p{color:#111}";
const ISLAND_SCRIPT = `<script data-islands="/assets/islands-0a1b2c3d-Xy_9.js">${ISLAND_LOADER_SCRIPT}</script>`;

/** A finished page, with `content` in its <main>. */
function page(options: { content?: string; head?: string; tail?: string; script?: string } = {}): string {
  return [
    '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>A post</title>',
    `<script id="head-script">${HEAD_SCRIPT}</script><style id="site-css">${STYLESHEET}</style>`,
    `<script type="speculationrules">${SPECULATION_RULES}</script>`,
    '<script type="application/ld+json">{"@type":"BlogPosting","headline":"A \\u003cpost\\u003e"}</script>',
    options.head ?? "",
    "</head><body><header>Menu</header><main><h1>A post</h1>",
    options.content ?? "<p>Words &lt;script&gt; and all.</p>",
    '</main><footer><veil-island data-island="newsletter-form" data-when="interaction" data-ids="R1" data-props="{&quot;a&quot;:&quot;&lt;script&gt;&quot;}"><form></form></veil-island></footer><!--$--><!--/$-->',
    options.tail ?? "",
    options.script ?? ISLAND_SCRIPT,
    "</body></html>",
  ].join("");
}

describe("pageInlineCode", () => {
  it("returns the pieces the build wrote, which the CSP hashes with the Speculation Rules and the island script's loader", () => {
    expect(pageInlineCode(page())).toEqual({ headScript: HEAD_SCRIPT, stylesheet: STYLESHEET });
    expect(CONSTANT_SCRIPTS).toEqual([SPECULATION_RULES, ISLAND_LOADER_SCRIPT]);
  });

  it("returns the same pieces for pages whose content and islands differ, so one policy serves them all", () => {
    const other = page({ content: "<p>Other words</p><pre><code>&lt;script&gt;x()&lt;/script&gt;</code></pre>", script: ISLAND_SCRIPT.replace("0a1b2c3d", "99887766") });
    expect(pageInlineCode(other)).toEqual(pageInlineCode(page()));
  });

  it.each([
    ["a script in the page's content", { content: '<p>Hi</p><script>document.documentElement.dataset.injected="script"</script>' }, /an inline <script> in the page's body/],
    ["a style in the page's content", { content: "<style>body{background:red}</style>" }, /an inline <style> in the page's body/],
    ["a script in upper case", { content: "<SCRIPT>alert(1)</SCRIPT>" }, /an inline <script> in the page's body/],
    ["a data block in the content", { content: '<script type="application/json">"x"</script>' }, /an inline <script> in the page's body/],
    ["a copy of the head script in the content", { content: `<script id="head-script">${HEAD_SCRIPT}</script>` }, /an inline <script> in the page's body/],
    ["Speculation Rules in the content", { content: `<script type="speculationrules">${SPECULATION_RULES}</script>` }, /an inline <script> in the page's body/],
    ["a script loaded by src", { content: '<script src="/assets/entry.js"></script>' }, /a script loaded by src/],
    ["a module script loaded by src", { content: '<script type="module" async="" src="/assets/islands-0a1b2c3d-Xy_9.js"></script>' }, /a script loaded by src/],
    ["a second loader", { content: ISLAND_SCRIPT }, /an inline <script> in the page's body/],
    ["a script tag without its end", { content: "<p>a</p><script>alert(1)" }, /without their end/],
    ["another script in <head>", { head: "<script>alert(1)</script>" }, /an inline <script> in <head> that the build did not write/],
    ["another style in <head>", { head: "<style>a{}</style>" }, /an inline <style> in <head> that the build did not write/],
    ["a second head script", { head: `<script id="head-script">alert(1)</script>` }, /a second headScript/],
    ["Speculation Rules of another text", { head: '<script type="speculationrules">{"prerender":[{"where":{"href_matches":"/*"}}]}</script>' }, /an inline <script> in <head> that the build did not write/],
    ["a script after the island script", { script: `${ISLAND_SCRIPT}<script>alert(1)</script>` }, /does not end with its island script/],
    ["markup after the island script", { script: `${ISLAND_SCRIPT}<p>late</p>` }, /does not end with its island script/],
    ["a loader that names a script from elsewhere", { script: ISLAND_SCRIPT.replace("/assets/islands-0a1b2c3d-Xy_9.js", "https://cdn.example/islands-1.js") }, /does not end with its island script/],
    ["a loader of another text", { script: ISLAND_SCRIPT.replace(ISLAND_LOADER_SCRIPT, "import('/assets/islands-0a1b2c3d-Xy_9.js')") }, /does not end with its island script/],
    ["no island script", { script: "" }, /does not end with its island script/],
  ])("refuses %s", (_case, options, message) => {
    expect(() => pageInlineCode(page(options))).toThrow(message);
  });

  it("refuses a page without its one block of Speculation Rules", () => {
    expect(() => pageInlineCode(page().replace(`<script type="speculationrules">${SPECULATION_RULES}</script>`, ""))).toThrow(/one block of Speculation Rules/);
    expect(() => pageInlineCode(page({ head: `<script type="speculationrules">${SPECULATION_RULES}</script>` }))).toThrow(/one block of Speculation Rules/);
  });
});
