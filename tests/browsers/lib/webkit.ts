/**
 * WebKitGTK behind the BrowserSession interface.
 *
 * Process tree, all started here and all ended by close():
 *
 *   Xvfb -displayfd (own process group)
 *   WebKitWebDriver --port=N --host=127.0.0.1 (own process group)
 *     └ /usr/bin/python3 webkit-host.py --automation --viewport=WxH --data-dir=…
 *         ├ WebKitNetworkProcess
 *         └ WebKitWebProcess
 *
 * The host (webkit-host.py) is our own tiny WebKitGTK browser: MiniBrowser
 * cannot go narrower than ~447 px and keeps console messages to itself. Its
 * window is exactly the viewport (passed as --viewport). WebKit prints page
 * console messages on stderr, which every process in the tree inherits from
 * WebKitWebDriver, so they arrive on the pipe we hold; see parseConsoleLine
 * for the format. Full-page screenshots, which WebDriver lacks, are asked of
 * the host over a Unix socket in the session's directory.
 *
 * Needs Debian's xvfb, webkit2gtk-driver, python3-gi, gir1.2-webkit2-4.1, and
 * python3-gi-cairo for full-page screenshots.
 */
import { spawn, type ChildProcess, type StdioOptions } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { connect, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve as resolvePath } from "node:path";
import type { Readable } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import WebDriver, { type Client } from "webdriver";
import type { BrowserSession, Viewport } from "./driver.ts";
import { untilPageSees } from "./viewport-wait.ts";

const WEBKIT_WEBDRIVER = "/usr/bin/WebKitWebDriver";
// Debian's python3-gi belongs to the system interpreter, not to whatever `python3` is first on PATH.
const PYTHON = "/usr/bin/python3";
const SETPRIV = "/usr/bin/setpriv";
const HOST = fileURLToPath(new URL("./webkit-host.py", import.meta.url));

// When CI starts the suites' browsers and servers at once, Xvfb and WebKit have taken 18 s to be ready (alone: under 8 s);
// a start is given room for that, and still fails long before the suite's 120 s hook timeout.
const STARTUP_TIMEOUT_MS = 45_000;
const COMMAND_TIMEOUT_MS = 30_000;
// How long an action waits for its console messages to come through the pipe
// (see settle()). They normally take a millisecond; this only bounds a page
// that has replaced console.debug.
const SETTLE_TIMEOUT_MS = 1_000;
const ELEMENT_KEY = "element-6066-11e4-a52e-4f735466cecf";

// WebDriver's code points for the keys BrowserSession.press() documents, plus
// the modifiers and a few neighbours that cost nothing to support.
const KEYS: Record<string, string> = {
  Backspace: "\uE003",
  Tab: "\uE004",
  Enter: "\uE007",
  Shift: "\uE008",
  Control: "\uE009",
  Alt: "\uE00A",
  Escape: "\uE00C",
  Space: "\uE00D",
  PageUp: "\uE00E",
  PageDown: "\uE00F",
  End: "\uE010",
  Home: "\uE011",
  ArrowLeft: "\uE012",
  ArrowUp: "\uE013",
  ArrowRight: "\uE014",
  ArrowDown: "\uE015",
  Delete: "\uE017",
  Meta: "\uE03D",
};

/** One console message as WebKit printed it. */
export interface ConsoleMessage {
  url: string | undefined;
  line: number | undefined;
  column: number | undefined;
  /** "JS", "SECURITY", "NETWORK", … or undefined for console.* calls. */
  source: string | undefined;
  /** "ASSERT", "TRACE", "TABLE", … or undefined for plain messages. */
  type: string | undefined;
  level: "LOG" | "INFO" | "WARN" | "ERROR" | "DEBUG";
  text: string;
}

// The words JSC::ConsoleClient::printConsoleMessage puts after "CONSOLE",
// longest first where one is the start of another.
const SOURCES =
  "XML|JS|NETWORK|STORAGE|APPCACHE|RENDERING|CSS|SECURITY|CONTENTBLOCKER|MEDIASOURCE|MEDIA|WEBRTC|ITPDEBUG|PRIVATECLICKMEASUREMENT|PAYMENTREQUEST|OTHER";
