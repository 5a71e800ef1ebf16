import type { DiagramLink, DiagramNode, FlowStage } from "../../content/types.ts";
import { layoutDiagram, type LayoutOptions } from "../../lib/diagram-layout.ts";
import { DiagramSvg } from "./diagram-svg.tsx";

const WIDE: LayoutOptions = { width: 1152, padding: 12, columnGap: 40, rowGap: 20, nodeHeight: 72 };
const NARROW: LayoutOptions = { width: 340, padding: 8, columnGap: 0, rowGap: 28, nodeHeight: 64 };

/**
 * The How It Works flow, from data: a row of stages on wide screens, a column
 * on phones (each drawn at a size where its text stays legible). A token
 * travels along every connector.
 */
export function FlowDiagram({ stages, title, description }: { stages: FlowStage[]; title: string; description: string }) {
  const nodes: DiagramNode[] = stages.map((stage) => ({ id: stage.id, label: stage.title, detail: stage.example, tone: stage.tone }));
  const links: DiagramLink[] = stages.slice(1).map((stage, index) => ({ from: stages[index]?.id ?? "", to: stage.id, pulse: true }));
  return (
    <figure className="mt-12">
      <DiagramSvg
        layout={layoutDiagram(nodes.map((node) => [node]), links, WIDE)}
        title={title}
        description={description}
        className="hidden lg:block"
      />
      <DiagramSvg
        layout={layoutDiagram([nodes], links, NARROW)}
        title={title}
        description={description}
        className="mx-auto max-w-sm lg:hidden"
      />
    </figure>
  );
}
