import { describe, expect, it } from "vitest";
import { DOWNLOAD_HEADERS, DOWNLOADS_PREFIX } from "../../common/downloads.ts";
import { isPagePath, pages, utilityPages } from "../../app/site/pages.ts";
import { redirects } from "../../common/redirects.ts";
import { headersFile, nginxConfig, redirectsFile } from "../../scripts/build/lib/host-config.ts";
import { CACHE_CONTROL, cacheControlFor, TOKEN_PAGES } from "../../common/cache-control.ts";
import { COMMON_SECURITY_HEADERS, pageContentSecurityPolicy } from "../../common/security-headers.ts";
import { FEED_FORMATS, MARKDOWN_TYPE } from "../../common/published-files.ts";
import { DEMO_PATH, DEMO_SCHEDULER_URL } from "../../common/demo.ts";

const CSP = pageContentSecurityPolicy({
  scriptHashes: ["sha256-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="],
  styleHashes: ["sha256-BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB="],
});

const EXPECTED_REDIRECTS = [
  { from: "/compliance/soc2", to: "/compliance/soc-2" },
  { from: "/coming-soon", to: "/coming-soon-page" },
];

/** Files the build publishes with a type of their own (PUB-5, PUB-7). */
const TYPED = [
  { path: "/blog/rss.xml", type: FEED_FORMATS.rss.type },
  { path: "/feed.json", type: FEED_FORMATS.json.type },
  { path: "/features.md", type: MARKDOWN_TYPE },
  { path: "/llms.txt", type: "text/plain; charset=utf-8" },
];

/** Parses Netlify / Cloudflare Pages `_headers`: each unindented line opens a rule, indented lines are its headers. */
function parseHeaders(text: string): Map<string, [string, string][]> {
  const rules = new Map<string, [string, string][]>();
  let current: [string, string][] | null = null;
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    if (/^\s/.test(line)) {
      const match = /^ {2}([A-Za-z-]+): (.+)$/.exec(line);
      expect(match, line).not.toBeNull();
      expect(current, `header outside a rule: ${line}`).not.toBeNull();
      current!.push([match![1]!, match![2]!]);
    } else {
      expect(rules.has(line), `repeated rule ${line}`).toBe(false);
      current = [];
      rules.set(line, current);
    }
  }
  return rules;
}

describe("headersFile", () => {
  const text = headersFile(CSP, TYPED);
  const rules = parseHeaders(text);

  it("has exactly a /* rule, an /assets/* rule, a /downloads/* rule, one rule per token page and one per typed file, in that order", () => {
    expect([...rules.keys()]).toEqual(["/*", "/assets/*", `${DOWNLOADS_PREFIX}*`, ...TOKEN_PAGES, ...TYPED.map((file) => file.path)]);
  });

  it("keeps the pages a token link opens out of every cache, and sets nothing else there (LEAD-16, TRUST-5)", () => {
    for (const path of TOKEN_PAGES) expect(rules.get(path), path).toEqual([["Cache-Control", "private, no-store"]]);
  });

  it("gives each feed, Markdown twin and text file its own type with its charset (PUB-5, PUB-7)", () => {
    for (const file of TYPED) expect(rules.get(file.path), file.path).toEqual([["Content-Type", file.type]]);
  });

  it("sends downloads as attachments", () => {
    expect(rules.get(`${DOWNLOADS_PREFIX}*`)).toEqual(Object.entries(DOWNLOAD_HEADERS));
  });

  it("starts with a generated-file comment and ends with a newline", () => {
    expect(text.startsWith("# ")).toBe(true);
    expect(text.endsWith("\n")).toBe(true);
  });

  it("sends every common security header and the page CSP for /*", () => {
    expect(rules.get("/*")).toEqual([...Object.entries(COMMON_SECURITY_HEADERS), ["Content-Security-Policy", CSP]]);
    for (const [name, value] of Object.entries(COMMON_SECURITY_HEADERS)) {
      expect(text.split("\n")).toContain(`  ${name}: ${value}`);
    }
    expect(text.split("\n")).toContain(`  Content-Security-Policy: ${CSP}`);
  });

  it("does not set Cache-Control for /*, since hosts would join it with the /assets/* value", () => {
    const names = rules.get("/*")!.map(([name]) => name.toLowerCase());
    expect(names).not.toContain("cache-control");
  });

  it("makes /assets/* immutable and sets nothing else there", () => {
    expect(rules.get("/assets/*")).toEqual([["Cache-Control", CACHE_CONTROL.hashedAsset]]);
    expect(CACHE_CONTROL.hashedAsset).toContain("immutable");
    expect(CACHE_CONTROL.hashedAsset).toMatch(/max-age=31536000/);
  });

  it("sets no header in both rules (it would be sent twice for assets)", () => {
    const page = new Set(rules.get("/*")!.map(([name]) => name.toLowerCase()));
    for (const [name] of rules.get("/assets/*")!) expect(page.has(name.toLowerCase()), name).toBe(false);
  });
});