const TYPES =
  "CLEAR|DIRXML|DIR|TABLE|TRACE|STARTGROUPCOLLAPSED|STARTGROUP|ENDGROUP|ASSERT|TIMING|PROFILEEND|PROFILE|IMAGE";
const LEVELS = "LOG|DEBUG|INFO|WARN|ERROR";
/**
 * WebKit writes each message to stderr as one line (more if the text has line breaks):
 *
 *   [<url>[:<line>[:<column>]]: ]CONSOLE[ <source>][ <type>][ <level>] <text>
 *
 *   http://127.0.0.1:4000/page:3:14: CONSOLE ERROR an error
 *   http://127.0.0.1:4000/page:2:12: CONSOLE LOG a log line
 *   http://127.0.0.1:4000/page:5:46: CONSOLE JS ERROR Error: thrown!
 *   CONSOLE JS ERROR Unhandled Promise Rejection: Error: rejected!
 *   CONSOLE SECURITY ERROR Unrecognized Content-Security-Policy directive 'manifest-src'.
 *   http://127.0.0.1:4000/page:4:15: CONSOLE ASSERT ERROR assertion
 *   http://127.0.0.1:4000/page:4:50: CONSOLE TRACE traced
 *
 * Each part in brackets is left out when it is the default: no location
 * known, source console.*, type plain, or level LOG on a message that has a
 * type (so "CONSOLE TRACE traced" is level LOG).
 */
const CONSOLE_LINE = new RegExp(
  `^(?:(?<location>.*?): )?CONSOLE(?: (?<source>${SOURCES})(?= |$))?(?: (?<type>${TYPES})(?= |$))?(?: (?<level>${LEVELS})(?= |$))?(?: (?<text>.*))?$`,
);
const LOCATION = /^(?<url>.*?)(?::(?<line>\d+)(?::(?<column>\d+))?)?$/;
// Only these types are printed with a level; after the others, a word like
// ERROR is the start of the text: console.trace("ERROR here").
const TYPES_WITH_LEVEL = new Set(["ASSERT", "TIMING"]);

/** Reads one line of WebKit's console output; undefined if it is not the first line of a message. */
export function parseConsoleLine(line: string): ConsoleMessage | undefined {
  const groups = CONSOLE_LINE.exec(line)?.groups;
  if (!groups) return undefined;
  const { location, source, type } = groups;
  let level = groups.level as ConsoleMessage["level"] | undefined;
  let text = groups.text ?? "";
  if (type !== undefined && level !== undefined && !TYPES_WITH_LEVEL.has(type)) {
    text = text ? `${level} ${text}` : level;
    level = undefined;
  }
  if (type === undefined && level === undefined) return undefined;
  const place = location === undefined ? undefined : LOCATION.exec(location)?.groups;
  return {
    url: place?.url || undefined,
    line: place?.line === undefined ? undefined : Number(place.line),
    column: place?.column === undefined ? undefined : Number(place.column),
    source,
    type,
    level: level ?? "LOG",
    text,
  };
}

// GLib's and Mesa's own warnings share the stream; they must not be taken for
// the next line of a multi-line message.
const NOT_CONTINUATION = /^(?:\(\S+:\d+\): |\*\* |\S+-(?:WARNING|CRITICAL|Message|DEBUG) \*\*|lib\w+ warning:|MESA[-:])/;

/** Splits the stream into console messages; a multi-line message continues until the next recognisable line. */
class ConsoleReader {
  private readonly messages: ConsoleMessage[] = [];
  private readonly barriers = new Map<string, () => void>();
  private barrierCount = 0;
  private readonly partial = new Map<Readable, string>();
  private readonly current = new Map<Readable, ConsoleMessage | undefined>();
  /** The last lines that were not console messages, for error reports. */
  private readonly noise: string[] = [];

