import { describe, expect, it } from "vitest";
import type { DiagramNode } from "../../app/content/types.ts";
import { BLOCK_LAYOUT, layoutDiagram, layoutDiagramStacked } from "../../app/lib/diagram-layout.ts";

const node = (id: string): DiagramNode => ({ id, label: id });

describe("layoutDiagram", () => {
  const columns = [[node("a")], [node("b"), node("c"), node("d")], [node("e")]];
  const layout = layoutDiagram(columns, [
    { from: "a", to: "b" },
    { from: "b", to: "c" },
    { from: "e", to: "d" },
  ]);

  it("keeps every node inside the picture", () => {
    for (const placed of layout.nodes) {
      expect(placed.x).toBeGreaterThanOrEqual(0);
      expect(placed.y).toBeGreaterThanOrEqual(0);
      expect(placed.x + placed.width).toBeLessThanOrEqual(layout.width);
      expect(placed.y + placed.height).toBeLessThanOrEqual(layout.height);
    }
  });

  it("lets no two nodes overlap", () => {
    for (const one of layout.nodes) {
      for (const other of layout.nodes) {
        if (one === other) continue;
        const apart =
          one.x + one.width <= other.x || other.x + other.width <= one.x || one.y + one.height <= other.y || other.y + other.height <= one.y;
        expect(apart, `${one.id} and ${other.id}`).toBe(true);
      }
    }
  });

  it("centres a short column against the tallest", () => {
    const [a, b, c, d] = layout.nodes;
    expect(a!.y + a!.height / 2).toBeCloseTo((b!.y + d!.y + d!.height) / 2, 0);
    expect(c!.y).toBeGreaterThan(b!.y);
  });

  it("joins columns edge to edge, forwards and backwards, and stacks vertically within a column", () => {
    const [ab, bc, ed] = layout.links;
    const a = layout.nodes[0]!;
    const b = layout.nodes[1]!;
    expect(ab!.d.startsWith(`M${a.x + a.width} ${a.y + a.height / 2}C`)).toBe(true);
    expect(ab!.d.endsWith(`${b.x} ${b.y + b.height / 2}`)).toBe(true);
    expect(bc!.d).toMatch(/^M[\d.]+ [\d.]+L[\d.]+ [\d.]+$/);
    const e = layout.nodes[4]!;
    expect(ed!.d.startsWith(`M${e.x} `)).toBe(true);
  });

  it("refuses a link to a node that does not exist", () => {
    expect(() => layoutDiagram([[node("a")]], [{ from: "a", to: "zz" }])).toThrow(/zz/);
  });

  it("uses the whole width for a single column", () => {
    const single = layoutDiagram([[node("x")]], []);
    expect(single.nodes[0]!.width).toBe(BLOCK_LAYOUT.width - 2 * BLOCK_LAYOUT.padding);
  });
});

describe("layoutDiagramStacked", () => {
  const columns = [[node("a")], [node("b"), node("c")], [node("d")]];
  const stacked = layoutDiagramStacked(columns, [
    { from: "a", to: "b" },
    { from: "a", to: "c" },
    { from: "b", to: "d" },
  ]);

  it("puts the nodes in one column, in reading order, inside the picture", () => {
    expect(stacked.nodes.map((placed) => placed.id)).toEqual(["a", "b", "c", "d"]);
    const xs = new Set(stacked.nodes.map((placed) => placed.x));
    expect(xs.size).toBe(1);
    for (const [index, placed] of stacked.nodes.entries()) {
      if (index > 0) expect(placed.y).toBeGreaterThan(stacked.nodes[index - 1]!.y + stacked.nodes[index - 1]!.height);
      expect(placed.x + placed.width).toBeLessThanOrEqual(stacked.width);
      expect(placed.y + placed.height).toBeLessThanOrEqual(stacked.height);
    }
  });

  it("joins neighbours straight down and bends links that skip nodes round them, alternating sides", () => {
    const [ab, ac, bd] = stacked.links;
    expect(ab!.d).toMatch(/^M[\d.]+ [\d.]+L/);
    const first = stacked.nodes[0]!;
    expect(ac!.d.startsWith(`M${first.x + first.width} `)).toBe(true);
    const second = stacked.nodes[1]!;
    expect(bd!.d.startsWith(`M${second.x} `)).toBe(true);
  });
});
