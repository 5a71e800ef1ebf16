/**
 * Debian's Firefox ESR driven by puppeteer-core over WebDriver BiDi, behind the
 * engine-neutral `BrowserSession` interface.
 */
import { readdirSync, readFileSync, realpathSync } from "node:fs";
import { rm } from "node:fs/promises";
import { dirname } from "node:path";
import puppeteer, { type Browser, type KeyInput, type Page } from "puppeteer-core";
import type { BrowserSession, Viewport } from "./driver.ts";
import { resizePuppeteerPage } from "./viewport-wait.ts";
import { locateForClick } from "./locate-for-click.ts";

const FIREFOX = "/usr/bin/firefox-esr";

/**
 * The machine has no internet: every background request Firefox makes would
 * hang on DNS or a connect timeout and slow the tests, and none of it should
 * leave the box anyway. puppeteer already writes a base set (see
 * `defaultProfilePreferences` in @puppeteer/browsers) and Firefox's remote
 * agent applies its own "recommended" prefs; these close what both leave open.
 * Unknown prefs are ignored by Firefox, so names from other versions do no harm.
 */
const OFFLINE_PREFS: Record<string, string | number | boolean> = {
  // Updates of the browser, add-ons, system add-ons, plugins and search engines.
  "app.update.auto": false,
  "app.update.enabled": false,
  "app.update.service.enabled": false,
  "app.update.staging.enabled": false,
  "app.update.background.scheduling.enabled": false,
  "extensions.systemAddon.update.enabled": false,
  "extensions.systemAddon.update.url": "",
  "extensions.blocklist.enabled": false,
  "extensions.getAddons.discovery.api_url": "",
  "extensions.htmlaboutaddons.recommendations.enabled": false,
  "media.gmp-manager.url": "",
  "media.gmp-gmpopenh264.enabled": false,
  "media.gmp-widevinecdm.enabled": false,
  "browser.search.suggest.enabled": false,
  "browser.region.update.enabled": false,
  "browser.region.network.url": "",

  // Telemetry, Glean, crash reports and the ping sender.
  "toolkit.telemetry.enabled": false,
  "toolkit.telemetry.unified": false,
  "toolkit.telemetry.archive.enabled": false,
  "toolkit.telemetry.server": "data:,",
  "toolkit.telemetry.newProfilePing.enabled": false,
  "toolkit.telemetry.firstShutdownPing.enabled": false,
  "toolkit.telemetry.shutdownPingSender.enabled": false,
  "toolkit.telemetry.updatePing.enabled": false,
  "toolkit.telemetry.bhrPing.enabled": false,
  "toolkit.telemetry.reportingpolicy.firstRun": false,
  "toolkit.coverage.opt-out": true,
  "toolkit.telemetry.coverage.opt-out": true,
  "datareporting.usage.uploadEnabled": false,
  "browser.ping-centre.telemetry": false,
  "browser.crashReports.unsubmittedCheck.enabled": false,
  "browser.tabs.crashReporting.sendReport": false,

  // Normandy, Nimbus experiments and studies (they sync from Remote Settings).
  "app.normandy.enabled": false,
  "app.shield.optoutstudies.enabled": false,
  "messaging-system.rsexperimentloader.enabled": false,

  // Remote Settings consumers that would otherwise download lists or models.
  "security.remote_settings.crlite_filters.enabled": false,
  "security.remote_settings.intermediates.enabled": false,
  "browser.translations.enable": false,
  "browser.ml.enable": false,
  "browser.ml.chat.enabled": false,

  // New tab page feeds and sponsored content.
  "browser.newtabpage.activity-stream.feeds.telemetry": false,
  "browser.newtabpage.activity-stream.telemetry": false,
  "browser.newtabpage.activity-stream.feeds.section.topstories": false,
  "browser.newtabpage.activity-stream.showSponsored": false,
  "browser.newtabpage.activity-stream.showSponsoredTopSites": false,
  "browser.newtabpage.activity-stream.default.sites": "",
  "browser.topsites.contile.enabled": false,
  "browser.discovery.enabled": false,
  "browser.aboutwelcome.enabled": false,
  // A hidden about:newtab is otherwise built at startup for the next new tab;
  // the driver opens one tab, for about:blank, so that is wasted startup work.
  "browser.newtab.preload": false,

  // Captive portal and connectivity probes (detectportal.firefox.com).
  "network.captive-portal-service.enabled": false,
  "captivedetect.canonicalURL": "",
  "network.connectivity-service.enabled": false,
  "network.connectivity-service.IPv4.url": "",
  "network.connectivity-service.IPv6.url": "",

  // Safe Browsing and tracking-protection list downloads.
  "browser.safebrowsing.downloads.remote.enabled": false,
  "browser.safebrowsing.passwords.enabled": false,
  "browser.safebrowsing.provider.google.updateURL": "",
  "browser.safebrowsing.provider.google.gethashURL": "",
  "browser.safebrowsing.provider.google4.updateURL": "",
  "browser.safebrowsing.provider.google4.gethashURL": "",
  "browser.safebrowsing.provider.mozilla.updateURL": "",
  "browser.safebrowsing.provider.mozilla.gethashURL": "",

  // Push, accounts/sync and network geolocation keep long-lived connections.
  "dom.push.enabled": false,
  "dom.push.connection.enabled": false,
  "dom.push.serverURL": "",
  "identity.fxaccounts.enabled": false,
  "geo.provider.network.url": "",

  // Speculative work and resolver choices that reach outside: DNS prefetch,
  // link prefetch, preconnects, DNS over HTTPS, OCSP; and a fixed "no proxy"
  // so a proxy in the environment cannot intercept 127.0.0.1 test servers.
  "network.dns.disablePrefetch": true,
  "network.prefetch-next": false,
  "network.predictor.enabled": false,
  "browser.places.speculativeConnect.enabled": false,
  "browser.urlbar.speculativeConnect.enabled": false,
  "network.trr.mode": 5,
  "security.OCSP.enabled": 0,
  "network.proxy.type": 0,
};

