/**
 * A copy of the project in a temporary folder, for tests that edit content
 * files the way an editor does (EDIT-4): the CMS writes to the copy's working
 * tree, never to the checkout the other tests read. The copy shares
 * node_modules with the checkout through a link.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { freePort } from "./server-process.ts";
import { copyProjectInto } from "../../scripts/tools/lib/project-copy.ts";

const ROOT = process.cwd();

export interface CmsWorkspace {
  dir: string;
  /** The development site with /admin/, on 127.0.0.1. */
  origin: string;
  /** The editor's address as `npm run cms` prints it, with this run's key (EDIT-6). */
  editorUrl: string;
  stop(): Promise<void>;
}

export function copyProject(): string {
  return copyProjectInto(mkdtempSync(join(tmpdir(), "veilvault-cms-")));
}

async function waitForOk(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm run cms exited with ${child.exitCode} before ${url} answered`);
    const ok = await fetch(url, { signal: AbortSignal.timeout(5_000) }).then((response) => response.ok, () => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/**
 * `npm run cms` in a copy of the project, started as an editor starts it;
 * `files` (paths inside the copy, and their text) are written before it starts.
 */
export async function startCms(files: Readonly<Record<string, string>> = {}): Promise<CmsWorkspace> {
  const dir = copyProject();
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  const sitePort = await freePort();
  const child = spawn("npm", ["run", "-s", "cms"], {
    cwd: dir,
    env: { ...process.env, CMS_SITE_PORT: String(sitePort) },
    stdio: ["ignore", "pipe", "inherit"],
    detached: true,
  });
  const origin = `http://127.0.0.1:${sitePort}`;
  // The address the editor is told to open, as they read it in the terminal; the rest of the output passes through.
  const editorUrl = new Promise<string>((resolve) => {
    createInterface({ input: child.stdout }).on("line", (line) => {
      const printed = /^content editor: (\S+)/.exec(line)?.[1];
      if (printed) resolve(printed);
      else process.stdout.write(`${line}\n`);
    });
  });
  const stop = async () => {
    if (child.exitCode === null && child.pid) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      process.kill(-child.pid, "SIGTERM");
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForOk(`${origin}/admin/config.json`, child, 60_000);
    return { dir, origin, editorUrl: await editorUrl, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** `react-router build` in `dir`: its exit code and everything it printed. */
export function buildIn(dir: string): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, [join(ROOT, "node_modules/@react-router/dev/bin.cjs"), "build"], { cwd: dir, encoding: "utf8", timeout: 120_000 });
  return { status: result.status, output: `${result.stdout}\n${result.stderr}` };
}
