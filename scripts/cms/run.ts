/**
 * `npm run cms`: the development site with the content editor at /admin/
 * (EDIT-3). It starts decap-server, which writes the working tree's content
 * files (MODE=fs: no commits; committing stays with the editor's git or, hosted,
 * with the editorial workflow), and the development server with the CMS
 * plugin. Both listen on 127.0.0.1 only. Ctrl+C stops both.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const HOST = "127.0.0.1";
const sitePort = Number(process.env.CMS_SITE_PORT ?? 5173);
const proxyPort = Number(process.env.CMS_PROXY_PORT ?? 8081);
const require = createRequire(import.meta.url);

function start(command: string, args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: "inherit" });
  child.on("exit", (code, signal) => {
    // One without the other is no editor: stop the rest and pass the failure on.
    stopAll();
    process.exitCode = code ?? (signal ? 1 : 0);
  });
  return child;
}

const children: ChildProcess[] = [];
function stopAll(): void {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
}
process.on("SIGINT", stopAll);
process.on("SIGTERM", stopAll);

children.push(
  start(process.execPath, [require.resolve("decap-server")], {
    PORT: String(proxyPort),
    BIND_HOST: HOST,
    MODE: "fs",
    GIT_REPO_DIRECTORY: ROOT,
    // Only the editor's page may call it from a browser.
    ORIGIN: `http://${HOST}:${sitePort}`,
    LOG_LEVEL: process.env.CMS_LOG_LEVEL ?? "warn",
  }),
  start(process.execPath, [join(dirname(require.resolve("@react-router/dev/package.json")), "bin.cjs"), "dev", "--host", HOST, "--port", String(sitePort), "--strictPort"], {
    VEILVAULT_CMS_PROXY: `http://${HOST}:${proxyPort}/api/v1`,
  }),
);
console.log(`content editor: http://${HOST}:${sitePort}/admin/  (the site: http://${HOST}:${sitePort}/)`);
