/**
 * The CMS's pages on the development server (EDIT-3): /admin/ loads Decap CMS
 * from node_modules, its configuration drawn from the content schemas, and
 * the editor script that writes YAML the way the content files are written.
 * Its backend, which reads and writes the content files, answers at
 * /admin/api on the same server, behind editor-guard.ts (EDIT-6): no other
 * process listens. Only `npm run cms` adds this plugin, and only to the
 * development server, so a production build has no /admin and no CMS code
 * (the server answers /admin with 404, like any unknown path).
 */
import { createReadStream, existsSync, realpathSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { searchForWorkspaceRoot, type Plugin } from "vite";
import { contentBackend } from "./content-backend.ts";
import { decapConfig } from "./decap-config.ts";
import { Refusal } from "./editable-files.ts";
import { EDITOR_API_PATH } from "./editor-api.ts";
import { backendRefusal, hostRefusal, isEditorKey } from "./editor-guard.ts";

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

function send(response: ServerResponse, type: string, body: string, status = 200): void {
  response.writeHead(status, { "content-type": type, "cache-control": "no-store", "x-content-type-options": "nosniff" });
  response.end(body);
}

const sendJson = (response: ServerResponse, status: number, body: unknown) => send(response, "application/json; charset=utf-8", JSON.stringify(body), status);

/** A save carries the whole file, and a picture as base64; nothing the editor writes comes near this. */
const MAX_BODY = 16 * 1024 * 1024;

/** The request's body as JSON, or a Refusal: too large (413) or not JSON (400). */
async function jsonBody(request: IncomingMessage): Promise<unknown> {
  if (Number(request.headers["content-length"] ?? 0) > MAX_BODY) throw new Refusal(413, `a request to the editor's backend may hold at most ${MAX_BODY} bytes`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) throw new Refusal(413, `a request to the editor's backend may hold at most ${MAX_BODY} bytes`);
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8")) as unknown;
  } catch {
    throw new Refusal(400, "the body is not JSON");
  }
}

/** One call of the editor's page to its backend: refused by the guard, refused by the path rules, or answered. */
async function answerBackend(request: IncomingMessage, response: ServerResponse, key: string, answer: ReturnType<typeof contentBackend>): Promise<void> {
  const refused = backendRefusal(request.method, request.headers, request.socket.localPort ?? 0, key);
  if (refused) {
    // Unread, the body would sit in the socket; the refusal ends it.
    response.setHeader("connection", "close");
    if (refused.status === 405) response.setHeader("allow", "POST");
    sendJson(response, refused.status, { error: refused.message });
    request.resume();
    return;
  }
  try {
    sendJson(response, 200, await answer(await jsonBody(request)));
  } catch (error) {
    if (error instanceof Refusal) {
      if (error.status === 413) response.setHeader("connection", "close");
      sendJson(response, error.status, { error: error.message });
      request.resume();
      return;
    }
    // A disk that fails, not a request that is wrong: say so in the terminal, where the editor runs it.
    console.error(`content editor: ${error instanceof Error ? error.message : String(error)}`);
    sendJson(response, 500, { error: "the file could not be read or written; the terminal running npm run cms says why" });
  }
}

export function cmsAdmin({ key }: { key: string | undefined }): Plugin {
  if (!isEditorKey(key)) throw new Error("the content editor needs this run's key (VEILVAULT_CMS_KEY, 43 or more URL-safe characters): start it with npm run cms");
  return {
    name: "veilvault:cms-admin",
    apply: "serve",
    // Bundled before the first visit: the editor's script needs yaml, and the site's pages in the preview
    // need the rest; found later, each would make the development server re-bundle and reload the page.
    config: () => ({
      optimizeDeps: { include: ["yaml", "lucide", "marked", "marked-footnote", "github-slugger", "react-dom/server", "zod"] },
      // node_modules may be a link to a shared copy (as in the editor test's scratch copy of the project); its files are the site's own.
      server: { fs: { allow: [searchForWorkspaceRoot(process.cwd()), realpathSync(join(process.cwd(), "node_modules"))] } },
    }),
    configureServer(server) {
      const answer = contentBackend(server.config.root);
      server.middlewares.use((request, response, next) => {
        const path = new URL(request.url ?? "/", "http://localhost").pathname;
        if (path !== "/admin" && !path.startsWith("/admin/")) {
          next();
          return;
        }
        const foreign = hostRefusal(request.headers, request.socket.localPort ?? 0);
        if (foreign) {
          send(response, "text/plain; charset=utf-8", `${foreign.message}\n`, foreign.status);
        } else if (path === EDITOR_API_PATH) {
          void answerBackend(request, response, key, answer);
        } else if (path === "/admin") {
          response.writeHead(308, { location: "/admin/" });
          response.end();
        } else if (path === "/admin/" || path === "/admin/index.html") {
          // Not through transformIndexHtml: without Vite's client the editor's page is not reloaded when a content file changes, which would drop what the editor is typing.
          send(response, "text/html; charset=utf-8", adminPage("/scripts/cms/admin-page.ts"));
        } else if (path === "/admin/config.json") {
          // Drawn afresh for each visit, so a file added to a folder shows up without a restart.
          send(response, "application/json", JSON.stringify(decapConfig({ proxyUrl: EDITOR_API_PATH, siteUrl: `http://${request.headers.host ?? "127.0.0.1"}` })));
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
