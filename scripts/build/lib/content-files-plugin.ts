/**
 * The build's side of the content files (EDIT-1, EDIT-2), as a Vite plugin:
 * - before anything is bundled, every file under content/ is held to its
 *   kind's schema and its links are checked; one problem stops the build,
 *   with the file, the field and the reason;
 * - a component that the browser runs may import a content file
 *   (`import file from "content/x.yaml"`): it gets the validated data as
 *   plain values, so neither the parser nor a schema reaches the browser;
 * - in development, an edited content file reloads the page with its words,
 *   which is how an editor in the CMS sees a change.
 */
import { readFileSync } from "node:fs";
import { relative, sep } from "node:path";
import type { Plugin, ViteDevServer } from "vite";
import { contentKindOf } from "../../../app/content/content-kinds.ts";
import { ContentFileError, parseContentFile } from "../../../app/content/content-files.ts";
import { CONTENT_DIR, checkContentFolder } from "../../../app/content/content-files.server.ts";

/** content/`…` for a module id inside the content folder, or undefined. */
function contentFile(id: string): string | undefined {
  const path = relative(CONTENT_DIR, id.split("?")[0] ?? id);
  return path.startsWith("..") || path === id ? undefined : path.split(sep).join("/");
}

function reloadOnEdit(server: ViteDevServer): void {
  server.watcher.add(CONTENT_DIR);
  const reload = (path: string) => {
    if (!contentFile(path)) return;
    // Loaders read content files from disk when their module is evaluated, so every module is evaluated afresh.
    for (const environment of Object.values(server.environments)) environment.moduleGraph.invalidateAll();
    server.ws.send({ type: "full-reload" });
  };
  server.watcher.on("change", reload);
  server.watcher.on("add", reload);
  server.watcher.on("unlink", reload);
}

export function contentFiles(): Plugin {
  return {
    name: "veilvault:content-files",
    buildStart() {
      try {
        checkContentFolder();
      } catch (error) {
        // Only the content's own words: a stack trace would bury the file, the field and the reason.
        if (error instanceof ContentFileError) this.error(`Content files that do not pass their schema:\n${error.message}`);
        throw error;
      }
    },
    load(id) {
      const file = contentFile(id);
      if (!file?.endsWith(".yaml")) return null;
      const kind = contentKindOf(file);
      if (!kind) this.error(`content/${file} is no kind of content file the site knows; see app/content/content-kinds.ts`);
      this.addWatchFile(id);
      const data = parseContentFile(file, readFileSync(id, "utf8"), kind.schema);
      return { code: `export default ${JSON.stringify(data)};\n`, moduleType: "js" };
    },
    configureServer: reloadOnEdit,
  };
}
