import { createElement } from "react";
import type { IconNode } from "../content/types.ts";

/**
 * A decorative line icon drawn from lucide's data: the icons of copy arrive
 * as route data (lib/icons.server.ts), the interface's few are imported from
 * `lucide` directly, so the browser bundle carries drawings but no icon
 * runtime. The text beside it carries the meaning. Copy icons draw a finer
 * line than the interface's (2).
 */
export function Icon({ node, className = "size-6", strokeWidth = 1.75 }: { node: IconNode; className?: string; strokeWidth?: number }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      {node.map(([tag, attributes], index) => createElement(tag, { key: index, ...attributes }))}
    </svg>
  );
}