  attach(stream: Readable): void {
    stream.setEncoding("utf8");
    stream.on("data", (chunk: string) => {
      const lines = ((this.partial.get(stream) ?? "") + chunk).split("\n");
      this.partial.set(stream, lines.pop() ?? "");
      for (const line of lines) this.line(stream, line);
    });
  }

  private line(stream: Readable, line: string): void {
    const message = parseConsoleLine(line);
    if (message) {
      const barrier = this.barriers.get(message.text);
      if (barrier || message.text.startsWith(BARRIER_PREFIX)) {
        barrier?.();
        this.current.set(stream, undefined);
        return;
      }
      this.messages.push(message);
      this.current.set(stream, message);
      return;
    }
    const current = this.current.get(stream);
    if (current && !NOT_CONTINUATION.test(line)) {
      current.text += "\n" + line;
      return;
    }
    this.current.set(stream, undefined);
    if (line.trim()) {
      this.noise.push(line);
      if (this.noise.length > 40) this.noise.shift();
    }
  }

  /** A token to print from the page, and a promise that resolves once it has come through the pipe. */
  barrier(): { token: string; seen: Promise<void>; forget: () => void } {
    const token = `${BARRIER_PREFIX}${++this.barrierCount}`;
    const seen = new Promise<void>((resolve) => this.barriers.set(token, resolve));
    return { token, seen, forget: () => this.barriers.delete(token) };
  }

  takeErrors(): string[] {
    const errors = this.messages.filter((message) => message.level === "ERROR").map(formatMessage);
    this.messages.length = 0;
    // A continuation line arriving later belongs to a message already handed out; drop it.
    this.current.clear();
    return errors;
  }

  recentNoise(): string {
    return this.noise.join("\n");
  }
}

const BARRIER_PREFIX = "webkit-session-barrier:";

function formatMessage(message: ConsoleMessage): string {
  // Our own load-error reports (webkit-host.py) carry the URL in the text and
  // their location is the user script; "[native code]" is no place either.
  const located = message.url !== undefined && !message.url.startsWith("user-script:") && message.url !== "[native code]";
  const where = located ? ` (${[message.url, message.line, message.column].filter((part) => part !== undefined).join(":")})` : "";
  const kind = [message.source ?? "console", message.type].filter((part) => part !== undefined).join(" ").toLowerCase();
  return `[${kind}] ${message.text.trimEnd()}${where}`;
}

/** A child in its own process group, so that everything it starts can be ended with it. */
class Child {
  readonly process: ChildProcess;
  readonly exited: Promise<void>;
  private alive = true;
  private stderrTail = "";

  constructor(command: string, args: string[], env: NodeJS.ProcessEnv, stdio: StdioOptions) {
    // setpriv's parent-death signal ends the child if this Node process dies
    // without calling close() (a killed test worker, say); it is part of
    // util-linux, so present wherever the apt packages are, but optional.
    const [file, argv] = existsSync(SETPRIV)
      ? [SETPRIV, ["--pdeathsig", "SIGKILL", command, ...args]]
      : [command, args];
    this.process = spawn(file, argv, { env, stdio, detached: true });
    this.exited = new Promise((resolve) => {
      this.process.once("exit", () => {
        this.alive = false;
        resolve();
      });
      // A failed spawn emits "error" and never "exit".
      this.process.once("error", () => {
        this.alive = false;
        resolve();
      });
    });
    this.process.stderr?.setEncoding("utf8");
    this.process.stderr?.on("data", (chunk: string) => {
      this.stderrTail = (this.stderrTail + chunk).slice(-4000);
    });
    liveChildren.add(this);
  }

  get running(): boolean {
    return this.alive;
  }

  get stderr(): string {
    return this.stderrTail;
  }

  /** Signals the whole process group; the group is gone or going when the promise resolves. */
  async stop(): Promise<void> {
    if (this.alive) {
      this.signalGroup("SIGTERM");
      await waitAtMost(2_000, this.exited);
    }
    // Also when the leader has already exited: its children may linger in the group.
    this.signalGroup("SIGKILL");
    await waitAtMost(2_000, this.exited);
    liveChildren.delete(this);
  }

