import { renderToStaticMarkup } from "react-dom/server";
import { DiagramSvg } from "../components/diagram/diagram-svg.tsx";
import type { Diagram, DiagramLink, DiagramNode, DiagramMarkup, FlowStage, TextBlock, WithDiagramMarkup } from "../content/types.ts";
import { layoutDiagram, layoutDiagramStacked, type LayoutOptions } from "../lib/diagram-layout.ts";

/**
 * Diagrams are drawn once, while prerendering: the page gets the finished SVG
 * markup in its HTML and route data, so the browser ships no layout code and
 * hydration skips every diagram. Each diagram comes in two drawings, columns
 * for wide screens and a stack for phones; CSS shows one.
 */

const FLOW_WIDE: LayoutOptions = { width: 1152, padding: 12, columnGap: 40, rowGap: 20, nodeHeight: 72 };
const FLOW_NARROW: LayoutOptions = { width: 340, padding: 8, columnGap: 0, rowGap: 28, nodeHeight: 64 };

function draw(idPrefix: string, diagram: Pick<Diagram, "title" | "description">, layout: ReturnType<typeof layoutDiagram>): string {
  return renderToStaticMarkup(<DiagramSvg idPrefix={idPrefix} layout={layout} title={diagram.title} description={diagram.description} />);
}

/** A block's diagram: columns on wide screens, one stack on phones. `idPrefix` must be unique on the page. */
export function diagramMarkup(diagram: Diagram, idPrefix: string): DiagramMarkup {
  return {
    wide: draw(`${idPrefix}-wide`, diagram, layoutDiagram(diagram.columns, diagram.links)),
    narrow: draw(`${idPrefix}-narrow`, diagram, layoutDiagramStacked(diagram.columns, diagram.links)),
  };
}

/** The How It Works flow: a row of stages on wide screens, a column on phones, a token on every connector. */
export function flowMarkup(stages: FlowStage[], text: Pick<Diagram, "title" | "description">, idPrefix: string): DiagramMarkup {
  const nodes: DiagramNode[] = stages.map((stage) => ({ id: stage.id, label: stage.title, detail: stage.example, tone: stage.tone }));
  const links: DiagramLink[] = stages.slice(1).map((stage, index) => ({ from: stages[index]?.id ?? "", to: stage.id, pulse: true }));
  return {
    wide: draw(`${idPrefix}-wide`, text, layoutDiagram(nodes.map((node) => [node]), links, FLOW_WIDE)),
    narrow: draw(`${idPrefix}-narrow`, text, layoutDiagram([nodes], links, FLOW_NARROW)),
  };
}

/** Text blocks with their diagrams drawn; ids `${idPrefix}-1`, `${idPrefix}-2`, … */
export function withDiagramMarkup(blocks: TextBlock[], idPrefix: string): WithDiagramMarkup<TextBlock>[] {
  return blocks.map((block, index) => ({ ...block, graphic: diagramMarkup(block.graphic, `${idPrefix}-${index + 1}`) }));
}
