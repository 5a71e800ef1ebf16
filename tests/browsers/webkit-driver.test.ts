/**
 * The WebKitGTK session (lib/webkit.ts) against a few pages of our own, not
 * the site: exact viewport, trusted input, evaluate, screenshots and console
 * errors, at the two widths the suite uses.
 *
 *   npx vitest run --config vitest.browsers.config.ts tests/browsers/webkit-driver.test.ts
 */
import { execFileSync } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inflateSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserSession, Viewport } from "./lib/driver.ts";
import { launchWebKit, parseConsoleLine } from "./lib/webkit.ts";

// A 1×1 PNG for the slow image that proves goto() waits for the load event.
const PIXEL = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

const FORM_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>form</title>
<style>
  body { margin: 0; padding-top: 40px; background: #ff0000; }
  #tall { height: 3000px; }
</style>
</head>
<body>
<input id="name" aria-label="Name">
<button id="go" type="button">Go</button>
<div id="keys" tabindex="0">keys</div>
<button id="fail" type="button">Fail</button>
<img id="slow" src="/slow.png" alt="">
<div id="tall"></div>
<script>
  window.events = [];
  const record = (event) => events.push({ type: event.type, key: event.key ?? null, target: event.target.id, trusted: event.isTrusted });
  document.getElementById("go").addEventListener("click", record);
  document.getElementById("keys").addEventListener("keydown", record);
  document.getElementById("fail").addEventListener("click", () => { throw new Error("boom: click handler"); });
  window.pageGlobal = "visible";
  addEventListener("load", () => { window.loaded = document.getElementById("slow").complete; });
  console.log("form page: a log line");
  console.warn("form page: a warning");
</script>
</body>
</html>`;

const ERRORS_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>errors</title></head>
<body>
<p>errors</p>
<script>
  console.log("errors page: just a log, ERROR in the text");
  console.warn("errors page: just a warning");
  console.info("errors page: info");
  console.debug("errors page: debug");
  console.error("boom: console.error");
  Promise.reject(new Error("boom: rejection"));
</script>
<script>throw new Error("boom: uncaught");</script>
<script type="module" src="/entry.js"></script>
</body>
</html>`;

const CSP_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>csp</title></head><body><p>csp</p></body></html>`;

function serve(request: { url?: string }, response: import("node:http").ServerResponse): void {
  const html = { "content-type": "text/html; charset=utf-8" };
  switch (request.url) {
    case "/form":
      response.writeHead(200, html).end(FORM_PAGE);
      return;
    case "/errors":
      response.writeHead(200, html).end(ERRORS_PAGE);
      return;
    case "/csp":
      response
        .writeHead(200, { ...html, "content-security-policy": "default-src 'self'; manifest-src 'self'" })
        .end(CSP_PAGE);
      return;
    case "/entry.js":
      response.writeHead(200, { "content-type": "text/javascript" }).end('import "/missing.js";\n');
      return;
    case "/slow.png":
      setTimeout(() => response.writeHead(200, { "content-type": "image/png" }).end(PIXEL), 300);
      return;
    default:
      response.writeHead(404, { "content-type": "text/plain" }).end("not found");
  }
}

/** Width, height and the first pixel's colour, from the PNG's own bytes. */
function readPng(png: Buffer): { width: number; height: number; firstPixel: number[] } {
  expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
  // The IHDR chunk comes first: 8 bytes signature, 4 length, 4 type, then width and height.
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const colourType = png[25];
  const idat: Buffer[] = [];
  for (let offset = 8; offset < png.length; ) {
    const length = png.readUInt32BE(offset);
    const type = png.subarray(offset + 4, offset + 8).toString("latin1");
    if (type === "IDAT") idat.push(png.subarray(offset + 8, offset + 8 + length));
    offset += 12 + length;
  }
  // Whatever the first row's filter, its first pixel has no left or upper
  // neighbour to be relative to, so its bytes come out raw.
  const pixels = inflateSync(Buffer.concat(idat));
  const channels = colourType === 6 ? 4 : 3;
  return { width, height, firstPixel: [...pixels.subarray(1, 1 + channels)] };
}

/** Our processes still running (zombies aside), to show that close() leaves none. */
function browserProcesses(): Set<string> {
  const lines = execFileSync("ps", ["-eo", "pid=,stat=,args="], { encoding: "utf8" }).split("\n");
  return new Set(
    lines
      .map((line) => line.trim())
      .filter((line) => /\b(?:Xvfb|WebKitWebDriver|webkit-host\.py|WebKitWebProcess|WebKitNetworkProcess)\b/.test(line))
      .filter((line) => !/^\d+\s+Z/.test(line))
      .map((line) => line.split(/\s+/)[0]!),
  );
}

describe("parseConsoleLine", () => {
  it("reads WebKit's console lines", () => {
    expect(parseConsoleLine("http://127.0.0.1:4000/page:3:14: CONSOLE ERROR an error")).toEqual({
      url: "http://127.0.0.1:4000/page",
      line: 3,
      column: 14,
      source: undefined,
      type: undefined,
      level: "ERROR",
      text: "an error",
    });
    expect(parseConsoleLine("CONSOLE SECURITY ERROR Unrecognized Content-Security-Policy directive 'manifest-src'.")).toMatchObject({
      url: undefined,
      source: "SECURITY",
      level: "ERROR",
      text: "Unrecognized Content-Security-Policy directive 'manifest-src'.",
    });
    expect(parseConsoleLine("user-script:1:7:16: CONSOLE ERROR Failed to load <img> x")).toMatchObject({ url: "user-script:1", line: 7, column: 16 });
  });

  it("does not take words of the text for the level", () => {
    expect(parseConsoleLine("http://a/b:1:2: CONSOLE LOG ERROR in the text")).toMatchObject({ level: "LOG", text: "ERROR in the text" });
    expect(parseConsoleLine("CONSOLE TRACE ERROR here")).toMatchObject({ type: "TRACE", level: "LOG", text: "ERROR here" });
    expect(parseConsoleLine("CONSOLE ASSERT ERROR assertion")).toMatchObject({ type: "ASSERT", level: "ERROR", text: "assertion" });
    expect(parseConsoleLine("CONSOLE WARN ")).toMatchObject({ level: "WARN", text: "" });
  });

  it("ignores other lines", () => {
    expect(parseConsoleLine("second line of a message")).toBeUndefined();
    expect(parseConsoleLine("(WebKitWebProcess:12): Gtk-WARNING **: something")).toBeUndefined();
    expect(parseConsoleLine("CONSOLE")).toBeUndefined();
  });
});

const VIEWPORTS: Viewport[] = [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
];

let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer(serve);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

// One session, launched at the phone's width and resized to the desktop's and
// back where a check depends on the size; the other checks need only one size.
// (The cross-browser suite launches at 1280×800 and checks the page sees it.)
describe(`WebKitGTK launched at ${VIEWPORTS[0]!.width}×${VIEWPORTS[0]!.height}`, () => {
  const viewport = VIEWPORTS[0]!;
  let session: BrowserSession;
  let before: Set<string>;

  beforeAll(async () => {
    before = browserProcesses();
    const started = performance.now();
    session = await launchWebKit(viewport);
    console.info(`WebKitGTK ${viewport.width}×${viewport.height}: session ready in ${Math.round(performance.now() - started)} ms`);
  });

  afterAll(async () => {
    await session.close();
  });

  it("has exactly the requested viewport at launch, after a resize, and back", async () => {
    await session.goto(`${origin}/form`);
    expect(session.engine).toBe("webkit");
    for (const [step, size] of [viewport, VIEWPORTS[1]!, viewport].entries()) {
      if (step > 0) await session.resize(size);
      expect(session.viewport).toEqual(size);
      const seen = await session.evaluate(() => ({
        innerWidth: window.innerWidth,
        innerHeight: window.innerHeight,
        clientWidth: document.documentElement.clientWidth,
        layoutWidth: document.documentElement.getBoundingClientRect().width,
        devicePixelRatio: window.devicePixelRatio,
      }));
      expect(seen, `at ${size.width}×${size.height}`).toEqual({
        innerWidth: size.width,
        innerHeight: size.height,
        clientWidth: size.width,
        layoutWidth: size.width,
        devicePixelRatio: 1,
      });
    }
  });

  it("resolves goto() after the load event", async () => {
    await session.goto(`${origin}/form`);
    expect(await session.evaluate(() => [document.readyState, (window as unknown as { loaded?: boolean }).loaded])).toEqual(["complete", true]);
  });

  it("evaluates in the page, with arguments, awaiting promises", async () => {
    await session.goto(`${origin}/form`);
    expect(await session.evaluate(() => (window as unknown as { pageGlobal: string }).pageGlobal)).toBe("visible");
    expect(await session.evaluate((a: number, b: { c: string }) => ({ sum: a + 1, c: b.c, list: [1, "two", null] }), 41, { c: "d" })).toEqual({
      sum: 42,
      c: "d",
      list: [1, "two", null],
    });
    expect(await session.evaluate(() => new Promise<number>((resolve) => setTimeout(() => resolve(7), 50)))).toBe(7);
    expect(await session.evaluate((): unknown => undefined)).toBeUndefined();
    await expect(session.evaluate(() => Promise.reject(new Error("nope")))).rejects.toThrow(/nope/);
    await expect(
      session.evaluate(() => {
        throw new TypeError("thrown in page");
      }),
    ).rejects.toThrow(/TypeError: thrown in page/);
    // A throw inside evaluate is the caller's business, not a console error.
    expect(session.takeConsoleErrors()).toEqual([]);
  });

  it("clicks with trusted events", async () => {
    await session.goto(`${origin}/form`);
    await session.click("#go");
    const state = await session.evaluate(() => ({
      events: (window as unknown as { events: unknown[] }).events,
      focused: document.activeElement?.id,
    }));
    expect(state.events).toEqual([{ type: "click", key: null, target: "go", trusted: true }]);
    await expect(session.click("#does-not-exist")).rejects.toThrow(/no element matches/);
  });

  it("types and presses keys with trusted events", async () => {
    await session.goto(`${origin}/form`);
    await session.click("#name");
    await session.type("Hello wörld");
    expect(await session.evaluate(() => (document.getElementById("name") as HTMLInputElement).value)).toBe("Hello wörld");

    const focused = () => session.evaluate(() => document.activeElement?.id ?? null);
    await session.press("Tab");
    expect(await focused()).toBe("go");
    await session.press("Shift+Tab");
    expect(await focused()).toBe("name");
    await session.press("Tab");
    await session.press("Tab");
    expect(await focused()).toBe("keys");

    for (const key of ["ArrowRight", "ArrowLeft", "Home", "End", "Escape", "Enter", "Space"]) await session.press(key);
    const events = await session.evaluate(() => (window as unknown as { events: { key: string; trusted: boolean }[] }).events);
    expect(events.map((event) => event.key)).toEqual(["ArrowRight", "ArrowLeft", "Home", "End", "Escape", "Enter", " "]);
    expect(events.every((event) => event.trusted)).toBe(true);
  });

  it.each(VIEWPORTS)("takes a screenshot of exactly the viewport, or of the whole page, at $width×$height", async (size) => {
    await session.resize(size);
    await session.goto(`${origin}/form`);
    const dir = await mkdtemp(join(tmpdir(), "webkit-shot-"));
    try {
      const path = join(dir, "shot.png");
      await session.screenshot(path);
      const png = readPng(await readFile(path));
      expect([png.width, png.height]).toEqual([size.width, size.height]);
      // The page's red background, so the picture is the page and not an empty window.
      const [red, green, blue] = png.firstPixel;
      expect(red).toBeGreaterThan(200);
      expect(green).toBeLessThan(60);
      expect(blue).toBeLessThan(60);

      await session.screenshot(path, { fullPage: true });
      const full = readPng(await readFile(path));
      const pageHeight = await session.evaluate(() => document.documentElement.scrollHeight);
      expect(pageHeight).toBeGreaterThan(3000);
      expect([full.width, full.height]).toEqual([size.width, pageHeight]);
      expect(full.firstPixel.slice(0, 3)).toEqual([red, green, blue]);
    } finally {
      await rm(dir, { recursive: true, force: true });
      await session.resize(viewport);
    }
  });

  it("reports console errors, uncaught exceptions, rejections and failed imports, and only those", async () => {
    session.takeConsoleErrors();
    await session.goto(`${origin}/errors`);
    // A failed load is reported a moment later, once it is clear the page is not being left.
    await session.evaluate(() => new Promise((resolve) => setTimeout(resolve, 400)));
    const errors = session.takeConsoleErrors();
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.stringContaining("boom: console.error"),
        expect.stringContaining("boom: rejection"),
        expect.stringContaining("boom: uncaught"),
        expect.stringMatching(/Failed to load module script .*\/entry\.js/),
      ]),
    );
    expect(errors).toHaveLength(4);
    expect(errors.join("\n")).not.toMatch(/just a log|just a warning|info|debug/);
    // Drained.
    expect(session.takeConsoleErrors()).toEqual([]);
  });

  it("reports WebKit's own CSP error for manifest-src", async () => {
    await session.goto(`${origin}/csp`);
    const errors = session.takeConsoleErrors();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain("Unrecognized Content-Security-Policy directive 'manifest-src'");
  });

  it("reports errors from a click handler and from evaluate, and nothing for log and warn", async () => {
    await session.goto(`${origin}/form`);
    expect(session.takeConsoleErrors()).toEqual([]);
    await session.click("#fail");
    expect(session.takeConsoleErrors()).toEqual([expect.stringContaining("boom: click handler")]);
    await session.evaluate(() => {
      console.log("evaluate: a log line");
      console.warn("evaluate: a warning");
      console.error("evaluate: an error\nwith a second line");
    });
    expect(session.takeConsoleErrors()).toEqual([expect.stringContaining("evaluate: an error\nwith a second line")]);
  });

  it("is quick once started", async () => {
    await session.goto(`${origin}/form`);
    const rounds = 5;
    let started = performance.now();
    for (let i = 0; i < rounds; i++) await session.goto(`${origin}/csp`);
    const goto = (performance.now() - started) / rounds;
    started = performance.now();
    for (let i = 0; i < rounds; i++) await session.evaluate(() => document.title);
    const evaluate = (performance.now() - started) / rounds;
    session.takeConsoleErrors();
    console.info(`WebKitGTK: goto ${Math.round(goto)} ms, evaluate ${Math.round(evaluate)} ms`);
    // Generous bounds: they catch a wait that runs into a timeout, not a slow machine.
    expect(goto).toBeLessThan(900);
    expect(evaluate).toBeLessThan(900);
  });

  it("leaves no process behind after close()", async () => {
    await session.close();
    // Closing twice is harmless (afterAll does it again).
    await session.close();
    const left = [...browserProcesses()].filter((pid) => !before.has(pid));
    expect(left).toEqual([]);
  });
});
