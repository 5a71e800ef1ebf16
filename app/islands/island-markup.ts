/**
 * An island: a part of a prerendered page that needs script (SITE-4, PERF-9).
 * React draws the whole page at build; the browser hydrates only islands,
 * each on its own, from the props written beside its markup. A page declares
 * one by rendering the component a `*.island.tsx` file exports, e.g.
 * `<FaqIsland items={faqs} />`; the build bundles per page only the islands
 * it finds in that page's HTML (scripts/build/lib/islands.ts).
 *
 * When an island hydrates:
 * - `load`: as the page's script runs, after the first paint; its code is in
 *   the page's script;
 * - `visible`: once it comes near the viewport, else when the browser is
 *   idle; its code is in the page's script;
 * - `idle`: after the `load` islands, its code fetched on demand;
 * - `interaction`: on the first pointer, touch or focus inside it, its code
 *   fetched then.
 * A click on a button, or a submit, made inside an island before it is live
 * is replayed once it is (app/islands/runtime.ts), so nothing a visitor does is lost.
 */
export type HydrateWhen = "load" | "visible" | "idle" | "interaction";


/** The element that holds an island's markup; `display: contents` in app.css, so it adds no box. */
export const ISLAND_TAG = "veil-island";

/** The attributes the runtime reads: name, when, props (JSON) and the prefix of the ids React drew inside. */
export const ISLAND_ATTRIBUTES = { name: "data-island", when: "data-when", props: "data-props", ids: "data-ids" } as const;