/**
 * Make headless Firefox lay pages out like the desktop browsers the suite
 * compares it with (Playwright's Chromium hides scrollbars and reports a mouse).
 */
const LAYOUT_PREFS: Record<string, string | number | boolean> = {
  // Classic GTK scrollbars take 12 px, so a "375 px" page would be laid out
  // at 363 px; overlay scrollbars, as on phones and macOS, take none.
  "ui.useOverlayScrollbars": 1,
  // Headless has no input devices, so `(hover: hover)` and `(pointer: fine)`
  // would not match; the driver clicks with a mouse, so report one (flags:
  // 2 = fine pointer, 4 = hover).
  "ui.primaryPointerCapabilities": 6,
  "ui.allPointerCapabilities": 6,
};

/**
 * Only these destinations are reported when their load fails: a missing
 * script, module (static or `import()`), stylesheet, font or worker breaks the
 * page. Images are left out because Firefox probes /favicon.ico on every page,
 * documents because a suite visits 404 pages on purpose, and fetch() because an
 * API answering 4xx can be the behaviour under test.
 */
const REQUIRED_DESTINATIONS = new Set(["script", "style", "font", "worker", "sharedworker", "serviceworker"]);

/** Firefox cancels in-flight loads this way on navigation; that is not a page fault. */
const NAVIGATION_ABORT = "NS_BINDING_ABORTED";

/** The key names the suite uses, mapped to puppeteer's names. */
const KEYS: Record<string, KeyInput> = {
  Tab: "Tab",
  Enter: "Enter",
  Escape: "Escape",
  // puppeteer's BiDi keyboard knows the space bar only as the character.
  Space: " ",
  ArrowLeft: "ArrowLeft",
  ArrowRight: "ArrowRight",
  ArrowUp: "ArrowUp",
  ArrowDown: "ArrowDown",
  Home: "Home",
  End: "End",
  PageUp: "PageUp",
  PageDown: "PageDown",
  Backspace: "Backspace",
  Delete: "Delete",
};

const MODIFIERS: Record<string, KeyInput> = {
  Shift: "Shift",
  Control: "Control",
  Alt: "Alt",
  Meta: "Meta",
};

/**
 * How long browser.close() may take before the processes are killed here;
 * puppeteer itself allows Firefox 5 s to exit before it kills it.
 */
const CLOSE_TIMEOUT_MS = 10_000;

