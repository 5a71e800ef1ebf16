import type { Diagram } from "../../content/types.ts";
import { layoutDiagram, layoutDiagramStacked } from "../../lib/diagram-layout.ts";
import { DiagramSvg } from "./diagram-svg.tsx";

/**
 * A content diagram in its frame: the graphic of an alternating block. Phones
 * get the stacked drawing, wider screens the columns; only the one shown is in
 * the accessibility tree.
 */
export function DiagramFigure({ diagram }: { diagram: Diagram }) {
  return (
    <div className="rounded-3xl border border-line bg-surface-muted p-4 sm:p-6">
      <DiagramSvg
        layout={layoutDiagram(diagram.columns, diagram.links)}
        title={diagram.title}
        description={diagram.description}
        className="hidden sm:block"
      />
      <DiagramSvg
        layout={layoutDiagramStacked(diagram.columns, diagram.links)}
        title={diagram.title}
        description={diagram.description}
        className="mx-auto max-w-sm sm:hidden"
      />
    </div>
  );
}
