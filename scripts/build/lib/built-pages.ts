import { readdir } from "node:fs/promises";
import { join, relative, sep } from "node:path";

export interface BuiltPage {
  /** Absolute path of the HTML file. */
  file: string;
  /** The route it answers: "/features", "/" or "(404)" for 404.html. */
  route: string;
}

/** Every prerendered HTML file under build/client, sorted by route. */
export async function builtPages(client: string): Promise<BuiltPage[]> {
  const entries = await readdir(client, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith(".html"))
    .map((entry) => {
      const file = join(entry.parentPath, entry.name);
      const path = relative(client, file).split(sep).join("/");
      const route = path === "404.html" ? "(404)" : `/${path.replace(/\/?index\.html$/, "")}`;
      return { file, route };
    })
    .sort((a, b) => a.route.localeCompare(b.route));
}