export async function launchFirefox(viewport: Viewport): Promise<BrowserSession> {
  const browser = await puppeteer.launch({
    browser: "firefox",
    executablePath: FIREFOX,
    headless: true,
    // Set once below on the page actually used, not on every page puppeteer sees.
    defaultViewport: null,
    extraPrefsFirefox: { ...OFFLINE_PREFS, ...LAYOUT_PREFS },
    env: {
      ...process.env,
      MOZ_CRASHREPORTER_DISABLE: "1",
      // Release builds ignore the `services.settings.server` pref (puppeteer
      // points it at a dummy data: URL) and sync Remote Settings from
      // firefox.settings.services.mozilla.com unless this is set.
      MOZ_REMOTE_SETTINGS_DEVTOOLS: "1",
    },
    // A hung protocol call should fail the test well inside its 60 s budget.
    protocolTimeout: 30_000,
  });
  // Read before anything else can fail, so cleanup always knows what to remove.
  const pid = browser.process()?.pid;
  const profile = profileDirectory(browser);
  try {
    // Headless Firefox never gives its first tab focus: document.hasFocus()
    // stays false, no focus events fire and Space/Enter do not activate a
    // focused button. A tab opened over BiDi is focused, so work in a new one.
    const initial = await browser.pages();
    const page = await browser.newPage();
    await Promise.all(initial.map((tab) => tab.close()));
    await page.setViewport({ width: viewport.width, height: viewport.height, deviceScaleFactor: 1 });
    return new FirefoxSession(browser, page, viewport, pid, profile);
  } catch (error) {
    await shutDown(browser, pid, profile);
    throw error;
  }
}

class FirefoxSession implements BrowserSession {
  readonly engine = "firefox";
  #viewport: Viewport;
  readonly #browser: Browser;
  readonly #page: Page;
  readonly #pid: number | undefined;
  readonly #profile: string | undefined;
  #errors: string[] = [];
  /** A failed request can be announced twice (responseCompleted, then fetchError). */
  readonly #reportedRequests = new Set<string>();
  #closing: Promise<void> | undefined;

  constructor(
    browser: Browser,
    page: Page,
    viewport: Viewport,
    pid: number | undefined,
    profile: string | undefined,
  ) {
    this.#browser = browser;
    this.#page = page;
    this.#viewport = { width: viewport.width, height: viewport.height };
    this.#pid = pid;
    this.#profile = profile;
    this.#listen();
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
    // puppeteer types the result through its own handle-unwrapping generics,
    // which cannot see that a plain `A` stays `A`; the runtime contract is the
    // same (arguments and result are JSON-like values), so narrow it back.
    const evaluate = this.#page.evaluate.bind(this.#page) as (
      fn: (...args: A) => T | Promise<T>,
      ...args: A
    ) => Promise<T>;
    return await evaluate(fn, ...args);
  }

  async click(selector: string): Promise<void> {
    // puppeteer's ElementHandle.click does the same in eight or more protocol
    // round trips (handle, connectedness, SVG check, an IntersectionObserver
    // that waits a frame, scroll, boxes, frame clipping, dispose); finding,
    // scrolling and measuring in one call leaves two, which the suite feels.
    const target = await this.#page.evaluate(locateForClick, selector);
    if (target === "missing") throw new Error(`click: nothing matches ${selector}`);
    if (target === "hidden") throw new Error(`click: ${selector} has no visible box to click`);
    // A BiDi pointer action: the page sees trusted pointer, mouse and click events.
    await this.#page.mouse.click(target.x, target.y);
  }

  async press(combination: string): Promise<void> {
    const parts = combination.split("+");
    const keyName = parts.pop() ?? "";
    const key = KEYS[keyName];
    if (!key) throw new Error(`press: unsupported key "${keyName}" in "${combination}"`);
    const modifiers = parts.map((name) => {
      const modifier = MODIFIERS[name];
      if (!modifier) throw new Error(`press: unsupported modifier "${name}" in "${combination}"`);
      return modifier;
    });
    const keyboard = this.#page.keyboard;
    for (const modifier of modifiers) await keyboard.down(modifier);
    try {
      await keyboard.press(key);
    } finally {
      // Input state outlives the call in WebDriver, so a modifier left down
      // would leak into every later key press.
      for (const modifier of modifiers.reverse()) await keyboard.up(modifier);
    }
  }

  async type(text: string): Promise<void> {
    await this.#page.keyboard.type(text);
  }

  async screenshot(path: string, options: { fullPage?: boolean } = {}): Promise<void> {
    const fullPage = options.fullPage ?? false;
    // Over BiDi a full-page shot is one capture of the whole document (origin
    // "document"); the viewport one must not reach beyond what is on screen.
    await this.#page.screenshot({ path, type: "png", fullPage, captureBeyondViewport: fullPage });
  }

  takeConsoleErrors(): string[] {
    const errors = this.#errors;
    this.#errors = [];
    return errors;
  }

  close(): Promise<void> {
    this.#closing ??= shutDown(this.#browser, this.#pid, this.#profile);
    return this.#closing;
  }

  /**
   * Errors are read from raw BiDi events rather than puppeteer's page events:
   * its "pageerror" fires for every `javascript` log entry whatever its level
   * and drops the source location, its "console" text prints objects as
   * "JSHandle@object", and its network events cannot say what a request was
   * for (`resourceType()` is unsupported over BiDi).
   */
  #listen(): void {
    const events = bidiEvents(this.#browser);
    events.on("log.entryAdded", (params: unknown) => {
      const message = describeLogEntry(params);
      if (message) this.#errors.push(message);
    });
    events.on("network.responseCompleted", (params: unknown) => {
      const failure = describeFailedLoad(params, "response");
      if (failure) this.#recordFailedLoad(failure);
    });
    events.on("network.fetchError", (params: unknown) => {
      const failure = describeFailedLoad(params, "error");
      if (failure) this.#recordFailedLoad(failure);
    });
  }

  #recordFailedLoad({ requestId, message }: FailedLoad): void {
    if (this.#reportedRequests.has(requestId)) return;
    this.#reportedRequests.add(requestId);
    // Firefox's speculative parser fetches a stylesheet or script and the
    // parser fetches it again when the first answer was an uncacheable 404:
    // two requests, one fault.
    if (!this.#errors.includes(message)) this.#errors.push(message);
  }
}


