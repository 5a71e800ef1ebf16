/**
 * The CMS's pages on the development server (EDIT-3): /admin/ loads Decap CMS
 * from node_modules, its configuration drawn from the content schemas, and
 * the editor script that writes YAML the way the content files are written.
 * Only `npm run cms` adds this plugin, and only to the development server,
 * so a production build has no /admin and no CMS code (the server answers
 * /admin with 404, like any unknown path).
 */
import { createReadStream, existsSync, realpathSync } from "node:fs";
import type { ServerResponse } from "node:http";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { searchForWorkspaceRoot, type Plugin } from "vite";
import { decapConfig } from "./decap-config.ts";

export const DECAP_DIST = dirname(createRequire(import.meta.url).resolve("decap-cms/dist/decap-cms.js"));

/** Decap's bundle and the chunks it loads beside it: names only, never a path. */
const DECAP_FILE = /^\/admin\/decap\/([\w.-]+\.(?:js|wasm))$/;

/** The editor's page: Decap, then our script, which configures and starts it. Paths are relative, so the page works wherever it is served. */
export const adminPage = (script: string) => `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="robots" content="noindex">
  <title>Veilvault content editor</title>
  <script>window.CMS_MANUAL_INIT = true;</script>
  <script src="decap/decap-cms.js"></script>
  <script type="module" src="${script}"></script>
</head>
<body></body>
</html>
`;

function send(response: ServerResponse, type: string, body: string): void {
  response.writeHead(200, { "content-type": type, "cache-control": "no-store" });
  response.end(body);
}

export function cmsAdmin({ proxyUrl }: { proxyUrl: string }): Plugin {
  return {
    name: "veilvault:cms-admin",
    apply: "serve",
    // Bundled before the first visit: the editor's script needs yaml, and the site's pages in the preview
    // need the rest; found later, each would make the development server re-bundle and reload the page.
    config: () => ({
      optimizeDeps: { include: ["yaml", "lucide", "marked", "react-dom/server", "zod"] },
      // node_modules may be a link to a shared copy (as in the editor test's scratch copy of the project); its files are the site's own.
      server: { fs: { allow: [searchForWorkspaceRoot(process.cwd()), realpathSync(join(process.cwd(), "node_modules"))] } },
    }),
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const path = new URL(request.url ?? "/", "http://localhost").pathname;
        if (path === "/admin") {
          response.writeHead(308, { location: "/admin/" });
          response.end();
        } else if (path === "/admin/" || path === "/admin/index.html") {
          // Not through transformIndexHtml: without Vite's client the editor's page is not reloaded when a content file changes, which would drop what the editor is typing.
          send(response, "text/html; charset=utf-8", adminPage("/scripts/cms/admin-page.ts"));
        } else if (path === "/admin/config.json") {
          // Drawn afresh for each visit, so a file added to a folder shows up without a restart.
          send(response, "application/json", JSON.stringify(decapConfig({ proxyUrl, siteUrl: `http://${request.headers.host ?? "127.0.0.1"}` })));
        } else {
          const name = DECAP_FILE.exec(path)?.[1];
          const file = name && join(DECAP_DIST, name);
          if (!file || !existsSync(file)) {
            next();
            return;
          }
          response.writeHead(200, { "content-type": name.endsWith(".wasm") ? "application/wasm" : "text/javascript", "cache-control": "no-store" });
          createReadStream(file).pipe(response);
        }
      });
    },
  };
}
