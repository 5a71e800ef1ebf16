/**
 * The contact page's world map as a dotted SVG, drawn at build time from
 * Natural Earth's land outline (npm world-atlas, 1:110m) with d3-geo. Served as
 * an image file: it costs the page no JavaScript and no route data. The About
 * carousel's offices picture draws its land with the same dots.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { geoContains } from "d3-geo";
import type { Feature, FeatureCollection } from "geojson";
import { feature } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import { WORLD_MAP, WORLD_MAP_HEIGHT, projectToMap } from "../../../app/lib/world-map.ts";

let land: Feature | FeatureCollection | undefined;

function landOutline(): Feature | FeatureCollection {
  if (land) return land;
  const require = createRequire(import.meta.url);
  const topology = JSON.parse(readFileSync(require.resolve("world-atlas/land-110m.json"), "utf8")) as Topology<{
    land: GeometryCollection;
  }>;
  land = feature(topology, topology.objects.land);
  return land;
}

/**
 * Path moves for one dot per grid cell on land, between two latitudes, every
 * `step` degrees; a zero-length line with round caps draws a dot in a few bytes.
 */
export function landDotMoves(
  grid: { north: number; south: number; step: number },
  project: (lon: number, lat: number) => { x: number; y: number },
): string[] {
  const outline = landOutline();
  const moves: string[] = [];
  const half = grid.step / 2;
  for (let lat = grid.north - half; lat > grid.south; lat -= grid.step) {
    for (let lon = -180 + half; lon < 180; lon += grid.step) {
      if (!geoContains(outline, [lon, lat])) continue;
      const { x, y } = project(lon, lat);
      moves.push(`M${x} ${y}h0`);
    }
  }
  return moves;
}

export function worldMapSvg(): { svg: string; dots: number } {
  const moves = landDotMoves(WORLD_MAP, projectToMap);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WORLD_MAP.width} ${WORLD_MAP_HEIGHT}" ` +
    `width="${WORLD_MAP.width}" height="${WORLD_MAP_HEIGHT}">` +
    `<path d="${moves.join("")}" stroke="#4A5878" stroke-width="4.2" stroke-linecap="round" fill="none"/></svg>\n`;
  return { svg, dots: moves.length };
}