interface BidiEventSource {
  on(event: string, handler: (params: unknown) => void): unknown;
}

/**
 * puppeteer-core's public types do not expose the BiDi connection, but
 * BidiBrowser has had a public `connection` getter since v22 and the project
 * pins puppeteer-core exactly. It emits every protocol event by method name.
 */
function bidiEvents(browser: Browser): BidiEventSource {
  const connection: unknown = Reflect.get(browser, "connection");
  if (
    typeof connection === "object" &&
    connection !== null &&
    "on" in connection &&
    typeof connection.on === "function"
  ) {
    return connection as BidiEventSource;
  }
  throw new Error("puppeteer-core no longer exposes the BiDi connection on Browser; update firefox.ts");
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}

/**
 * An error-level `log.entryAdded` as one line, or undefined for anything
 * quieter. Over BiDi Firefox sends `console.error`/`console.assert` as type
 * "console", and uncaught exceptions, unhandled rejections, CSP violations and
 * blocked module loads as type "javascript", all with level "error".
 */
function describeLogEntry(entry: unknown): string | undefined {
  if (!isRecord(entry) || entry.level !== "error") return undefined;
  const kind = entry.type === "console" ? `console.${text(entry.method) || "error"}` : text(entry.type) || "log";
  return `${kind}: ${text(entry.text)}${describeLocation(entry.stackTrace)}`;
}

function describeLocation(stackTrace: unknown): string {
  if (!isRecord(stackTrace) || !Array.isArray(stackTrace.callFrames)) return "";
  const frame: unknown = stackTrace.callFrames[0];
  if (!isRecord(frame) || typeof frame.url !== "string" || frame.url === "") return "";
  // BiDi line and column numbers are zero-based.
  const line = typeof frame.lineNumber === "number" ? `:${frame.lineNumber + 1}` : "";
  const column = typeof frame.columnNumber === "number" ? `:${frame.columnNumber + 1}` : "";
  return ` (${frame.url}${line}${column})`;
}

interface FailedLoad {
  requestId: string;
  message: string;
}

