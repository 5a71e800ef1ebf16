/**
 * SEC-2, EDIT-7: a finished page holds only the inline code the build writes,
 * each piece where the build writes it, and its route data travels in data
 * blocks, so the site's CSP hashes the same few pieces whatever the pages say.
 * Anything else, wherever it stands, stops the build.
 */
import { describe, expect, it } from "vitest";
import { LOADER_SCRIPT } from "../../scripts/build/lib/defer-hydration.ts";
import { CONSTANT_SCRIPTS, pageInlineCode } from "../../scripts/build/lib/page-inline-code.ts";
import { ROUTE_DATA_SCRIPT, routeDataAsBlocks } from "../../scripts/build/lib/route-data-blocks.ts";

const HEAD_SCRIPT = '(function bootDocument(root){root.classList.add("js")})(document.documentElement)';
const STYLESHEET = "body{margin:0}main>p{color:#111}";
const CONTEXT =
  'window.__reactRouterContext = {"basename":"/","ssr":false,"isSpaMode":false};window.__reactRouterContext.stream = new ReadableStream({start(controller){window.__reactRouterContext.streamController = controller;}}).pipeThrough(new TextEncoderStream());';
/** React Router's route data as it writes it: JSON.stringify, then <, > and & escaped. */
const chunk = (value: string) => `<script>window.__reactRouterContext.streamController.enqueue(${JSON.stringify(value).replace(/[<>&]/g, (c) => `\\u00${c.charCodeAt(0).toString(16)}`)});</script>`;
const CLOSE = "<script>window.__reactRouterContext.streamController.close();</script>";

/** A prerendered page as React Router and defer-hydration.ts leave it, with `content` in its <main>. */
function page(options: { content?: string; head?: string; chunks?: string[]; tail?: string } = {}): string {
  return [
    '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>A post</title>',
    `<script id="head-script">${HEAD_SCRIPT}</script><style id="site-css">${STYLESHEET}</style>`,
    '<script type="application/ld+json">{"@type":"BlogPosting","headline":"A \\u003cpost\\u003e"}</script>',
    options.head ?? "",
    "</head><body><header>Menu</header><main><h1>A post</h1>",
    options.content ?? "<p>Words &lt;script&gt; and all.</p>",
    "</main><footer>Footer</footer><!--/$-->",
    `<script>${CONTEXT}</script>`,
    `<script type="module" async="" data-boot="{&quot;entry&quot;:&quot;/assets/entry.js&quot;}">${LOADER_SCRIPT}</script>`,
    "<!--$-->",
    ...(options.chunks ?? ['[{"_1":2},"loaderData","<p>A post</p>"]\n']).map(chunk),
    `<!--$-->${CLOSE}<!--/$-->`,
    options.tail ?? "",
    "<!--/$--></body></html>",
  ].join("");
}

const finished = (html: string) => pageInlineCode(routeDataAsBlocks(html));

