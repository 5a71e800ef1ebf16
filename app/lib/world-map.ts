/**
 * The contact page's world map: an equirectangular projection cropped to the
 * inhabited latitudes. The build draws the land as dots with it
 * (scripts/build/lib/world-map-svg.ts) and the page places the office pins with it,
 * so pins and land always line up.
 */
export const WORLD_MAP = {
  width: 1000,
  /** Latitudes shown: Antarctica and the high Arctic are left out. */
  north: 84,
  south: -58,
  /** Degrees between dots. */
  step: 2.25,
} as const;

export const WORLD_MAP_HEIGHT = Math.round((WORLD_MAP.width * (WORLD_MAP.north - WORLD_MAP.south)) / 360);

export const WORLD_MAP_PATH = "/images/world-map.svg";

/** A point on the map, in the map's own units (0..width, 0..height). */
export function projectToMap(lon: number, lat: number): { x: number; y: number } {
  const x = ((lon + 180) / 360) * WORLD_MAP.width;
  const y = ((WORLD_MAP.north - lat) / (WORLD_MAP.north - WORLD_MAP.south)) * WORLD_MAP_HEIGHT;
  return { x: Math.round(x * 10) / 10, y: Math.round(y * 10) / 10 };
}
