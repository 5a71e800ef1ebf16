/**
 * The contact page's world map as a dotted SVG, drawn at build time from
 * Natural Earth's land outline (npm world-atlas, 1:110m) with d3-geo. Served as
 * an image file: it costs the page no JavaScript and no route data.
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { geoContains } from "d3-geo";
import { feature } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import { WORLD_MAP, WORLD_MAP_HEIGHT, projectToMap } from "../../app/lib/world-map.ts";

const require = createRequire(import.meta.url);

export async function worldMapSvg(): Promise<{ svg: string; dots: number }> {
  const topology = JSON.parse(await readFile(require.resolve("world-atlas/land-110m.json"), "utf8")) as Topology<{
    land: GeometryCollection;
  }>;
  const land = feature(topology, topology.objects.land);
  const moves: string[] = [];
  const half = WORLD_MAP.step / 2;
  for (let lat = WORLD_MAP.north - half; lat > WORLD_MAP.south; lat -= WORLD_MAP.step) {
    for (let lon = -180 + half; lon < 180; lon += WORLD_MAP.step) {
      if (!geoContains(land, [lon, lat])) continue;
      const { x, y } = projectToMap(lon, lat);
      // A zero-length line with round caps draws a dot in a few bytes.
      moves.push(`M${x} ${y}h0`);
    }
  }
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WORLD_MAP.width} ${WORLD_MAP_HEIGHT}" ` +
    `width="${WORLD_MAP.width}" height="${WORLD_MAP_HEIGHT}">` +
    `<path d="${moves.join("")}" stroke="#4A5878" stroke-width="4.2" stroke-linecap="round" fill="none"/></svg>\n`;
  return { svg, dots: moves.length };
}