describe("redirectsFile", () => {
  const text = redirectsFile();
  const lines = text.split("\n").filter((line) => line !== "" && !line.startsWith("#"));

  it("matches the redirects of app/site/pages.ts", () => {
    expect(redirects).toEqual(EXPECTED_REDIRECTS);
  });

  it("lists exactly those redirects, each permanent, then the demo buttons' temporary one to the scheduling page (ANA-4)", () => {
    expect(lines).toEqual([...EXPECTED_REDIRECTS.map(({ from, to }) => `${from} ${to} 301`), `${DEMO_PATH} ${DEMO_SCHEDULER_URL} 302`]);
  });

  it("points every permanent redirect at a real page", () => {
    for (const line of lines.filter((entry) => !entry.startsWith(`${DEMO_PATH} `))) {
      const [from, to, status] = line.split(" ");
      expect(status).toBe("301");
      expect(isPagePath(to!), line).toBe(true);
      expect(isPagePath(from!), line).toBe(false);
    }
  });

  it("ends with a newline", () => {
    expect(text.endsWith("\n")).toBe(true);
  });
});

/** The body of the `location <pattern> { … }` block that spans several lines. */
function locationBlock(config: string, pattern: string): string {
  const start = config.indexOf(`location ${pattern} {\n`);
  expect(start, pattern).toBeGreaterThanOrEqual(0);
  const end = config.indexOf("\n}", start);
  expect(end).toBeGreaterThan(start);
  return config.slice(start, end);
}

/** The regex of a one-line `location ~ REGEX { … }`, as a JS RegExp. */
function locationRegex(config: string, body: string): RegExp {
  const line = config.split("\n").find((candidate) => candidate.startsWith("location ~ ") && candidate.endsWith(`{ ${body} }`));
  expect(line, body).toBeDefined();
  return new RegExp(line!.slice("location ~ ".length, -` { ${body} }`.length));
}