  signalGroup(signal: NodeJS.Signals): void {
    const pid = this.process.pid;
    if (pid === undefined) return;
    try {
      process.kill(-pid, signal);
    } catch {
      // ESRCH: nothing left in the group.
    }
  }
}

// Ends every process group we started, and removes the sessions' directories,
// when Node exits without close() having run, e.g. after an uncaught
// exception. Only synchronous work is possible there.
const liveChildren = new Set<Child>();
const liveDataDirs = new Set<string>();
process.on("exit", () => {
  for (const child of liveChildren) child.signalGroup("SIGKILL");
  for (const dir of liveDataDirs) rmSync(dir, { recursive: true, force: true });
});

async function startXvfb(viewport: Viewport, env: NodeJS.ProcessEnv): Promise<{ xvfb: Child; display: string }> {
  // -displayfd lets Xvfb pick a free display itself and tell us which one, once it accepts connections.
  const screen = `${Math.max(viewport.width, 1280)}x${Math.max(viewport.height, 1024)}x24`;
  const xvfb = new Child(
    "Xvfb",
    ["-displayfd", "3", "-screen", "0", screen, "-nolisten", "tcp", "-noreset"],
    env,
    ["ignore", "ignore", "pipe", "pipe"],
  );
  const fd3 = xvfb.process.stdio[3] as Readable | null;
  if (!fd3) throw new Error("Xvfb: no display pipe");
  fd3.setEncoding("utf8");
  let received = "";
  const display = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Xvfb did not start within ${STARTUP_TIMEOUT_MS} ms`)), STARTUP_TIMEOUT_MS);
    fd3.on("data", (chunk: string) => {
      received += chunk;
      const number = /^(\d+)\n/.exec(received)?.[1];
      if (number !== undefined) {
        clearTimeout(timer);
        resolve(`:${number}`);
      }
    });
    void xvfb.exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`Xvfb exited during startup (is the xvfb package installed?)\n${xvfb.stderr}`));
    });
  }).catch(async (error: unknown) => {
    await xvfb.stop();
    throw error;
  });
  return { xvfb, display };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === "string") throw new Error("no TCP port");
  return address.port;
}

/** Starts WebKitWebDriver and waits until it answers; a port taken meanwhile by someone else means another try. */
async function startWebKitWebDriver(env: NodeJS.ProcessEnv, messages: ConsoleReader): Promise<{ driver: Child; port: number }> {
  let lastError = "";
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await freePort();
    const driver = new Child(WEBKIT_WEBDRIVER, [`--port=${port}`, "--host=127.0.0.1"], env, ["ignore", "pipe", "pipe"]);
    // Our host's and WebKit's output arrives on these pipes; both must be drained or the page would block.
    if (driver.process.stdout) messages.attach(driver.process.stdout);
    if (driver.process.stderr) messages.attach(driver.process.stderr);
    const deadline = Date.now() + STARTUP_TIMEOUT_MS;
    while (driver.running && Date.now() < deadline) {
      try {
        const response = await fetch(`http://127.0.0.1:${port}/status`);
        if (response.ok) return { driver, port };
      } catch {
        // Not listening yet.
      }
      await sleep(10);
    }
    lastError = driver.running
      ? `WebKitWebDriver did not answer within ${STARTUP_TIMEOUT_MS} ms`
      : `WebKitWebDriver exited (is webkit2gtk-driver installed?)\n${driver.stderr}`;
    await driver.stop();
  }
  throw new Error(lastError);
}

class WebKitSession implements BrowserSession {
  readonly engine = "webkit";
  private currentViewport: Viewport;
  private readonly client: Client;
  private readonly messages: ConsoleReader;
  private readonly controlSocket: string;
  private readonly cleanup: () => Promise<void>;
  private closed = false;

  constructor(viewport: Viewport, client: Client, messages: ConsoleReader, controlSocket: string, cleanup: () => Promise<void>) {
    this.currentViewport = { ...viewport };
    this.client = client;
    this.messages = messages;
    this.controlSocket = controlSocket;
    this.cleanup = cleanup;
  }

  get viewport(): Viewport {
    return { ...this.currentViewport };
  }

