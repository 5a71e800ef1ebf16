import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { Resvg, type ResvgRenderOptions } from "@resvg/resvg-js";
import { decompress } from "wawoff2";
import {
  accentGradient,
  brandColors,
  brandMark,
  paintValue,
  type BrandMarkElement,
} from "../../../app/site/brand.ts";

export interface BrandImageInput {
  name: string;
  shortName: string;
  tagline: string;
  description: string;
  themeColor: string;
  backgroundColor: string;
}

export type FontOptions = NonNullable<ResvgRenderOptions["font"]>;

const require = createRequire(import.meta.url);

const FONT_WEIGHTS = [400, 600, 700] as const;

// Shown on the social card only; these are the regimes the product is built
// for, not certifications, so they are stated as plain names.
const FRAMEWORKS = ["GDPR", "DPDP", "HIPAA", "PCI DSS", "CCPA"] as const;

const OG_WIDTH = 1200;
const OG_HEIGHT = 630;
const OG_MARGIN = 80;

function escapeXml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/**
 * resvg only reads sfnt fonts and must not fall back to system fonts (CI
 * machines have none, or different ones), so the Fontsource WOFF2 files are
 * unpacked to TTF for the duration of one run.
 */
export async function withInterFonts<T>(run: (font: FontOptions) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), "veilvault-fonts-"));
  try {
    const fontFiles = await Promise.all(
      FONT_WEIGHTS.map(async (weight) => {
        const source = require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff2`);
        const ttf = await decompress(await readFile(source));
        const target = path.join(dir, `inter-${weight}.ttf`);
        await writeFile(target, ttf);
        return target;
      }),
    );
    return await run({ loadSystemFonts: false, fontFiles, defaultFontFamily: "Inter", sansSerifFamily: "Inter" });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export function renderPng(svg: string, width: number, font: FontOptions): Buffer {
  return new Resvg(svg, { fitTo: { mode: "width", value: width }, font, shapeRendering: 2, textRendering: 1 })
    .render()
    .asPng();
}

function accentStops(): string {
  return accentGradient.map((stop) => `<stop offset="${stop.offset}" stop-color="${stop.color}"/>`).join("");
}

/** The mark's accent gradient, in the mark's own 32-unit space. */
function gradientDefs(id: string): string {
  const { x1, y1, x2, y2 } = brandMark.gradient;
  return `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${accentStops()}</linearGradient>`;
}

export type MarkLayer = BrandMarkElement["layer"];

export const ALL_LAYERS: readonly MarkLayer[] = ["tile", "edge", "glyph"];

/** The mark's paths in its own 32-unit coordinate space; callers position it with a transform. */
function markPaths(gradientId: string, layers: readonly MarkLayer[]): string {
  return brandMark.elements
    .filter((element) => layers.includes(element.layer))
    .map((element) => {
      const attributes = [
        `d="${element.d}"`,
        `fill="${paintValue(element.fill, gradientId)}"`,
        element.fillRule ? `fill-rule="${element.fillRule}"` : "",
        element.stroke ? `stroke="${paintValue(element.stroke, gradientId)}"` : "",
        element.strokeWidth === undefined ? "" : `stroke-width="${element.strokeWidth}"`,
        element.strokeLinecap ? `stroke-linecap="${element.strokeLinecap}"` : "",
        element.strokeLinejoin ? `stroke-linejoin="${element.strokeLinejoin}"` : "",
        element.opacity === undefined ? "" : `opacity="${element.opacity}"`,
      ].filter(Boolean);
      return `<path ${attributes.join(" ")}/>`;
    })
    .join("");
}

export function markSvg(layers: readonly MarkLayer[]): string {
  const id = "vv-accent";
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${brandMark.viewBox}" width="${brandMark.size}" height="${brandMark.size}">`,
    `<defs>${gradientDefs(id)}</defs>`,
    markPaths(id, layers),
    `</svg>`,
  ].join("");
}

/**
 * Launcher icons that the platform masks itself (Android maskable, iOS touch
 * icons) get a full-bleed ink field with the glyph centred, sized by the
 * glyph's diagonal so nothing leaves the circular safe zone.
 */
function fullBleedIconSvg(size: number, glyphDiagonalRatio: number): string {
  const id = "vv-accent";
  const box = brandMark.glyphBox;
  const scale = (size * glyphDiagonalRatio) / Math.hypot(box.width, box.height);
  const tx = size / 2 - (box.x + box.width / 2) * scale;
  const ty = size / 2 - (box.y + box.height / 2) * scale;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" width="${size}" height="${size}">`,
    `<defs>${gradientDefs(id)}</defs>`,
    `<rect width="${size}" height="${size}" fill="${brandColors.ink}"/>`,
    `<g transform="translate(${round(tx)} ${round(ty)}) scale(${round(scale)})">${markPaths(id, ["glyph"])}</g>`,
    `</svg>`,
  ].join("");
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/**
 * A single-image ICO: ICONDIR (reserved, type 1, count 1) and one
 * ICONDIRENTRY pointing at PNG bytes. Every current browser accepts PNG
 * payloads, so no BMP/AND-mask encoding is needed.
 */
function pngToIco(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(6 + 16);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(1, 4);
  // Width and height are one byte each; 0 stands for 256.
  header.writeUInt8(size >= 256 ? 0 : size, 6);
  header.writeUInt8(size >= 256 ? 0 : size, 7);
  header.writeUInt8(0, 8); // palette size
  header.writeUInt8(0, 9);
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(header.length, 18);
  return Buffer.concat([header, png]);
}

interface TextStyle {
  size: number;
  weight: number;
  letterSpacing: number;
}

function textWidth(text: string, style: TextStyle, font: FontOptions): number {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="400">` +
    `<text x="0" y="200" font-family="Inter" font-size="${style.size}" font-weight="${style.weight}" letter-spacing="${style.letterSpacing}">${escapeXml(text)}</text>` +
    `</svg>`;
  const width = new Resvg(svg, { font }).getBBox()?.width;
  // resvg silently drops text it has no font for; fail loudly instead of laying out empty lines.
  if (width === undefined || (width === 0 && text.trim() !== "")) {
    throw new Error(`Inter did not load: cannot measure "${text}"`);
  }
  return width;
}

/** Greedy word wrap against real Inter metrics, so any tagline the config supplies fits the card. */
function wrapText(text: string, style: TextStyle, maxWidth: number, font: FontOptions): string[] {
  const lines: string[] = [];
  let current = "";
  for (const word of text.trim().split(/\s+/)) {
    const candidate = current ? `${current} ${word}` : word;
    if (current && textWidth(candidate, style, font) > maxWidth) {
      lines.push(current);
      current = word;
    } else {
      current = candidate;
    }
  }
  if (current) lines.push(current);
  return lines;
}

/**
 * Prefers two lines over three and, for a given line count, the largest size
 * that fits, so a short tagline reads as one confident statement.
 */
function fitTagline(text: string, maxWidth: number, font: FontOptions): { lines: string[]; style: TextStyle } {
  const sizes = [64, 60, 56, 52, 48];
  for (const maxLines of [2, 3]) {
    for (const size of sizes) {
      const style: TextStyle = { size, weight: 700, letterSpacing: -size * 0.025 };
      const lines = wrapText(text, style, maxWidth, font);
      const fits = lines.every((line) => textWidth(line, style, font) <= maxWidth);
      if (lines.length <= maxLines && fits) return { lines, style };
    }
  }
  throw new Error(`Tagline does not fit the social card in three lines: "${text}"`);
}

interface TokenRow {
  raw: string;
  token: string;
}

// Decorative sample values: test card number and obviously masked fields, never real data.
const TOKEN_ROWS: readonly TokenRow[] = [
  { raw: "4111 •••• •••• 1111", token: "tok_8fK2·x9Qd" },
  { raw: "a•••@e••••.com", token: "tok_Vn3x·pR7e" },
  { raw: "+91 ••••• •3210", token: "tok_2Hf9·Lk0a" },
  { raw: "MRN ••••-4821", token: "tok_Jq6w·s8Yb" },
];

interface MotifLayout {
  rawWidth: number;
  tokenWidth: number;
  width: number;
  height: number;
}

const MOTIF = { connector: 36, rowHeight: 52, rowGap: 20, padding: 18, tokenInset: 34, fontSize: 17 } as const;

/** Chip widths follow the sample text, so edits to TOKEN_ROWS cannot overflow a chip. */
function motifLayout(font: FontOptions): MotifLayout {
  const widest = (texts: string[], weight: number): number =>
    Math.max(...texts.map((text) => textWidth(text, { size: MOTIF.fontSize, weight, letterSpacing: 0 }, font)));
  const rawWidth = Math.ceil(widest(TOKEN_ROWS.map((row) => row.raw), 400) + 2 * MOTIF.padding);
  const tokenWidth = Math.ceil(widest(TOKEN_ROWS.map((row) => row.token), 600) + MOTIF.tokenInset + MOTIF.padding);
  return {
    rawWidth,
    tokenWidth,
    width: rawWidth + MOTIF.connector + tokenWidth,
    height: TOKEN_ROWS.length * MOTIF.rowHeight + (TOKEN_ROWS.length - 1) * MOTIF.rowGap,
  };
}

/** Rows of masked field values, each handed over to an opaque token: tokenization at a glance. */
function tokenMotif(x: number, y: number, layout: MotifLayout): string {
  const { connector, rowHeight, rowGap, padding, tokenInset, fontSize } = MOTIF;
  const { rawWidth, tokenWidth } = layout;
  const tokenX = x + rawWidth + connector;
  // userSpaceOnUse: an objectBoundingBox gradient on a zero-height line would not paint at all.
  const parts: string[] = [
    `<linearGradient id="vv-motif" gradientUnits="userSpaceOnUse" x1="${x}" y1="0" x2="${x + layout.width}" y2="0">`,
    accentStops(),
    `</linearGradient>`,
  ];
  TOKEN_ROWS.forEach((row, index) => {
    const top = y + index * (rowHeight + rowGap);
    const mid = top + rowHeight / 2;
    const baseline = mid + 6;
    parts.push(
      `<rect x="${x}" y="${top}" width="${rawWidth}" height="${rowHeight}" rx="12" fill="#FFFFFF" fill-opacity="0.04" stroke="#FFFFFF" stroke-opacity="0.12"/>`,
      `<text x="${x + padding}" y="${baseline}" font-size="${fontSize}" font-weight="400" fill="#FFFFFF" fill-opacity="0.55">${escapeXml(row.raw)}</text>`,
      `<path d="M${x + rawWidth + 6} ${mid}H${tokenX - 8}" stroke="url(#vv-motif)" stroke-width="2" stroke-linecap="round" stroke-dasharray="1 5"/>`,
      `<path d="M${tokenX - 13} ${mid - 5}L${tokenX - 8} ${mid}L${tokenX - 13} ${mid + 5}" fill="none" stroke="${brandColors.accentViolet}" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/>`,
      `<rect x="${tokenX}" y="${top}" width="${tokenWidth}" height="${rowHeight}" rx="12" fill="${brandColors.accentViolet}" fill-opacity="0.12" stroke="url(#vv-motif)" stroke-opacity="0.9"/>`,
      `<circle cx="${tokenX + 20}" cy="${mid}" r="4" fill="url(#vv-motif)"/>`,
      `<text x="${tokenX + tokenInset}" y="${baseline}" font-size="${fontSize}" font-weight="600" fill="#FFFFFF" fill-opacity="0.92">${escapeXml(row.token)}</text>`,
    );
  });
  return parts.join("");
}

function dotGrid(x: number, y: number, columns: number, rows: number, pitch: number): string {
  const dots: string[] = [];
  for (let row = 0; row < rows; row += 1) {
    for (let column = 0; column < columns; column += 1) {
      dots.push(`<circle cx="${x + column * pitch}" cy="${y + row * pitch}" r="1.5"/>`);
    }
  }
  return dots.join("");
}

function socialCardSvg(brand: BrandImageInput, font: FontOptions): string {
  const W = OG_WIDTH;
  const H = OG_HEIGHT;
  const M = OG_MARGIN;
  const motif = motifLayout(font);
  const motifX = W - M - motif.width;
  const motifY = Math.round((H - motif.height) / 2);
  // Keep a clear gutter between the headline and the motif.
  const textColumn = motifX - M - 56;

  const markSize = 64;
  const markScale = markSize / brandMark.size;

  const tagline = fitTagline(brand.tagline, textColumn, font);
  const lineHeight = Math.round(tagline.style.size * 1.14);
  // Centre the headline block on the card's vertical middle, measured by cap
  // height (~0.73 em for Inter) so the optical centre matches the motif.
  const capHeight = tagline.style.size * 0.73;
  const blockHeight = capHeight + (tagline.lines.length - 1) * lineHeight;
  const firstBaseline = Math.round(H / 2 - blockHeight / 2 + capHeight);
  const taglineLines = tagline.lines
    .map((line, index) => `<tspan x="${M}" y="${firstBaseline + index * lineHeight}">${escapeXml(line)}</tspan>`)
    .join("");

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">`,
    `<defs>`,
    gradientDefs("vv-mark"),
    `<linearGradient id="vv-rule" x1="0" y1="0" x2="1" y2="0">`,
    accentStops(),
    `</linearGradient>`,
    `<radialGradient id="vv-glow" cx="0.5" cy="0.5" r="0.5">`,
    `<stop offset="0" stop-color="${brandColors.accentViolet}" stop-opacity="0.28"/>`,
    `<stop offset="0.55" stop-color="${brandColors.accentIndigo}" stop-opacity="0.08"/>`,
    `<stop offset="1" stop-color="${brandColors.accentIndigo}" stop-opacity="0"/>`,
    `</radialGradient>`,
    `<radialGradient id="vv-grid-fade" cx="0.5" cy="0.5" r="0.5">`,
    `<stop offset="0" stop-color="#FFFFFF" stop-opacity="1"/>`,
    `<stop offset="1" stop-color="#FFFFFF" stop-opacity="0"/>`,
    `</radialGradient>`,
    `<mask id="vv-grid-mask"><rect x="${motifX - 160}" y="0" width="${W - motifX + 160}" height="${H}" fill="url(#vv-grid-fade)"/></mask>`,
    `</defs>`,
    `<rect width="${W}" height="${H}" fill="${brandColors.ink}"/>`,
    `<ellipse cx="${motifX + motif.width / 2}" cy="${H / 2}" rx="440" ry="360" fill="url(#vv-glow)"/>`,
    `<g fill="#FFFFFF" fill-opacity="0.14" mask="url(#vv-grid-mask)">${dotGrid(motifX - 148, 15, 24, 26, 24)}</g>`,
    tokenMotif(motifX, motifY, motif),
    `<g transform="translate(${M} ${M}) scale(${markScale})">${markPaths("vv-mark", ALL_LAYERS)}</g>`,
    `<text x="${M + markSize + 20}" y="${M + markSize / 2 + 13}" font-size="38" font-weight="600" letter-spacing="-0.6" fill="#FFFFFF">${escapeXml(brand.name)}</text>`,
    `<text font-size="${tagline.style.size}" font-weight="${tagline.style.weight}" letter-spacing="${round(tagline.style.letterSpacing)}" fill="#FFFFFF">${taglineLines}</text>`,
    `<rect x="${M}" y="${H - M - 44}" width="48" height="3" rx="1.5" fill="url(#vv-rule)"/>`,
    `<text x="${M}" y="${H - M}" font-size="24" font-weight="600" letter-spacing="1.2" fill="#FFFFFF" fill-opacity="0.66">${escapeXml(FRAMEWORKS.join(" · "))}</text>`,
    `</svg>`,
  ].join("");
}

function manifest(brand: BrandImageInput): string {
  return `${JSON.stringify(
    {
      name: brand.name,
      short_name: brand.shortName,
      description: brand.description,
      start_url: "/",
      // A web site, not an app to install: with "standalone", Chrome checks on
      // every first visit whether the site can be installed and fetches the
      // 192 px icon for it, a request that competes with the first paint.
      display: "browser",
      theme_color: brand.themeColor,
      background_color: brand.backgroundColor,
      icons: [
        { src: "/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
        { src: "/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
        { src: "/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
      ],
    },
    null,
    2,
  )}\n`;
}

/**
 * Writes favicons, PWA icons, the web manifest and the default social card
 * into outDir. Returns the written paths relative to outDir, in write order.
 */
export async function writeBrandImages(outDir: string, brand: BrandImageInput): Promise<string[]> {
  return withInterFonts(async (font) => {
    const files = new Map<string, string | Buffer>();
    const mark = markSvg(ALL_LAYERS);
    const appIcon = markSvg(["tile", "glyph"]);

    files.set("favicon.svg", `${mark}\n`);
    files.set("favicon.ico", pngToIco(renderPng(mark, 32, font), 32));
    // iOS rounds the corners itself and shows no safe-zone mask, so the glyph can be larger.
    files.set("apple-touch-icon.png", renderPng(fullBleedIconSvg(180, 0.74), 180, font));
    files.set("icon-192.png", renderPng(appIcon, 192, font));
    files.set("icon-512.png", renderPng(appIcon, 512, font));
    // A glyph diagonal of 0.64 of the edge keeps clear margin inside the 80% safe-zone circle.
    files.set("icon-maskable-512.png", renderPng(fullBleedIconSvg(512, 0.64), 512, font));
    files.set("site.webmanifest", manifest(brand));
    files.set("social/og-default.png", renderPng(socialCardSvg(brand, font), OG_WIDTH, font));

    const written: string[] = [];
    for (const [relative, contents] of files) {
      const target = path.join(outDir, relative);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, contents);
      written.push(relative);
    }
    return written;
  });
}
