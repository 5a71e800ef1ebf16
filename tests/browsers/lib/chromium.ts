/**
 * Debian's Chromium driven by puppeteer-core over the DevTools protocol, behind
 * the engine-neutral `BrowserSession` interface: `npm run screenshots` takes
 * its pictures through it as through the other two engines. (The checks
 * themselves run in Chromium under Playwright, tests/e2e/.)
 */
import puppeteer, { type Browser, type KeyInput, type Page } from "puppeteer-core";
import { CHROMIUM_FLAGS, chromiumPath } from "../../../scripts/tools/lib/chromium.ts";
import type { BrowserSession, Viewport } from "./driver.ts";
import { resizePuppeteerPage } from "./viewport-wait.ts";
import { locateForClick } from "./locate-for-click.ts";

const KEYS: Record<string, KeyInput> = {
  Tab: "Tab",
  Enter: "Enter",
  Escape: "Escape",
  Space: "Space",
  ArrowLeft: "ArrowLeft",
  ArrowRight: "ArrowRight",
  Home: "Home",
  End: "End",
  Shift: "Shift",
};

/** Loads whose failure breaks a page; a navigation cancels the rest with ERR_ABORTED, which is no fault. */
const REQUIRED_TYPES = new Set(["script", "stylesheet", "font"]);

export async function launchChromium(viewport: Viewport): Promise<BrowserSession> {
  const browser = await puppeteer.launch({
    browser: "chrome",
    executablePath: chromiumPath(),
    headless: true,
    args: [...CHROMIUM_FLAGS, `--window-size=${viewport.width},${viewport.height}`],
    defaultViewport: { width: viewport.width, height: viewport.height, deviceScaleFactor: 1 },
    protocolTimeout: 30_000,
  });
  try {
    const [page] = await browser.pages();
    return new ChromiumSession(browser, page ?? (await browser.newPage()), viewport);
  } catch (error) {
    await browser.close();
    throw error;
  }
}

class ChromiumSession implements BrowserSession {
  readonly engine = "chromium";
  #viewport: Viewport;
  readonly #browser: Browser;
  readonly #page: Page;
  #errors: string[] = [];

  constructor(browser: Browser, page: Page, viewport: Viewport) {
    this.#browser = browser;
    this.#page = page;
    this.#viewport = { ...viewport };
    page.on("console", (message) => {
      if (message.type() !== "error") return;
      const where = message.location().url;
      this.#errors.push(`[console] ${message.text()}${where ? ` (${where})` : ""}`);
    });
    page.on("pageerror", (error) => this.#errors.push(`[js] ${error instanceof Error ? error.message : String(error)}`));
    page.on("requestfailed", (request) => {
      const failure = request.failure()?.errorText ?? "";
      if (REQUIRED_TYPES.has(request.resourceType()) && failure !== "net::ERR_ABORTED") {
        this.#errors.push(`[network] ${failure} for ${request.url()}`);
      }
    });
  }

  get viewport(): Viewport {
    return { ...this.#viewport };
  }

  async resize(viewport: Viewport): Promise<void> {
    await resizePuppeteerPage(this.#page, this, viewport);
    this.#viewport = { ...viewport };
  }

  async goto(url: string): Promise<void> {
    await this.#page.goto(url, { waitUntil: "load" });
  }

  async evaluate<T, A extends unknown[]>(fn: (...args: A) => T | Promise<T>, ...args: A): Promise<T> {
    // puppeteer types the result through its handle-unwrapping generics, which
    // cannot see that plain JSON values come back as they went; narrow it back.
    const evaluate = this.#page.evaluate.bind(this.#page) as (fn: (...args: A) => T | Promise<T>, ...args: A) => Promise<T>;
    return await evaluate(fn, ...args);
  }

  async click(selector: string): Promise<void> {
    const target = await this.evaluate(locateForClick, selector);
    if (target === "missing") throw new Error(`click: nothing matches ${selector}`);
    if (target === "hidden") throw new Error(`click: ${selector} has no visible box to click`);
    await this.#page.mouse.click(target.x, target.y);
  }

  async press(combination: string): Promise<void> {
    const keys = combination.split("+").map((name) => {
      const key = KEYS[name];
      if (!key) throw new Error(`press: unsupported key ${name}`);
      return key;
    });
    const main = keys.pop()!;
    for (const modifier of keys) await this.#page.keyboard.down(modifier);
    try {
      await this.#page.keyboard.press(main);
    } finally {
      for (const modifier of keys.reverse()) await this.#page.keyboard.up(modifier);
    }
  }

  async type(text: string): Promise<void> {
    await this.#page.keyboard.type(text);
  }

  async screenshot(path: string, options: { fullPage?: boolean } = {}): Promise<void> {
    await this.#page.screenshot({ path, fullPage: options.fullPage ?? false });
  }

  takeConsoleErrors(): string[] {
    const errors = this.#errors;
    this.#errors = [];
    return errors;
  }

  async close(): Promise<void> {
    await this.#browser.close();
  }
}