  async resize(viewport: Viewport): Promise<void> {
    // WebDriver's Set Window Rect sizes the outer window, which a window
    // manager would place; the host sizes its undecorated window itself.
    await this.host({ command: "resize", width: viewport.width, height: viewport.height });
    await untilPageSees(this, viewport);
    this.currentViewport = { ...viewport };
  }

  async goto(url: string): Promise<void> {
    // With the default page load strategy ("normal") this returns after the load event.
    await this.client.navigateTo(url);
    await this.settle();
  }

  async evaluate<T, A extends unknown[]>(fn: (...args: A) => T | Promise<T>, ...args: A): Promise<T> {
    const { token, seen, forget } = this.messages.barrier();
    // The result travels as JSON text so that WebDriver's own serialisation
    // (elements become references, cycles fail obscurely) never applies, and
    // the barrier token is printed after fn has finished, so that whatever fn
    // logged is in by the time evaluate() resolves. No key of the reply may be
    // called "error": the webdriver package would take the reply for a failure.
    // WebKit's error.stack lacks the message, hence name and message first.
    const script = `
      const done = arguments[arguments.length - 1];
      const args = Array.prototype.slice.call(arguments, 0, -1);
      const finish = (reply) => { console.debug(${JSON.stringify(token)}); done(reply); };
      const describe = (thrown) => thrown instanceof Error ? thrown.name + ": " + thrown.message + "\\n" + thrown.stack : String(thrown);
      Promise.resolve()
        .then(() => (${fn.toString()}).apply(null, args))
        .then(
          (value) => finish({ ok: true, json: value === undefined ? undefined : JSON.stringify(value) }),
          (thrown) => finish({ ok: false, problem: describe(thrown) }),
        )
        .catch((thrown) => finish({ ok: false, problem: "the result is not JSON-serialisable: " + describe(thrown) }));`;
    try {
      // BrowserSession.evaluate promises JSON-serialisable arguments; the webdriver typings want them spelt out.
      const reply: unknown = await this.client.executeAsyncScript(script, args as ScriptArgument[]);
      await waitAtMost(SETTLE_TIMEOUT_MS, seen);
      // T is only as true as the function the caller passed; JSON.parse cannot check it.
      return decodeEvaluation(reply) as T;
    } finally {
      forget();
    }
  }

  async click(selector: string): Promise<void> {
    const found: unknown = await this.client.findElement("css selector", selector);
    const id = elementId(found);
    if (id === undefined) throw new Error(`click: no element matches ${selector}`);
    // A block far down the page is not laid out until it nears the viewport
    // (content-visibility), and WebKit finds its elements not interactable
    // until then: bring the element to the middle, at once, and let a frame
    // draw it before clicking.
    await this.evaluate(
      (wanted) =>
        new Promise<boolean>((resolve) => {
          const element = document.querySelector(wanted);
          const box = element?.getBoundingClientRect();
          if (element && box && (box.top < 0 || box.bottom > window.innerHeight)) {
            element.scrollIntoView({ block: "center", inline: "nearest", behavior: "instant" });
          }
          requestAnimationFrame(() => requestAnimationFrame(() => resolve(true)));
        }),
      selector,
    );
    // Element Click scrolls the element into view and clicks the centre of its
    // visible part with synthesised, trusted mouse events; it fails if
    // something else covers that point, as a user's click would miss.
    await this.client.elementClick(id);
    await this.settle();
  }

  async press(key: string): Promise<void> {
    const names = key.split("+");
    const codes = names.map((name) => {
      const code = KEYS[name] ?? (graphemes(name).length === 1 ? name : undefined);
      if (code === undefined) throw new Error(`press: unknown key ${name} in ${key}`);
      return code;
    });
    const actions = [
      ...codes.map((value) => ({ type: "keyDown", value })),
      ...codes.toReversed().map((value) => ({ type: "keyUp", value })),
    ];
    await this.client.performActions([{ type: "key", id: "keyboard", actions }]);
    await this.settle();
  }

