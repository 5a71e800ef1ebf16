/**
 * Renders the brand images into /tmp/brand-preview for a visual check, plus
 * the favicon at 64 and 16 px, which is where a mark usually falls apart.
 * Usage: node scripts/preview-brand-images.ts
 */
import { readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Resvg } from "@resvg/resvg-js";
import { writeBrandImages } from "./lib/brand-images.ts";

const outDir = "/tmp/brand-preview";

const started = performance.now();
const written = await writeBrandImages(outDir, {
  name: "Veilvault",
  shortName: "Veilvault",
  tagline: "The data privacy vault for the agentic era",
  description: "Veilvault is a data privacy vault that tokenizes personal and health data.",
  themeColor: "#0B1020",
  backgroundColor: "#FFFFFF",
});
const elapsed = performance.now() - started;

const favicon = await readFile(path.join(outDir, "favicon.svg"));
for (const size of [64, 16]) {
  const png = new Resvg(favicon, { fitTo: { mode: "width", value: size }, font: { loadSystemFonts: false } })
    .render()
    .asPng();
  const name = `check-favicon-${size}.png`;
  await writeFile(path.join(outDir, name), png);
  written.push(name);
}

for (const relative of written) {
  const { size } = await stat(path.join(outDir, relative));
  console.log(`${relative.padEnd(28)} ${String(size).padStart(8)} B`);
}
console.log(`writeBrandImages: ${Math.round(elapsed)} ms`);
