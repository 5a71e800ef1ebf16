import { Link } from "react-router";
import { describe, expect, it } from "vitest";
import { routerPathFor, type AnchorFacts, type ClickFacts } from "../../app/lib/static-links.ts";
import { staticMarkup } from "../../app/route-data/static-markup.server.tsx";

const click: ClickFacts = { button: 0, modified: false, defaultPrevented: false };
const anchor = (href: string | null, extra: Partial<AnchorFacts> = {}): AnchorFacts => ({ href, target: null, download: false, ...extra });

describe("staticMarkup", () => {
  it("draws links as the page would, resolved against the page's own path", () => {
    const { html } = staticMarkup(
      "/newsletter/confirmed",
      <p>
        <Link to="/features">Features</Link> <Link to="#newsletter">Sign up</Link> <a href="#faqs">FAQ</a>
      </p>,
    );
    // data-discover is React Router's own mark on the links it draws, as on the page.
    expect(html).toBe(
      '<p><a href="/features" data-discover="true">Features</a> <a href="/newsletter/confirmed#newsletter" data-discover="true">Sign up</a> <a href="#faqs">FAQ</a></p>',
    );
  });
});

describe("routerPathFor: which clicks in build-time markup the router takes over", () => {
  it.each([
    ["/features", "/features"],
    ["/use-case?tab=porter", "/use-case?tab=porter"],
    ["/newsletter/confirmed#newsletter", "/newsletter/confirmed#newsletter"],
    ["/", "/"],
  ])("a link drawn by <Link> (%s) navigates in the app", (href, expected) => {
    expect(routerPathFor(click, anchor(href))).toBe(expected);
  });

  it.each([
    ["a hand-written in-page anchor", anchor("#faqs")],
    ["another origin", anchor("https://cal.example/veilvault")],
    ["a protocol-relative URL", anchor("//evil.example/features")],
    ["an e-mail address", anchor("mailto:hello@veilvault.example")],
    ["a file", anchor("/downloads/soc-2-guide.pdf")],
    ["a file with a query", anchor("/sitemap.xml?x=1")],
    ["a download", anchor("/features", { download: true })],
    ["a new tab", anchor("/features", { target: "_blank" })],
    ["no href", anchor(null)],
  ])("the browser follows %s", (_name, facts) => {
    expect(routerPathFor(click, facts)).toBeNull();
  });

  it("a link in the same tab (target _self) still navigates in the app", () => {
    expect(routerPathFor(click, anchor("/features", { target: "_self" }))).toBe("/features");
  });

  it.each([
    ["a middle click", { ...click, button: 1 }],
    ["a modified click (new tab or window)", { ...click, modified: true }],
    ["a click something else already handled", { ...click, defaultPrevented: true }],
  ])("the browser keeps %s", (_name, facts) => {
    expect(routerPathFor(facts, anchor("/features"))).toBeNull();
  });
});