describe("nginxConfig", () => {
  const config = nginxConfig(CSP, TYPED, ["/blog/tokenization-vs-encryption"]);
  const lines = config.split("\n");
  const headers = Object.entries({ ...COMMON_SECURITY_HEADERS, "Content-Security-Policy": CSP });

  it("adds every security header and the CSP at server level, with always", () => {
    for (const [name, value] of headers) {
      expect(lines).toContain(`add_header ${name} "${value}" always;`);
    }
  });

  it("repeats every header in /assets/, since nginx drops inherited add_header there", () => {
    const block = locationBlock(config, "/assets/").split("\n");
    for (const [name, value] of headers) {
      expect(block).toContain(`  add_header ${name} "${value}" always;`);
    }
    expect(block).toContain(`  add_header Cache-Control "${CACHE_CONTROL.hashedAsset}" always;`);
    expect(block).toContain("  try_files $uri =404;");
  });

  it("revalidates HTML at server level and sets Cache-Control once per scope", () => {
    expect(lines).toContain(`add_header Cache-Control "${CACHE_CONTROL.html}" always;`);
    expect(lines.filter((line) => line.startsWith("add_header Cache-Control"))).toHaveLength(1);
    for (const location of ["/assets/", DOWNLOADS_PREFIX]) {
      const block = locationBlock(config, location).split("\n");
      expect(block.filter((line) => line.startsWith("  add_header Cache-Control")), location).toHaveLength(1);
    }
  });

  it("keeps the pages a token link opens out of every cache, with every security header repeated (LEAD-16, TRUST-5)", () => {
    expect(TOKEN_PAGES).toEqual(["/newsletter/confirm", "/newsletter/unsubscribe", "/trust/approve", "/trust/deny", "/trust/download"]);
    for (const path of TOKEN_PAGES) {
      const block = locationBlock(config, `= ${path}`).split("\n");
      for (const [name, value] of headers) expect(block, path).toContain(`  add_header ${name} "${value}" always;`);
      expect(block.filter((line) => line.startsWith("  add_header Cache-Control")), path).toEqual([`  add_header Cache-Control "private, no-store" always;`]);
      expect(block, path).toContain("  try_files $uri/index.html =404;");
    }
  });

  it("sends downloads as attachments, with every security header repeated", () => {
    const block = locationBlock(config, DOWNLOADS_PREFIX).split("\n");
    for (const [name, value] of [...headers, ...Object.entries(DOWNLOAD_HEADERS)]) {
      expect(block).toContain(`  add_header ${name} "${value}" always;`);
    }
  });

  it("has no header value that would break nginx's double quotes", () => {
    for (const [name, value] of headers) expect(value, name).not.toMatch(/["\\$]/);
  });

  it("redirects the old paths permanently", () => {
    for (const { from, to } of EXPECTED_REDIRECTS) {
      expect(lines).toContain(`location = ${from} { return 301 ${to}; }`);
    }
    expect(lines.filter((line) => /^location = \S+[^/] \{ return 301 \//.test(line))).toHaveLength(EXPECTED_REDIRECTS.length);
  });

  it("serves /404.html for not found", () => {
    expect(lines).toContain("error_page 404 /404.html;");
  });

  it("answers other methods than GET and HEAD with 405", () => {
    expect(lines).toContain("if ($request_method !~ ^(GET|HEAD)$) { return 405; }");
  });

  it("redirects a trailing slash to the bare path of pages only, keeping the query", () => {
    expect(lines).toContain("location = /features/ { return 301 /features$is_args$args; }");
    expect(lines).toContain(
      "location = /use-cases/data-residency/ { return 301 /use-cases/data-residency$is_args$args; }",
    );
    // The newsletter pages too (FOOT-10), as the Node server does for every page it was built with.
    expect(lines).toContain("location = /newsletter/unsubscribe/ { return 301 /newsletter/unsubscribe$is_args$args; }");
    expect(lines).toContain("location = /newsletter/confirm/ { return 301 /newsletter/confirm$is_args$args; }");
    // And the collections' entries it is given.
    expect(lines).toContain("location = /blog/tokenization-vs-encryption/ { return 301 /blog/tokenization-vs-encryption$is_args$args; }");
    const slashRedirects = lines.filter((line) => /^location = \S+\/ \{ return 301 /.test(line));
    expect(slashRedirects).toHaveLength(pages.length - 1 + utilityPages.length + 1);
    expect(config).not.toMatch(/location ~ [^\n]*\/\$ \{ return 301/);
  });

  it("denies dotfiles except /.well-known/", () => {
    const regex = locationRegex(config, "return 404;");
    expect(regex.test("/.env")).toBe(true);
    expect(regex.test("/.git/config")).toBe(true);
    expect(regex.test("/assets/.hidden")).toBe(true);
    expect(regex.test("/.well-known/security.txt")).toBe(false);
    expect(regex.test("/assets/root-abc.js")).toBe(false);
    expect(regex.test("/features")).toBe(false);
  });

  it("denies source maps and the static-host files", () => {
    expect(lines).toContain("location ~ \\.map$ { return 404; }");
    expect(new RegExp("\\.map$").test("/assets/root-abc.js.map")).toBe(true);
    expect(lines).toContain("location = /_headers { return 404; }");
    expect(lines).toContain("location = /_redirects { return 404; }");
  });

  it("serves feeds file by file and twins, calendars and text by extension, each with its type, every security header, and only after the refusals (PUB-5, PUB-7)", () => {
    for (const file of TYPED.filter((typed) => !/\.(md|txt|ics)$/.test(typed.path))) {
      const block = locationBlock(config, `= ${file.path}`).split("\n");
      expect(block, file.path).toContain(`  default_type "${file.type}";`);
      expect(block, file.path).toContain("  types { }");
      for (const [name, value] of headers) expect(block).toContain(`  add_header ${name} "${value}" always;`);
    }
    for (const [extension, type] of [["md", MARKDOWN_TYPE], ["ics", "text/calendar; charset=utf-8"], ["txt", "text/plain; charset=utf-8"]]) {
      expect(locationBlock(config, `~ \\.${extension}$`), extension).toContain(`  default_type "${type}";`);
    }
    // nginx tries regular expressions in order: the dotfile refusal must come before ~ \.txt$ serves anything.
    expect(config.indexOf("location ~ (^|/)\\.")).toBeLessThan(config.indexOf("location ~ \\.txt$"));
  });

  it("serves pages from their index.html and hides the server version", () => {
    expect(locationBlock(config, "/")).toContain("try_files $uri $uri/index.html =404;");
    expect(lines).toContain("server_tokens off;");
  });

  it("has balanced braces and ends with a newline", () => {
    expect(config.split("{").length).toBe(config.split("}").length);
    expect(config.endsWith("\n")).toBe(true);
  });
});

describe("cacheControlFor", () => {
  it.each([
    ["/x.html", CACHE_CONTROL.html],
    ["/404.html", CACHE_CONTROL.html],
    ["/features/index.html", CACHE_CONTROL.html],
    ["/assets/a.js", CACHE_CONTROL.hashedAsset],
    ["/assets/root-abc.css", CACHE_CONTROL.hashedAsset],
    ["/robots.txt", CACHE_CONTROL.other],
    ["/sitemap.xml", CACHE_CONTROL.other],
    ["/.well-known/security.txt", CACHE_CONTROL.other],
    ["/x-assets/a.js", CACHE_CONTROL.other],
    ["/newsletter/confirm/index.html", "private, no-store"],
    ["/trust/download/index.html", "private, no-store"],
    ["/newsletter/confirmed/index.html", CACHE_CONTROL.html],
    ["/trust/index.html", CACHE_CONTROL.html],
  ])("%s gets %s", (path, expected) => {
    expect(cacheControlFor(path)).toBe(expected);
  });

  it("never caches HTML without revalidation", () => {
    expect(CACHE_CONTROL.html).toMatch(/max-age=0/);
    expect(CACHE_CONTROL.html).toMatch(/must-revalidate/);
  });
});
