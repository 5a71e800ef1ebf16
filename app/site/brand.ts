/**
 * Brand primitives as plain data. Kept free of JSX and DOM so that the React
 * components and the Node build scripts (favicons, social cards) draw from the
 * same source and can never drift apart.
 */

export const brandColors = {
  ink: "#0B1020",
  surface: "#FFFFFF",
  surfaceMuted: "#F5F7FB",
  text: "#0F172A",
  textMuted: "#475569",
  accentIndigo: "#6366F1",
  accentViolet: "#8B5CF6",
  accentCyan: "#22D3EE",
} as const;

export interface GradientStop {
  readonly offset: number;
  readonly color: string;
}

/** The single accent gradient; every gradient in the brand uses these stops. */
export const accentGradient: readonly GradientStop[] = [
  { offset: 0, color: brandColors.accentIndigo },
  { offset: 0.5, color: brandColors.accentViolet },
  { offset: 1, color: brandColors.accentCyan },
];

/** Named paints rather than raw colours, so each renderer decides how "accent" becomes a gradient reference. */
export type BrandPaint = "ink" | "accent" | "white";

/** Resolves a named paint to an SVG paint value; "accent" points at the caller's own gradient element. */
export function paintValue(value: BrandPaint | "none", gradientId: string): string {
  switch (value) {
    case "none":
      return "none";
    case "ink":
      return brandColors.ink;
    case "white":
      return brandColors.surface;
    case "accent":
      return `url(#${gradientId})`;
  }
}

export interface BrandMarkElement {
  readonly name: string;
  /**
   * "tile" elements form the mark's own background and "edge" only exists to
   * outline that tile against ink-coloured surroundings. Renderers that sit on
   * a full-bleed ink field (maskable and Apple touch icons) keep just the
   * glyph, so the icon does not become a tile inside a tile; large standalone
   * app icons drop the edge, which would read as a bevel at that size.
   */
  readonly layer: "tile" | "edge" | "glyph";
  readonly d: string;
  readonly fill: BrandPaint | "none";
  readonly fillRule?: "nonzero" | "evenodd";
  readonly stroke?: BrandPaint;
  readonly strokeWidth?: number;
  readonly strokeLinecap?: "butt" | "round" | "square";
  readonly strokeLinejoin?: "miter" | "round" | "bevel";
  readonly opacity?: number;
}

export interface BrandMark {
  readonly viewBox: string;
  readonly size: number;
  /** Accent gradient vector, in viewBox units (gradientUnits="userSpaceOnUse"). */
  readonly gradient: { readonly x1: number; readonly y1: number; readonly x2: number; readonly y2: number };
  /** Centre and extent of the glyph layer, for renderers that scale it on its own. */
  readonly glyphBox: { readonly x: number; readonly y: number; readonly width: number; readonly height: number };
  readonly elements: readonly BrandMarkElement[];
}

/**
 * The mark: an ink vault tile holding a V-shaped shield with a keyhole cut
 * through it. Reads as the initial, a vault and a lock at once. The shield's
 * top edge and the keyhole sit on the 32 grid so they stay crisp at 16 and
 * 32 px; the keyhole is a true cut-out (even-odd) so the mark also works on
 * any backdrop, not only on its own tile.
 */
export const brandMark: BrandMark = {
  viewBox: "0 0 32 32",
  size: 32,
  // Indigo at the top-left shoulder through violet to cyan at the point.
  gradient: { x1: 7.5, y1: 9.5, x2: 24.5, y2: 24 },
  glyphBox: { x: 6.8, y: 8, width: 18.4, height: 17 },
  elements: [
    {
      name: "tile",
      layer: "tile",
      d: "M8 0H24A8 8 0 0 1 32 8V24A8 8 0 0 1 24 32H8A8 8 0 0 1 0 24V8A8 8 0 0 1 8 0Z",
      fill: "ink",
    },
    {
      // A hairline keeps the tile's edge visible on ink-coloured pages and dark browser chrome.
      name: "tile-edge",
      layer: "edge",
      d: "M8 0.25H24A7.75 7.75 0 0 1 31.75 8V24A7.75 7.75 0 0 1 24 31.75H8A7.75 7.75 0 0 1 0.25 24V8A7.75 7.75 0 0 1 8 0.25Z",
      fill: "none",
      stroke: "white",
      strokeWidth: 0.5,
      opacity: 0.16,
    },
    {
      name: "shield",
      layer: "glyph",
      d:
        "M7.07 11.52A2.4 2.4 0 0 1 9.19 8L22.81 8A2.4 2.4 0 0 1 24.93 11.52L18.65 23.39A3 3 0 0 1 13.35 23.39Z" +
        "M14.92 17.29A3.12 3.12 0 1 1 17.08 17.29L17.92 21H14.08Z",
      fill: "accent",
      fillRule: "evenodd",
    },
  ],
};