  async type(text: string): Promise<void> {
    // Key actions rather than Element Send Keys: they go to whatever has focus
    // and leave the caret where it is, as a user's typing does.
    const actions = graphemes(text).flatMap((value) => [
      { type: "keyDown", value },
      { type: "keyUp", value },
    ]);
    if (actions.length === 0) return;
    await this.client.performActions([{ type: "key", id: "keyboard", actions }]);
    await this.settle();
  }

  async screenshot(path: string, options: { fullPage?: boolean } = {}): Promise<void> {
    if (options.fullPage) {
      // WebDriver has none; the host renders the whole document itself.
      await this.host({ command: "snapshot", path: resolvePath(path) });
      return;
    }
    // Take Screenshot copies the last frame WebKit drew, which right after a
    // navigation can still be the blank one; two animation frames later it is not.
    await this.client.executeAsyncScript("const done = arguments[0]; requestAnimationFrame(() => requestAnimationFrame(() => done()));", []);
    const base64 = await this.client.takeScreenshot();
    await writeFile(path, Buffer.from(base64, "base64"));
  }

  takeConsoleErrors(): string[] {
    return this.messages.takeErrors();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.cleanup();
  }

  /** One request to webkit-host.py over its control socket. */
  private async host(request: Record<string, unknown>): Promise<void> {
    const socket = connect(this.controlSocket);
    socket.setEncoding("utf8");
    socket.setTimeout(COMMAND_TIMEOUT_MS);
    let answer = "";
    socket.on("data", (chunk: string) => (answer += chunk));
    const closed = new Promise<void>((resolve, reject) => {
      socket.once("close", () => resolve());
      socket.once("error", reject);
      socket.once("timeout", () => {
        socket.destroy();
        reject(new Error(`webkit-host did not answer ${JSON.stringify(request)} within ${COMMAND_TIMEOUT_MS} ms`));
      });
    });
    socket.end(JSON.stringify(request) + "\n");
    await closed;
    const reply: unknown = JSON.parse(answer || "null");
    if (typeof reply !== "object" || reply === null || !("ok" in reply) || reply.ok !== true) {
      throw new Error(`webkit-host: ${JSON.stringify(request)} failed: ${answer.trim() || "no answer"}`);
    }
  }

  /**
   * Console messages reach us over a pipe, the WebDriver reply over HTTP, so
   * either can come first. Printing a token from the page and waiting for it
   * makes everything the page logged before it part of this call's results.
   */
  private async settle(): Promise<void> {
    const { token, seen, forget } = this.messages.barrier();
    try {
      await this.client.executeScript(`console.debug(${JSON.stringify(token)})`, []);
      await waitAtMost(SETTLE_TIMEOUT_MS, seen);
    } catch {
      // An open alert or a navigation in progress: nothing to line up with.
    } finally {
      forget();
    }
  }
}

