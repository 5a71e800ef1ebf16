import { readFileSync } from "node:fs";
import { cspHash } from "../../scripts/build/lib/csp-hash.ts";
import { ISLAND_LOADER_SCRIPT } from "../../app/islands/island-loader.ts";
import { SPECULATION_RULES } from "../../app/lib/speculation-rules.ts";
import { cspHashes, inlineCodeByPage } from "../support/inline-code.ts";
import { asReturningVisitor, expect, gotoHydrated, test } from "./fixtures.ts";

const security = JSON.parse(readFileSync(new URL("../../build/security.json", import.meta.url), "utf8")) as {
  contentSecurityPolicy: string;
};

const COMMON = {
  "strict-transport-security": "max-age=63072000; includeSubDomains",
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
  "x-frame-options": "DENY",
};

function expectCommonHeaders(headers: Record<string, string>, what: string) {
  for (const [name, value] of Object.entries(COMMON)) expect(headers[name], `${what}: ${name}`).toBe(value);
  expect(headers["x-powered-by"], what).toBeUndefined();
  expect(headers.server, what).toBeUndefined();
  expect(headers["content-security-policy"], what).toBeTruthy();
}

test("the pages' CSP is strict: own origin by default, no inline code but hashed, no eval", () => {
  const csp = security.contentSecurityPolicy;
  const directives = new Map(csp.split("; ").map((d) => [d.split(" ")[0]!, d.split(" ").slice(1)]));
  expect(directives.get("default-src")).toEqual(["'self'"]);
  expect(directives.get("child-src")).toEqual(["'none'"]);
  expect(directives.get("media-src")).toEqual(["'none'"]);
  expect(directives.get("script-src")?.[0]).toBe("'self'");
  expect(directives.get("script-src")?.slice(1).every((s) => /^'sha256-[A-Za-z0-9+/]+=*'$/.test(s))).toBe(true);
  expect(directives.get("style-src")?.every((s) => /^'sha256-[A-Za-z0-9+/]+=*'$/.test(s))).toBe(true);
  expect(csp).not.toContain("unsafe-inline");
  expect(csp).not.toContain("unsafe-eval");
  for (const [name, value] of [
    ["img-src", ["'self'"]],
    ["font-src", ["'self'"]],
    ["connect-src", ["'self'"]],
    ["form-action", ["'self'"]],
    ["frame-ancestors", ["'none'"]],
    ["base-uri", ["'none'"]],
    ["object-src", ["'none'"]],
  ] as const) {
    expect(directives.get(name), name).toEqual(value);
  }
});

test("SEC-2 EDIT-7 the CSP allows exactly the inline code the build writes, the same on every page, and nothing a page's content brought", async () => {
  const pages = await inlineCodeByPage(new URL("../../build/client", import.meta.url).pathname);
  const home = pages.get("/")!;
  expect(pages.size).toBeGreaterThan(40);
  // Words and islands' props differ from page to page; the code that runs does not.
  for (const [route, code] of pages) expect(code, route).toEqual(home);
  // The head script, the Speculation Rules and the island script's loader; the stylesheet. The island script is a file of our own origin.
  expect(home.scripts).toHaveLength(3);
  expect(home.scripts).toEqual(expect.arrayContaining([cspHash(SPECULATION_RULES), cspHash(ISLAND_LOADER_SCRIPT)]));
  expect(home.styles).toHaveLength(1);
  expect(cspHashes(security.contentSecurityPolicy, "script-src")).toEqual(home.scripts);
  expect(cspHashes(security.contentSecurityPolicy, "style-src")).toEqual(home.styles);
});

test("every kind of response carries the security headers", async ({ request }) => {
  const page = await request.get("/features");
  expectCommonHeaders(page.headers(), "page");
  expect(page.headers()["content-security-policy"]).toBe(security.contentSecurityPolicy);

  const notFound = await request.get("/no-such-page");
  expect(notFound.status()).toBe(404);
  expectCommonHeaders(notFound.headers(), "404");
  expect(notFound.headers()["content-security-policy"]).toBe(security.contentSecurityPolicy);

  const redirect = await request.get("/coming-soon", { maxRedirects: 0 });
  expect(redirect.status()).toBe(301);
  expectCommonHeaders(redirect.headers(), "redirect");

  for (const path of ["/robots.txt", "/favicon.svg", "/site.webmanifest"]) {
    const response = await request.get(path);
    expectCommonHeaders(response.headers(), path);
    expect(response.headers()["content-security-policy"], path).toBe(
      "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    );
  }
  const html = (await page.text()).replaceAll("&quot;", '"');
  const script = /data-islands="(\/assets\/islands-[^"]+\.js)"/.exec(html)?.[1];
  expect(script).toBeTruthy();
  const asset = await request.get(script!);
  expectCommonHeaders(asset.headers(), "asset");
  expect(asset.headers()["content-type"]).toMatch(/^(text|application)\/javascript/);
});

test("methods other than GET and HEAD are refused, TRACE included", async ({ request }) => {
  for (const method of ["TRACE", "PUT", "DELETE", "OPTIONS", "PATCH"]) {
    const response = await request.fetch("/features", { method });
    expect(response.status(), method).toBe(405);
    expect(response.headers().allow, method).toBe("GET, HEAD");
    expect(await response.text(), method).not.toContain("/features");
    expectCommonHeaders(response.headers(), method);
  }
  const head = await request.fetch("/features", { method: "HEAD" });
  expect(head.status()).toBe(200);
});

test("no source maps, host configuration, dotfiles or directory listings are served", async ({ request }) => {
  for (const path of ["/_headers", "/_redirects", "/.well-known", "/.well-known/", "/assets", "/assets/", "/social", "/.git/config"]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(404);
  }
  const html = (await (await request.get("/")).text()).replaceAll("&quot;", '"');
  for (const match of html.matchAll(/"(\/assets\/[^"]+\.js)"/g)) {
    const map = await request.get(`${match[1]!}.map`);
    expect(map.status(), `${match[1]!}.map`).toBe(404);
    const source = await (await request.get(match[1]!)).text();
    expect(source, match[1]).not.toContain("sourceMappingURL");
  }
});

test("security.txt names the contact and an expiry within a year", async ({ request }) => {
  const response = await request.get("/.well-known/security.txt");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^text\/plain/);
  const text = await response.text();
  expect(text).toContain("Contact: mailto:security@veilvault.example");
  expect(text).toContain("Canonical: https://veilvault.example/.well-known/security.txt");
  const expires = Date.parse(/^Expires: (.+)$/m.exec(text)?.[1] ?? "");
  expect(expires).toBeGreaterThan(Date.now());
  expect(expires).toBeLessThan(Date.now() + 366 * 24 * 60 * 60 * 1000);
});

// That every page hydrates and works under its CSP is part of its first visit (tests/e2e/first-visit.spec.ts).

test.describe("returning visitors", () => {
  test("the consent script is allowed by hash and still decides before paint", async ({ page }) => {
    await asReturningVisitor(page);
    await gotoHydrated(page, "/");
    await expect(page.locator("html")).toHaveClass(/\bjs\b/);
    await expect(page.locator("html")).not.toHaveAttribute("data-consent", "ask");
  });
});
