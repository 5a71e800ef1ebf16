/**
 * Debian's Chromium driven by puppeteer-core over the DevTools protocol, behind
 * the engine-neutral `BrowserSession` interface, so the cross-browser suite
 * runs the same checks in all three engines.
 */
import puppeteer, { type Browser, type KeyInput, type Page } from "puppeteer-core";
import { CHROMIUM_FLAGS, chromiumPath } from "../../../scripts/lib/chromium.ts";
import type { BrowserSession, Viewport } from "./driver.ts";

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
  readonly viewport: Viewport;
  readonly #browser: Browser;
  readonly #page: Page;
  #errors: string[] = [];

  constructor(browser: Browser, page: Page, viewport: Viewport) {
    this.#browser = browser;
    this.#page = page;
    this.viewport = { ...viewport };
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
    const point = await this.evaluate(async (wanted) => {
      const element = document.querySelector(wanted);
      if (!element) return null;
      // In view and not under anything (the sticky header): what a click at its middle would hit.
      const inView = () => {
        const box = element.getBoundingClientRect();
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return box.top >= 0 && box.bottom <= window.innerHeight && !!hit && element.contains(hit);
      };
      // Blocks drawn only near the viewport (content-visibility) get their real
      // height a frame or two after a jump, and the page moves to match: click
      // once the element has stayed in view, in the same place, for 3 frames.
      let last = "";
      let steady = 0;
      for (let frames = 0; frames < 30 && steady < 3; frames++) {
        if (!inView()) element.scrollIntoView({ block: "center", behavior: "instant" });
        await new Promise((resolve) => requestAnimationFrame(resolve));
        const box = element.getBoundingClientRect();
        const now = `${box.top},${box.left}`;
        steady = now === last && inView() ? steady + 1 : 0;
        last = now;
      }
      const rect = [...element.getClientRects()].find((part) => part.width > 0 && part.height > 0);
      return rect ? { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 } : null;
    }, selector);
    if (!point) throw new Error(`click: ${selector} is missing or has no box`);
    await this.#page.mouse.click(point.x, point.y);
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
