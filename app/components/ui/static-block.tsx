import type { StaticMarkup } from "../../content/types.ts";

/**
 * A part of a page drawn at build time (route-data/static-markup.server.tsx,
 * PERF-8), placed as it is. It adds no box of its own (`display: contents`),
 * so its parts sit in the surrounding layout as if written there.
 */
export function StaticBlock({ markup }: { markup: StaticMarkup }) {
  return <div className="contents" dangerouslySetInnerHTML={{ __html: markup.html }} />;
}
