/**
 * `npm run cms`: the development site with the content editor at /admin/
 * (EDIT-3), on 127.0.0.1 only. The editor's backend, which writes the working
 * tree's content files (no commits: committing stays with the editor's git
 * or, hosted, with the editorial workflow), is part of the development server
 * (admin-plugin.ts) and answers only calls carrying this run's key (EDIT-6):
 * made here, handed to the server in its environment, and printed in the
 * address to open, which is the only way the editor's page learns it.
 * Ctrl+C stops it.
 */
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { EDITOR_KEY_PARAM } from "./editor-api.ts";
import { newEditorKey } from "./editor-guard.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const HOST = "127.0.0.1";
const sitePort = Number(process.env.CMS_SITE_PORT ?? 5173);
const require = createRequire(import.meta.url);
const key = newEditorKey();

const server = spawn(process.execPath, [join(dirname(require.resolve("@react-router/dev/package.json")), "bin.cjs"), "dev", "--host", HOST, "--port", String(sitePort), "--strictPort"], {
  cwd: ROOT,
  env: { ...process.env, VEILVAULT_CMS_KEY: key },
  stdio: "inherit",
});
server.on("exit", (code, signal) => {
  process.exitCode = code ?? (signal ? 1 : 0);
});
const running = () => server.exitCode === null && server.signalCode === null;
const stop = () => {
  if (running()) server.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);

// Printed once the editor answers, so it is the last line the development server's start leaves on the screen.
const origin = `http://${HOST}:${sitePort}`;
while (running() && !(await fetch(`${origin}/admin/config.json`).then((response) => response.ok, () => false))) {
  await new Promise((resolve) => setTimeout(resolve, 250));
}
if (running()) console.log(`content editor: ${origin}/admin/?${EDITOR_KEY_PARAM}=${key}  (the site: ${origin}/)`);
