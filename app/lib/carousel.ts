/**
 * The About page carousel's rules (requirements CO-2 to CO-6):
 * indexes wrap around, slides advance every 3000 ms, and rotation runs only
 * while the visitor has not stopped it, is not hovering it, and has not asked
 * for reduced motion without pressing play.
 */
import { CAROUSEL_IMAGE_COUNT, CAROUSEL_INTERVAL_MS } from "./constants.ts";

export { CAROUSEL_IMAGE_COUNT, CAROUSEL_INTERVAL_MS };

/** The slide `step` places from `index`, wrapping at both ends. */
export function wrapIndex(index: number, step: number, count: number): number {
  return (((index + step) % count) + count) % count;
}

export interface RotationState {
  /** The visitor's choice: on unless stopped (or reduced motion asked for at load). */
  rotating: boolean;
  /** The pointer is over the carousel. */
  hovered: boolean;
}

export function isAdvancing(state: RotationState): boolean {
  return state.rotating && !state.hovered;
}

/** Where rotation starts: on, unless the visitor prefers reduced motion. */
export function initialRotation(prefersReducedMotion: boolean): boolean {
  return !prefersReducedMotion;
}

/** Built images: two widths in two modern formats, drawn at build time (scripts/build/lib/carousel-images.ts). */
export const CAROUSEL_IMAGE = { width: 1600, height: 900, widths: [800, 1600], formats: ["avif", "webp"] } as const;

export type CarouselImageFormat = (typeof CAROUSEL_IMAGE.formats)[number];

export function carouselImagePath(id: string, width: number, format: CarouselImageFormat): string {
  return `/images/about/${id}-${width}.${format}`;
}

export function carouselSrcSet(id: string, format: CarouselImageFormat): string {
  return CAROUSEL_IMAGE.widths.map((width) => `${carouselImagePath(id, width, format)} ${width}w`).join(", ");
}

/** The pictures the build can draw (scripts/build/lib/carousel-art.ts), one per slide, in the carousel's order. */
export const CAROUSEL_PICTURES = ["vault", "tokens", "policy", "audit", "offices"] as const;
export type CarouselPicture = (typeof CAROUSEL_PICTURES)[number];
