import { existsSync } from "node:fs";

/** CHROMIUM_PATH, else Debian's Chromium, else undefined (the tool's own browser, if any). Never a download. */
export function chromiumPath(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined;
}

/**
 * For the headless test runs: CHROMIUM_PATH if set, else Debian's
 * chromium-headless-shell (the same Blink and V8 without the desktop browser
 * around them, which is Playwright's own default for headless runs: a third
 * of the start-up and page-load work), else chromiumPath().
 */
export function headlessChromiumPath(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  const shell = "/usr/lib/chromium/chromium-headless-shell";
  return existsSync(shell) ? shell : chromiumPath();
}

/** Flags this machine needs: no sandbox as root, no GPU, no calls home. */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
