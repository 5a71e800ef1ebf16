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
 * cannot go narrower than ~447 px and keeps console messages to itself. WebKit
 * prints page console messages on stderr, which every process in the tree
 * inherits from WebKitWebDriver, so they arrive on the pipe we hold; see
 * ConsoleReader for the format.
 */
import { spawn, type ChildProcess, type StdioOptions } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import WebDriver, { type Client } from "webdriver";
import type { BrowserSession, Viewport } from "./driver.ts";

const WEBKIT_WEBDRIVER = "/usr/bin/WebKitWebDriver";
// Debian's python3-gi belongs to the system interpreter, not to whatever `python3` is first on PATH.
const PYTHON = "/usr/bin/python3";
const SETPRIV = "/usr/bin/setpriv";
const HOST = fileURLToPath(new URL("./webkit-host.py", import.meta.url));

const STARTUP_TIMEOUT_MS = 15_000;
const COMMAND_TIMEOUT_MS = 30_000;
// How long an action waits for its console messages to come through the pipe
// (see settle()). They normally take a millisecond; this only bounds a page
// that has replaced console.debug.
const SETTLE_TIMEOUT_MS = 1_000;
const ELEMENT_KEY = "element-6066-11e4-a5e6-4cdd1b7bb01a";

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
  level: "LOG" | "INFO" | "WARN" | "ERROR" | "DEBUG";
  text: string;
}

/**
 * WebKit's format (JSC::ConsoleClient::printConsoleMessage), one message per
 * write to stderr:
 *
 *   http://127.0.0.1:4000/page:3:14: CONSOLE ERROR an error
 *   CONSOLE JS ERROR Unhandled Promise Rejection: Error: rejected!
 *   CONSOLE SECURITY ERROR Unrecognized Content-Security-Policy directive 'manifest-src'.
 *
 * The location is left out when WebKit has none, and the source when the
 * message came from console.*. The lookahead keeps `console.log("ERROR x")`
 * from being read as source LOG, level ERROR.
 */
const CONSOLE_LINE =
  /^(?:(?<url>.*?):(?<line>\d+):(?<column>\d+): )?CONSOLE (?:(?!(?:LOG|INFO|WARN|ERROR|DEBUG) )(?<source>[A-Z]+) )?(?<level>LOG|INFO|WARN|ERROR|DEBUG) (?<text>.*)$/;
