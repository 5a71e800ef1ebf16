import type { DiagramLink, DiagramNode } from "../content/types.ts";

/**
 * Places a diagram's nodes on a grid and routes its connectors, so every
 * diagram on the site is data (content) plus this one geometry. Pure: the
 * numbers are unit-tested and the SVG component only draws them.
 */

export interface LayoutOptions {
  /** viewBox width. */
  width: number;
  padding: number;
  columnGap: number;
  rowGap: number;
  nodeHeight: number;
}

export const BLOCK_LAYOUT: LayoutOptions = { width: 540, padding: 12, columnGap: 36, rowGap: 20, nodeHeight: 64 };
/** Phones: one column of nodes; `columnGap` is the room each side for connectors that skip nodes. */
export const STACKED_LAYOUT: LayoutOptions = { width: 340, padding: 6, columnGap: 26, rowGap: 22, nodeHeight: 56 };

export interface PlacedNode extends DiagramNode {
  x: number;
  y: number;
  width: number;
  height: number;
  column: number;
}

export interface RoutedLink extends DiagramLink {
  /** SVG path data. */
  d: string;
}

export interface DiagramLayout {
  width: number;
  height: number;
  nodes: PlacedNode[];
  links: RoutedLink[];
}

const round = (value: number) => Math.round(value * 10) / 10;

function route(from: PlacedNode, to: PlacedNode): string {
  if (from.column !== to.column) {
    const forward = from.column < to.column;
    const x1 = forward ? from.x + from.width : from.x;
    const x2 = forward ? to.x : to.x + to.width;
    const y1 = from.y + from.height / 2;
    const y2 = to.y + to.height / 2;
    const bend = (x2 - x1) / 2;
    return `M${round(x1)} ${round(y1)}C${round(x1 + bend)} ${round(y1)} ${round(x2 - bend)} ${round(y2)} ${round(x2)} ${round(y2)}`;
  }
  const down = from.y < to.y;
  const x = round(from.x + from.width / 2);
  const y1 = down ? from.y + from.height : from.y;
  const y2 = down ? to.y : to.y + to.height;
  return `M${x} ${round(y1)}L${x} ${round(y2)}`;
}

export function layoutDiagram(columns: DiagramNode[][], links: DiagramLink[], options: LayoutOptions = BLOCK_LAYOUT): DiagramLayout {
  const { width, padding, columnGap, rowGap, nodeHeight } = options;
  const count = Math.max(columns.length, 1);
  const nodeWidth = (width - 2 * padding - (count - 1) * columnGap) / count;
  const stackHeight = (nodes: number) => nodes * nodeHeight + Math.max(nodes - 1, 0) * rowGap;
  const tallest = Math.max(...columns.map((column) => stackHeight(column.length)), nodeHeight);
  const height = tallest + 2 * padding;

  const nodes: PlacedNode[] = columns.flatMap((column, columnIndex) => {
    const top = padding + (tallest - stackHeight(column.length)) / 2;
    return column.map((node, row) => ({
      ...node,
      column: columnIndex,
      x: round(padding + columnIndex * (nodeWidth + columnGap)),
      y: round(top + row * (nodeHeight + rowGap)),
      width: round(nodeWidth),
      height: nodeHeight,
    }));
  });

  const byId = new Map(nodes.map((node) => [node.id, node]));
  const routed: RoutedLink[] = links.map((link) => {
    const from = byId.get(link.from);
    const to = byId.get(link.to);
    if (!from || !to) throw new Error(`diagram link ${link.from} -> ${link.to} names a node that does not exist`);
    return { ...link, d: route(from, to) };
  });

  return { width, height: round(height), nodes, links: routed };
}

/**
 * The same diagram as one column, read top to bottom in column order, for
 * narrow screens where side-by-side boxes would shrink their text out of
 * legibility. Neighbours join straight down; a link that skips nodes bends
 * round them, alternately on the right and the left.
 */
export function layoutDiagramStacked(columns: DiagramNode[][], links: DiagramLink[], options: LayoutOptions = STACKED_LAYOUT): DiagramLayout {
  const { width, padding, columnGap: side, rowGap, nodeHeight } = options;
  const order = columns.flat();
  const nodeWidth = width - 2 * (padding + side);
  const nodes: PlacedNode[] = order.map((node, index) => ({
    ...node,
    column: 0,
    x: padding + side,
    y: padding + index * (nodeHeight + rowGap),
    width: nodeWidth,
    height: nodeHeight,
  }));
  const byId = new Map(nodes.map((node, index) => [node.id, { node, index }]));
  let bends = 0;
  const routed: RoutedLink[] = links.map((link) => {
    const start = byId.get(link.from);
    const end = byId.get(link.to);
    if (!start || !end) throw new Error(`diagram link ${link.from} -> ${link.to} names a node that does not exist`);
    const { node: from, index: fromIndex } = start;
    const { node: to, index: toIndex } = end;
    if (Math.abs(fromIndex - toIndex) === 1) return { ...link, d: route(from, to) };
    const right = bends++ % 2 === 0;
    const edge = right ? from.x + from.width : from.x;
    const reach = right ? side - 4 : -(side - 4);
    const y1 = from.y + from.height / 2;
    const y2 = to.y + to.height / 2;
    return { ...link, d: `M${edge} ${y1}C${edge + reach} ${y1} ${edge + reach} ${y2} ${edge} ${y2}` };
  });
  const height = 2 * padding + order.length * nodeHeight + Math.max(order.length - 1, 0) * rowGap;
  return { width, height, nodes, links: routed };
}
