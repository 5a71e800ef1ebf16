/**
 * `npm start` serves the production build. This builds it first when it is
 * missing or older than any source it is made from, so a fresh clone needs
 * only `npm install && npm start`.
 */
import { spawnSync } from "node:child_process";
import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";

const root = new URL("../..", import.meta.url).pathname;
const marker = join(root, "build", "client", "404.html");
const sources = ["app", "common", "content", "public", "scripts/build", "package.json", "vite.config.ts", "react-router.config.ts"];

async function newestMtime(path: string): Promise<number> {
  let info;
  try {
    info = await stat(path);
  } catch {
    return 0;
  }
  if (!info.isDirectory()) return info.mtimeMs;
  const entries = await readdir(path);
  const times = await Promise.all(entries.map((entry) => newestMtime(join(path, entry))));
  return Math.max(info.mtimeMs, ...times);
}

const built = await newestMtime(marker);
const changed = Math.max(...(await Promise.all(sources.map((source) => newestMtime(join(root, source))))));
if (built === 0 || changed > built) {
  console.log(built === 0 ? "No build found: building the site." : "Sources changed since the last build: rebuilding.");
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  process.exit(result.status ?? 1);
}
