/**
 * One small interface over three engines: Debian's Chromium (puppeteer-core
 * over the DevTools protocol), and the two Playwright cannot drive here,
 * Firefox ESR (puppeteer-core over WebDriver BiDi) and WebKitGTK
 * (WebKitWebDriver, driven with the `webdriver` package). The cross-browser
 * suite is written once against it.
 */
export type Engine = "chromium" | "firefox" | "webkit";

export interface Viewport {
  width: number;
  height: number;
}

export interface BrowserSession {
  readonly engine: Engine;
  /** The viewport now: the launch size until resize() changes it. */
  readonly viewport: Viewport;
  /**
   * Makes the viewport exactly this size, as a visitor resizing the window
   * does, and resolves once the page has laid itself out at the new size.
   */
  resize(viewport: Viewport): Promise<void>;
  /** Navigates and resolves after the load event. */
  goto(url: string): Promise<void>;
  /**
   * Runs a function in the page and returns its JSON-serialisable result (a
   * returned promise is awaited). The function is sent as source text, so it
   * must not close over anything outside its arguments.
   */
  evaluate<T, A extends unknown[]>(fn: (...args: A) => T | Promise<T>, ...args: A): Promise<T>;
  /** A trusted pointer click in the middle of the first element matching the selector, scrolled into view first. */
  click(selector: string): Promise<void>;
  /**
   * Trusted key presses to whatever has focus: "Tab", "Shift+Tab", "Enter",
   * "Escape", "Space", "ArrowLeft", "ArrowRight", "Home", "End".
   */
  press(key: string): Promise<void>;
  /** Trusted typing into whatever has focus. */
  type(text: string): Promise<void>;
  /** A PNG of the viewport, or of the whole page with fullPage, written to path. */
  screenshot(path: string, options?: { fullPage?: boolean }): Promise<void>;
  /**
   * Console errors, uncaught exceptions, unhandled rejections and CSP reports
   * the browser logged since the previous call (the list is emptied).
   */
  takeConsoleErrors(): string[];
  close(): Promise<void>;
}
