/**
 * `npm run cms:export -- --repo <owner>/<name> --out <folder> [--backend github|gitlab] [--branch main] [--site https://…]`
 * writes the editor as a static folder for a hosted set-up (docs/editing.md):
 * the page, Decap's bundle, our editor script bundled, and a configuration with
 * the same entries and fields as `npm run cms`, a Git provider as the backend
 * and the editorial workflow, so that each save opens a pull request. Deploy
 * the folder apart from the public site.
 */
import { copyFileSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { build } from "vite";
import { adminPage, DECAP_DIST } from "./admin-plugin.ts";
import { decapConfig } from "./decap-config.ts";

const { values } = parseArgs({
  options: {
    repo: { type: "string" },
    out: { type: "string" },
    backend: { type: "string", default: "github" },
    branch: { type: "string", default: "main" },
    site: { type: "string", default: "https://www.veilvault.example" },
  },
});
const { repo, out, backend, branch, site } = values;
if (!repo || !/^[\w.-]+\/[\w.-]+$/.test(repo) || !out || (backend !== "github" && backend !== "gitlab")) {
  console.error("usage: npm run cms:export -- --repo <owner>/<name> --out <folder> [--backend github|gitlab] [--branch main] [--site https://…]");
  process.exit(2);
}
const folder = resolve(out);
mkdirSync(join(folder, "decap"), { recursive: true });
for (const name of readdirSync(DECAP_DIST).filter((file) => /\.(js|wasm)$/.test(file) && !file.endsWith(".map"))) copyFileSync(join(DECAP_DIST, name), join(folder, "decap", name));
await build({
  configFile: false,
  logLevel: "warn",
  build: { outDir: folder, emptyOutDir: false, lib: { entry: resolve(import.meta.dirname, "admin-page.ts"), formats: ["es"], fileName: () => "admin-page.js" } },
});
writeFileSync(join(folder, "config.json"), `${JSON.stringify(decapConfig({ backend: { name: backend, repo, branch }, siteUrl: site }), null, 2)}\n`);
writeFileSync(join(folder, "index.html"), adminPage("admin-page.js"));
console.log(`editor written to ${folder}: index.html, config.json, admin-page.js, decap/`);
