import { createElement } from "react";
import type { IconNode } from "../content/types.ts";
import { cx } from "../lib/class-names.ts";

/**
 * A decorative line icon drawn from data (lib/icons.server.ts), with lucide's
 * stroke settings so it matches the interface icons. The text beside it
 * carries the meaning.
 */
export function Icon({ node, className }: { node: IconNode; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={cx("size-6", className)}
    >
      {node.map(([tag, attributes], index) => createElement(tag, { key: index, ...attributes }))}
    </svg>
  );
}