// GLib's own warnings ("(WebKitWebProcess:123): Gtk-WARNING **: …") share the
// stream; they must not be taken for the next line of a multi-line message.
const GLIB_LINE = /^(?:\(\S+:\d+\): |\*\* \(|\S+-(?:WARNING|CRITICAL|Message|DEBUG) \*\*)/;

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
    const match = CONSOLE_LINE.exec(line);
    if (match?.groups) {
      const { url, line: lineNumber, column, source, level, text = "" } = match.groups;
      const barrier = this.barriers.get(text);
      if (barrier || text.startsWith(BARRIER_PREFIX)) {
        barrier?.();
        this.current.set(stream, undefined);
        return;
      }
      const message: ConsoleMessage = {
        url: url || undefined,
        line: lineNumber === undefined ? undefined : Number(lineNumber),
        column: column === undefined ? undefined : Number(column),
        source,
        level: level as ConsoleMessage["level"],
        text,
      };
      this.messages.push(message);
      this.current.set(stream, message);
      return;
    }
    const message = this.current.get(stream);
    if (message && !GLIB_LINE.test(line)) {
      message.text += "\n" + line;
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
  const where = message.url ? ` (${message.url}:${message.line}:${message.column})` : "";
  return `[${(message.source ?? "console").toLowerCase()}] ${message.text}${where}`;
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
      await Promise.race([this.exited, sleep(2_000)]);
    }
    // Also when the leader has already exited: its children may linger in the group.
    this.signalGroup("SIGKILL");
    await Promise.race([this.exited, sleep(2_000)]);
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

// Ends every process group we started when Node exits without close() having
// run, e.g. after an uncaught exception. Only synchronous work is possible there.
const liveChildren = new Set<Child>();
process.on("exit", () => {
  for (const child of liveChildren) child.signalGroup("SIGKILL");
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
  readonly viewport: Viewport;
  private readonly client: Client;
  private readonly messages: ConsoleReader;
  private readonly cleanup: () => Promise<void>;
  private closed = false;

  constructor(viewport: Viewport, client: Client, messages: ConsoleReader, cleanup: () => Promise<void>) {
    this.viewport = viewport;
    this.client = client;
    this.messages = messages;
    this.cleanup = cleanup;
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
    // logged is in by the time evaluate() resolves.
    const script = `
      const done = arguments[arguments.length - 1];
      const args = Array.prototype.slice.call(arguments, 0, -1);
      const finish = (result) => { console.debug(${JSON.stringify(token)}); done(result); };
      Promise.resolve()
        .then(() => (${fn.toString()}).apply(null, args))
        .then(
          (value) => finish({ ok: true, json: value === undefined ? undefined : JSON.stringify(value) }),
          (error) => finish({ ok: false, error: error instanceof Error ? String(error.stack || error) : String(error) }),
        )
        .catch((error) => finish({ ok: false, error: "result is not JSON-serialisable: " + String(error) }));`;
    try {
      const result: unknown = await this.client.executeAsyncScript(script, args);
      await Promise.race([seen, sleep(SETTLE_TIMEOUT_MS)]);
      return decodeEvaluation<T>(result);
    } finally {
      forget();
    }
  }

  async click(selector: string): Promise<void> {
    const found: unknown = await this.client.findElement("css selector", selector);
    const id = elementId(found);
    if (id === undefined) throw new Error(`click: no element matches ${selector}`);
    // Element Click scrolls the element into view and clicks the centre of its
    // visible part with synthesised, trusted mouse events; it fails if
    // something else covers that point, as a user's click would miss.
    await this.client.elementClick(id);
    await this.settle();
  }

  async press(key: string): Promise<void> {
    const names = key.split("+");
    const codes = names.map((name) => {
      const code = KEYS[name] ?? ([...name].length === 1 ? name : undefined);
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
    const actions = [...text].flatMap((value) => [
      { type: "keyDown", value },
      { type: "keyUp", value },
    ]);
    if (actions.length === 0) return;
    await this.client.performActions([{ type: "key", id: "keyboard", actions }]);
    await this.settle();
  }

  async screenshot(path: string): Promise<void> {
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

  /**
   * Console messages reach us over a pipe, the WebDriver reply over HTTP, so
   * either can come first. Printing a token from the page and waiting for it
   * makes everything the page logged before it part of this call's results.
   */
  private async settle(): Promise<void> {
    const { token, seen, forget } = this.messages.barrier();
    try {
      await this.client.executeScript(`console.debug(${JSON.stringify(token)})`, []);
      await Promise.race([seen, sleep(SETTLE_TIMEOUT_MS)]);
    } catch {
      // An open alert or a navigation in progress: nothing to line up with.
    } finally {
      forget();
    }
  }
}

function elementId(reference: unknown): string | undefined {
  if (typeof reference !== "object" || reference === null) return undefined;
  const id: unknown = (reference as Record<string, unknown>)[ELEMENT_KEY];
  return typeof id === "string" ? id : undefined;
}

function decodeEvaluation<T>(result: unknown): T {
  if (typeof result !== "object" || result === null || !("ok" in result)) {
    throw new Error(`evaluate: unexpected reply ${JSON.stringify(result)}`);
  }
  const reply = result as { ok: boolean; json?: string | null; error?: string };
  if (!reply.ok) throw new Error(`evaluate: the page threw: ${reply.error ?? "(nothing)"}`);
  // The caller's T is only as true as the function it passed; JSON.parse cannot check it.
  return (typeof reply.json === "string" ? JSON.parse(reply.json) : undefined) as T;
}

/** Starts Xvfb, WebKitWebDriver and our WebKitGTK host with a window of exactly `viewport`. */
export async function launchWebKit(viewport: Viewport): Promise<BrowserSession> {
  const dataDir = await mkdtemp(join(tmpdir(), "webkit-session-"));
  const messages = new ConsoleReader();
  let xvfb: Child | undefined;
  let driver: Child | undefined;
  let client: Client | undefined;

  const cleanup = async (): Promise<void> => {
    if (client) {
      // Lets WebKitWebDriver close the browser in order; the group kill below is the backstop.
      await Promise.race([client.deleteSession().catch(() => undefined), sleep(3_000)]);
    }
    await driver?.stop();
    await xvfb?.stop();
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    const baseEnv: NodeJS.ProcessEnv = {
      ...process.env,
      // Isolation from the machine's desktop session and settings, so runs are
      // the same on a developer's machine and on CI: X11 only, no DBus session
      // (it would start a dbus-daemon that outlives us), no accessibility bus,
      // scale 1 so that CSS pixels are screen pixels.
      GDK_BACKEND: "x11",
      WAYLAND_DISPLAY: "",
      DBUS_SESSION_BUS_ADDRESS: "disabled:",
      NO_AT_BRIDGE: "1",
      GTK_A11Y: "none",
      GDK_SCALE: "1",
      GDK_DPI_SCALE: "1",
      GSETTINGS_BACKEND: "memory",
      XDG_CONFIG_HOME: join(dataDir, "config"),
      XDG_CACHE_HOME: join(dataDir, "cache"),
      XDG_DATA_HOME: join(dataDir, "data"),
      PYTHONDONTWRITEBYTECODE: "1",
    };
    const started = await startXvfb(viewport, baseEnv);
    xvfb = started.xvfb;
    const env = { ...baseEnv, DISPLAY: started.display };
    const webdriver = await startWebKitWebDriver(env, messages);
    driver = webdriver.driver;

    client = await WebDriver.newSession({
      hostname: "127.0.0.1",
      port: webdriver.port,
      logLevel: "warn",
      // A command that hangs should fail, not be sent again.
      connectionRetryCount: 0,
      connectionRetryTimeout: COMMAND_TIMEOUT_MS * 2,
      capabilities: {
        // Classic WebDriver only: the webdriver package would otherwise ask for BiDi, which this host does not offer.
        "wdio:enforceWebDriverClassic": true,
        "webkitgtk:browserOptions": {
          binary: PYTHON,
          args: [HOST, "--automation", `--viewport=${viewport.width}x${viewport.height}`, `--data-dir=${dataDir}`],
        },
      },
    });
    await client.setTimeouts(0, COMMAND_TIMEOUT_MS, COMMAND_TIMEOUT_MS);
    return new WebKitSession(viewport, client, messages, cleanup);
  } catch (error) {
    await cleanup().catch(() => undefined);
    const output = messages.recentNoise();
    throw new Error(`launchWebKit failed: ${String(error)}${output ? `\nbrowser output:\n${output}` : ""}`, { cause: error });
  }
}
