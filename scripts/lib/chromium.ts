import { existsSync } from "node:fs";

/** CHROMIUM_PATH, else Debian's Chromium, else undefined (the tool's own browser, if any). Never a download. */
export function chromiumPath(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined;
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
