/**
 * Moves a prerendered page's route data out of script (SEC-2). React Router
 * hands the page's loader data to the browser as inline scripts, one call
 * `window.__reactRouterContext.streamController.enqueue("…")` per chunk, then
 * `…close()`: code whose text is the page's content, so each page would need
 * a hash of its own in the site's CSP, and every edit to a page would change
 * the policy. Here each chunk becomes a data block, which never runs and
 * which CSP does not govern, and the closing call becomes one script, the
 * same on every page, that hands the blocks to React Router in order and
 * closes the stream: the policy then names only code the build writes.
 *
 * The rewrite is strict, as defer-hydration.ts is: markup of another shape
 * fails the build rather than shipping a page that never hydrates.
 */

const CHUNK = /<script>window\.__reactRouterContext\.streamController\.enqueue\(("(?:[^"\\<>]|\\.)*")\);<\/script>/g;
const CLOSE = "<script>window.__reactRouterContext.streamController.close();</script>";

/** The attributes of a chunk's data block. */
export const ROUTE_DATA_BLOCK = 'type="application/json" data-route-data=""';

/**
 * Runs where React Router's closing call ran, after every block: each
 * block's text is the JSON string React Router wrote in its call.
 */
export const ROUTE_DATA_SCRIPT =
  `const c=window.__reactRouterContext.streamController;` +
  `for(const s of document.querySelectorAll("script[data-route-data]"))c.enqueue(JSON.parse(s.textContent));` +
  `c.close();`;

/** The page with its route data in data blocks and one shared script to hand them over. */
export function routeDataAsBlocks(html: string): string {
  const closes = html.split(CLOSE).length - 1;
  if (closes !== 1) throw new Error(`route-data-blocks: expected one closing call of React Router's route data, found ${closes}`);
  const calls = html.match(/streamController\.enqueue\(/g)?.length ?? 0;
  const chunks = [...html.matchAll(CHUNK)];
  if (chunks.length !== calls) throw new Error(`route-data-blocks: ${calls - chunks.length} of React Router's ${calls} route data calls have an unexpected shape`);
  for (const [, literal] of chunks) {
    // Written by JSON.stringify, then with <, > and & escaped: a JSON string as it stands.
    if (typeof JSON.parse(literal ?? "") !== "string") throw new Error("route-data-blocks: a route data call holds no string");
  }
  return html.replace(CHUNK, (_, literal: string) => `<script ${ROUTE_DATA_BLOCK}>${literal}</script>`).replace(CLOSE, () => `<script>${ROUTE_DATA_SCRIPT}</script>`);
}
