/**
 * The production build with its islands on React DOM instead of
 * preact/compat (PERF-10): a copy of build/client whose pages name the
 * islands bundled with ISLANDS_RUNTIME=react-dom, as the one-line switch in
 * scripts/build/lib/islands.ts would build them. The HTML's precompressed
 * copies are left out (they name the Preact script), so the server sends the
 * rewritten pages as they are.
 */
import { cp, mkdir, mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { builtPages } from "../../scripts/build/lib/built-pages.ts";
import { bundleIslands, type IslandsResult } from "../../scripts/build/lib/islands.ts";

const root = new URL("../..", import.meta.url).pathname;

export async function reactDomIslandsSite(): Promise<{ root: string; client: string; manifest: string; dataDir: string; islands: IslandsResult }> {
  const site = await mkdtemp(join(tmpdir(), "veilvault-react-islands-"));
  const client = join(site, "client");
  await cp(join(root, "build", "client"), client, { recursive: true, filter: (source) => !/\.html\.(br|gz)$/.test(source) });
  const islands = await bundleIslands(root, client, await builtPages(client), "react-dom");
  const dataDir = join(site, "data");
  await mkdir(dataDir, { recursive: true });
  return { root: site, client, manifest: join(root, "build", "security.json"), dataDir, islands };
}
