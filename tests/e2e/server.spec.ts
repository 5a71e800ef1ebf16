import { request as httpRequest } from "node:http";
import { redirects } from "../../common/redirects.ts";
import { expect, test } from "./fixtures.ts";

for (const { from, to } of redirects) {
  test(`${from} redirects permanently to ${to}`, async ({ request }) => {
    const response = await request.get(from, { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers().location).toBe(to);
  });
}

test("a trailing slash redirects to the one URL form, keeping the query", async ({ request }) => {
  const response = await request.get("/features/?ref=nav", { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(response.headers().location).toBe("/features?ref=nav");
});

/** A GET with the path sent exactly as written (a URL parser would read "//host/" as another host). */
function rawGet(baseURL: string, path: string): Promise<{ status: number; location?: string }> {
  const { hostname, port } = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: hostname, port, path, method: "GET" }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, location: res.headers.location });
    });
    req.on("error", reject);
    req.end();
  });
}

test("a trailing slash on an unknown path is a 404, never an open redirect", async ({ baseURL }) => {
  for (const path of ["//evil.example/", "///evil.example/", "/nothing-here/"]) {
    const response = await rawGet(baseURL!, path);
    expect(response.status, path).toBe(404);
    expect(response.location, path).toBeUndefined();
  }
});

test("unknown paths, the raw 404 file and build internals answer 404 with the not-found page", async ({ request }) => {
  for (const path of ["/does-not-exist", "/404", "/404.html", "/index.html", "/features/index.html", "/.env", "/package.json", "/assets/../package.json", "/__spa-fallback.html"]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(404);
    expect(await response.text(), path).toContain("We could not find that page");
  }
});

test("pages are served precompressed, and revalidated", async ({ request }) => {
  for (const encoding of ["br", "gzip"]) {
    const response = await request.get("/features", { headers: { "Accept-Encoding": encoding } });
    expect(response.headers()["content-encoding"]).toBe(encoding);
    expect(response.headers().vary).toMatch(/accept-encoding/i);
    expect(response.headers()["cache-control"]).toBe("public, max-age=0, must-revalidate");
    expect(await response.text()).toContain("Core Features");
  }
});

test("no route data is published: links load documents", async ({ request }) => {
  for (const path of ["/_.data", "/features.data", "/compliance/gdpr.data"]) expect((await request.get(path)).status(), path).toBe(404);
});

test("hashed assets are cached for a year as immutable", async ({ request }) => {
  // Every asset the page names (its island script and the font its stylesheet names) and the chunks the script imports.
  const html = await (await request.get("/")).text();
  const named = [...new Set([...html.matchAll(/["'(](\/assets\/[^"'()]+)["')]/g)].map((match) => match[1]!))];
  const script = named.find((asset) => asset.endsWith(".js"));
  expect(script).toBeTruthy();
  const code = await (await request.get(script!)).text();
  const imported = [...code.matchAll(/["'`]\.\/([^"'`]+\.js)["'`]/g)].map((match) => `/assets/${match[1]!}`);
  expect(imported.length).toBeGreaterThanOrEqual(1);
  const assets = [...new Set([...named, ...imported])];
  expect(assets.some((asset) => asset.endsWith(".woff2"))).toBe(true);
  for (const asset of assets) {
    const response = await request.get(asset, { headers: { "Accept-Encoding": "br" } });
    expect(response.status(), asset).toBe(200);
    expect(response.headers()["cache-control"], asset).toBe("public, max-age=31536000, immutable");
    // Files under half a kilobyte are not worth compressing (scripts/build/lib/precompress.ts).
    if (/\.(js|css)$/.test(asset) && (await response.body()).length > 1024) {
      expect(response.headers()["content-encoding"], asset).toBe("br");
    }
  }
});

test("conditional requests get 304", async ({ request }) => {
  const first = await request.get("/architecture");
  const etag = first.headers().etag;
  expect(etag).toBeTruthy();
  const second = await request.get("/architecture", { headers: { "If-None-Match": etag! } });
  expect(second.status()).toBe(304);
});