function describeFailedLoad(event: unknown, kind: "response" | "error"): FailedLoad | undefined {
  if (!isRecord(event) || !isRecord(event.request)) return undefined;
  const { request } = event;
  const destination = text(request.destination);
  if (!REQUIRED_DESTINATIONS.has(destination)) return undefined;
  const requestId = text(request.request);
  const what = `${text(request.method) || "GET"} ${text(request.url)} (${destination})`;
  if (kind === "response") {
    const status = isRecord(event.response) ? event.response.status : undefined;
    if (typeof status !== "number" || status < 400) return undefined;
    return { requestId, message: `network: HTTP ${status} for ${what}` };
  }
  const reason = text(event.errorText);
  if (reason === NAVIGATION_ABORT) return undefined;
  return { requestId, message: `network: ${reason || "load failed"} for ${what}` };
}

/** puppeteer passes the temporary profile to Firefox as `--profile <dir>`. */
function profileDirectory(browser: Browser): string | undefined {
  const args = browser.process()?.spawnargs ?? [];
  const index = args.findIndex((arg) => arg === "--profile" || arg === "-profile");
  return index === -1 ? undefined : args[index + 1];
}

/**
 * Closes the browser and makes sure nothing of it survives. puppeteer waits
 * up to 5 s for Firefox to exit and then kills its process group, but it
 * resolves as soon as the main process is gone, and content processes can
 * outlive it for a moment; they are killed here. The temporary profile is
 * deleted by puppeteer on exit and again here in case the exit hook did not run.
 */
async function shutDown(browser: Browser, pid: number | undefined, profile: string | undefined): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  let survivors: number[];
  try {
    // browser.close() can hang or fail when the connection died half-way;
    // what follows guarantees the outcome either way, so its error is moot.
    const gaveUp = new Promise<void>((resolve) => (timer = setTimeout(resolve, CLOSE_TIMEOUT_MS)));
    await Promise.race([browser.close().catch(() => undefined), gaveUp]);
  } finally {
    clearTimeout(timer);
    if (pid !== undefined) killGroup(pid);
    // Once every process is gone, so none writes into the profile as it goes.
    survivors = pid === undefined ? [] : await leftAfterKill(pid);
    if (profile !== undefined) await rm(profile, { recursive: true, force: true, maxRetries: 5 });
  }
  if (survivors.length > 0) throw new Error(`Firefox processes survived SIGKILL: ${survivors.join(", ")}`);
}

/** How long a killed process may still show in /proc while the kernel tears it down. */
const KILL_SETTLE_MS = 3_000;

function killGroup(groupId: number): void {
  for (const member of firefoxProcessesInGroup(groupId)) {
    try {
      process.kill(member, "SIGKILL");
    } catch {
      // It exited between the scan and the signal.
    }
  }
}

/**
 * The group's processes still alive once SIGKILL has had time to land. A
 * killed process stays listed (not yet a zombie) for a few milliseconds while
 * it exits, longer on a busy machine, and the fork server may have started a
 * content process just after the first scan: so look again, and kill again,
 * until the group is empty or the time is up.
 */
async function leftAfterKill(groupId: number): Promise<number[]> {
  const deadline = performance.now() + KILL_SETTLE_MS;
  let members = firefoxProcessesInGroup(groupId);
  while (members.length > 0 && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    killGroup(groupId);
    members = firefoxProcessesInGroup(groupId);
  }
  return members;
}

/**
 * Linux only, read from /proc: the live Firefox processes in process group
 * `groupId`. Firefox is spawned detached, so it leads its own group and every
 * content process it starts joins it. Checking the executable as well means
 * that, should the group id ever be reused, nothing else is touched.
 */
export function firefoxProcessesInGroup(groupId: number): number[] {
  // /usr/bin/firefox-esr is a link; every Firefox process runs a binary from its target's directory.
  const installation = `${dirname(realpathSync(FIREFOX))}/`;
  const members: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // Fields after the parenthesised command name (which may hold spaces):
      // state, ppid, pgrp, ...
      const [state, , group] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      // A zombie is already dead and only waits for its parent to reap it.
      if (state === "Z" || Number(group) !== groupId) continue;
      if (realpathSync(`/proc/${entry}/exe`).startsWith(installation)) members.push(Number(entry));
    } catch {
      // The process exited while being read.
    }
  }
  return members;
}