describe("routeDataAsBlocks", () => {
  it("turns each route data call into a data block and the closing call into the one shared script", () => {
    const html = routeDataAsBlocks(page({ chunks: ["first</script>", "second & third"] }));
    expect(html).not.toContain("streamController.enqueue(");
    expect(html).not.toContain("streamController.close();</script>");
    const blocks = [...html.matchAll(/<script type="application\/json" data-route-data="">([^<]*)<\/script>/g)].map((match) => JSON.parse(match[1]!) as string);
    expect(blocks).toEqual(["first</script>", "second & third"]);
    expect(html).toContain(`<script>${ROUTE_DATA_SCRIPT}</script><!--/$--><!--/$--></body></html>`);
  });

  it("hands the blocks to React Router in order, then closes the stream, as its own calls did", () => {
    const html = routeDataAsBlocks(page({ chunks: ["one", "two\u2028three"] }));
    const texts = [...html.matchAll(/<script type="application\/json" data-route-data="">([^<]*)<\/script>/g)].map((match) => match[1]!);
    const received: string[] = [];
    const controller = { enqueue: (text: string) => received.push(text), close: () => received.push("(closed)") };
    const fakeDocument = { querySelectorAll: (selector: string) => (selector === "script[data-route-data]" ? texts.map((textContent) => ({ textContent })) : []) };
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the script is shipped as text; this runs that exact text
    const run = new Function("window", "document", ROUTE_DATA_SCRIPT) as (window: unknown, document: unknown) => void;
    run({ __reactRouterContext: { streamController: controller } }, fakeDocument);
    expect(received).toEqual(["one", "two\u2028three", "(closed)"]);
  });

  it("refuses route data of another shape, rather than ship a page that never hydrates", () => {
    expect(() => routeDataAsBlocks(page().replace(CLOSE, ""))).toThrow(/one closing call .* found 0/);
    expect(() => routeDataAsBlocks(page({ tail: CLOSE }))).toThrow(/found 2/);
    expect(() => routeDataAsBlocks(page().replace("enqueue(", "enqueue(1+"))).toThrow(/1 of React Router's 1 route data calls have an unexpected shape/);
  });
});

describe("pageInlineCode", () => {
  it("returns the pieces the build wrote, which the CSP hashes with the loader and the route data script", () => {
    expect(finished(page())).toEqual({ headScript: HEAD_SCRIPT, stylesheet: STYLESHEET, routerContext: CONTEXT });
    expect(CONSTANT_SCRIPTS).toEqual([LOADER_SCRIPT, ROUTE_DATA_SCRIPT]);
  });

  it("returns the same pieces for pages whose content and route data differ, so one policy serves them all", () => {
    const other = page({ content: "<p>Other words</p><pre><code>&lt;script&gt;x()&lt;/script&gt;</code></pre>", chunks: ["other data", "and more"] });
    expect(finished(other)).toEqual(finished(page()));
  });

  it.each([
    ["a script in the page's content", { content: '<p>Hi</p><script>document.documentElement.dataset.injected="script"</script>' }, /an inline <script> in the page's content/],
    ["a style in the page's content", { content: "<style>body{background:red}</style>" }, /an inline <style> in the page's content/],
    ["a script in upper case", { content: "<SCRIPT>alert(1)</SCRIPT>" }, /an inline <script> in the page's content/],
    ["a data block in the content", { content: '<script type="application/json" data-route-data="">"x"</script>' }, /an inline <script> in the page's content/],
    ["a copy of the head script in the content", { content: `<script id="head-script">${HEAD_SCRIPT}</script>` }, /an inline <script> in the page's content/],
    ["a route data call in the content", { content: chunk("forged") }, /an inline <script> in the page's content/],
    ["a script loaded by src", { content: '<script src="/assets/entry.js"></script>' }, /a script loaded by src/],
    ["a script tag without its end", { content: "<p>a</p><script>alert(1)" }, /without their end|React Router's scripts/],
    ["another script in <head>", { head: "<script>alert(1)</script>" }, /an inline <script> in <head> that the build did not write/],
    ["another style in <head>", { head: "<style>a{}</style>" }, /an inline <style> in <head> that the build did not write/],
    ["a second head script", { head: `<script id="head-script">alert(1)</script>` }, /a second headScript/],
    ["a script after the route data script", { tail: "<script>alert(1)</script>" }, /the route data script is not the last/],
    ["markup after React Router's scripts", { tail: "<p>late</p>" }, /the end of <body> holds more than/],
  ])("refuses %s", (_case, options, message) => {
    expect(() => finished(page(options))).toThrow(message);
  });

  it("refuses a script between React Router's that the build did not write", () => {
    const html = routeDataAsBlocks(page()).replace("<!--$-->", "<script>alert(1)</script><!--$-->");
    expect(() => pageInlineCode(html)).toThrow(/an inline script at the end of <body> that the build did not write/);
  });

  it("refuses a loader whose text is not the build's, and a data block that holds no JSON string", () => {
    expect(() => finished(page().replace(LOADER_SCRIPT, "alert(1)"))).toThrow(/an inline script at the end of <body> that the build did not write/);
    const html = routeDataAsBlocks(page()).replace(/(data-route-data="">)[^<]*/, "$1{}");
    expect(() => pageInlineCode(html)).toThrow(/an inline script at the end of <body> that the build did not write/);
  });
});
