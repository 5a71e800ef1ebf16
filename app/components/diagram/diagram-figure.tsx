import type { DiagramMarkup } from "../../content/types.ts";
import { cx } from "../../lib/class-names.ts";
import { WATCH_IN_VIEW } from "../../lib/in-view.ts";

/**
 * A diagram drawn at build time, in place: phones get the stacked drawing,
 * wider screens the columns (`wideFrom` picks the breakpoint); only the one
 * shown is in the accessibility tree. The markup is our own build output
 * (lib/diagram-markup.server.tsx), never visitor input. Its tokens travel
 * only while it is on screen (app/islands/page-behaviours.ts).
 */
export function DiagramGraphic({ markup, wideFrom = "sm", className }: { markup: DiagramMarkup; wideFrom?: "sm" | "lg"; className?: string }) {
  return (
    <div className={className} {...{ [WATCH_IN_VIEW]: "" }}>
      <div className={wideFrom === "sm" ? "hidden sm:block" : "hidden lg:block"} dangerouslySetInnerHTML={{ __html: markup.wide }} />
      <div
        className={cx("mx-auto max-w-sm", wideFrom === "sm" ? "sm:hidden" : "lg:hidden")}
        dangerouslySetInnerHTML={{ __html: markup.narrow }}
      />
    </div>
  );
}

/** A block's diagram in its frame: the graphic of an alternating block or a landing hero. */
export function DiagramFigure({ markup }: { markup: DiagramMarkup }) {
  return <DiagramGraphic markup={markup} className="rounded-3xl border border-line bg-surface-muted p-4 sm:p-6" />;
}