/** Waits for the promise to settle, but no longer than `ms`, and leaves no timer behind. */
async function waitAtMost(ms: number, promise: Promise<unknown>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  try {
    await Promise.race([promise.catch(() => undefined), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The promise's outcome, or a rejection after `ms`. */
async function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  // The loser's later rejection is expected and must not surface as unhandled.
  promise.catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

type ScriptArgument = Parameters<Client["executeScript"]>[1][number];

/** What a user types as one character: "é" or "👍🏽" whether composed of one code point or several. */
function graphemes(text: string): string[] {
  return Array.from(new Intl.Segmenter("en", { granularity: "grapheme" }).segment(text), ({ segment }) => segment);
}

function elementId(reference: unknown): string | undefined {
  if (typeof reference !== "object" || reference === null) return undefined;
  const id: unknown = (reference as Record<string, unknown>)[ELEMENT_KEY];
  return typeof id === "string" ? id : undefined;
}

function decodeEvaluation(reply: unknown): unknown {
  if (typeof reply !== "object" || reply === null || !("ok" in reply)) {
    throw new Error(`evaluate: unexpected reply ${JSON.stringify(reply)}`);
  }
  const { ok, json, problem } = reply as { ok: boolean; json?: string | null; problem?: string };
  if (!ok) throw new Error(`evaluate: the page threw ${problem ?? "(nothing)"}`);
  return typeof json === "string" ? (JSON.parse(json) as unknown) : undefined;
}

/** Starts Xvfb, WebKitWebDriver and our WebKitGTK host with a window of exactly `viewport`. */
export async function launchWebKit(viewport: Viewport): Promise<BrowserSession> {
  const dataDir = await mkdtemp(join(tmpdir(), "webkit-session-"));
  liveDataDirs.add(dataDir);
  const messages = new ConsoleReader();
  let xvfb: Child | undefined;
  let driver: Child | undefined;
  let client: Client | undefined;

  const cleanup = async (): Promise<void> => {
    if (client) {
      // Lets WebKitWebDriver close the browser in order; the group kill below is the backstop.
      await waitAtMost(3_000, client.deleteSession().catch(() => undefined));
    }
    await driver?.stop();
    await xvfb?.stop();
    await rm(dataDir, { recursive: true, force: true });
    liveDataDirs.delete(dataDir);
  };

  try {
    const baseEnv: NodeJS.ProcessEnv = {
      ...process.env,
      // Isolation from the machine's desktop session and settings, so runs are
      // the same on a developer's machine and on CI: X11 only, no session bus
      // (GLib might otherwise autolaunch a dbus-daemon outside our process
      // groups), no accessibility bridge, scale 1 so that CSS pixels are
      // screen pixels, and GTK's files in the session's throwaway directory.
      GDK_BACKEND: "x11",
      WAYLAND_DISPLAY: "",
      DBUS_SESSION_BUS_ADDRESS: "disabled:",
      NO_AT_BRIDGE: "1",
      GTK_A11Y: "none",
      GDK_SCALE: "1",
      GDK_DPI_SCALE: "1",
      GSETTINGS_BACKEND: "memory",
      // Skia on the CPU: there is no GPU under Xvfb, and through Mesa's
      // software GL navigations took 60-800 ms instead of a steady 55-80.
      // (HardwareAccelerationPolicy NEVER is no faster, and with it Take
      // Screenshot never answers.)
      WEBKIT_SKIA_ENABLE_CPU_RENDERING: "1",
      XDG_CONFIG_HOME: join(dataDir, "config"),
      XDG_CACHE_HOME: join(dataDir, "cache"),
      XDG_DATA_HOME: join(dataDir, "data"),
    };
    const started = await startXvfb(viewport, baseEnv);
    xvfb = started.xvfb;
    const env = { ...baseEnv, DISPLAY: started.display };
    const webdriver = await startWebKitWebDriver(env, messages);
    driver = webdriver.driver;

    const capabilities = {
      // Classic WebDriver: the webdriver package would otherwise ask for BiDi, which adds a WebSocket and nothing we use.
      "wdio:enforceWebDriverClassic": true,
      // Not in the webdriver package's types, hence this object is not written inline below.
      "webkitgtk:browserOptions": {
        binary: PYTHON,
        args: [HOST, "--automation", `--viewport=${viewport.width}x${viewport.height}`, `--data-dir=${dataDir}`],
      },
    };
    // WebKitWebDriver waits for a browser that failed to start for as long as
    // the request lasts; the browser's own complaint is in the output below.
    client = await within(STARTUP_TIMEOUT_MS, "the browser did not start", WebDriver.newSession({
      hostname: "127.0.0.1",
      port: webdriver.port,
      logLevel: "warn",
      // A command that hangs should fail, not be sent again.
      connectionRetryCount: 0,
      connectionRetryTimeout: COMMAND_TIMEOUT_MS * 2,
      capabilities,
    }));
    await client.setTimeouts(0, COMMAND_TIMEOUT_MS, COMMAND_TIMEOUT_MS);
    return new WebKitSession(viewport, client, messages, join(dataDir, "control.sock"), cleanup);
  } catch (error) {
    await cleanup().catch(() => undefined);
    const output = messages.recentNoise();
    throw new Error(`launchWebKit failed: ${String(error)}${output ? `\nbrowser output:\n${output}` : ""}`, { cause: error });
  }
}
