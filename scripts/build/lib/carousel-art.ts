/**
 * The About page carousel's five pictures (carouselSlides in
 * content/company.yaml), drawn as SVG from the brand primitives (colours,
 * accent gradient, mark), lucide line icons and Natural Earth's land outline,
 * and rasterised at build time. Plain SVG 1.1 that resvg renders: no filters,
 * masks, CSS or external images; glows are gradients. Every value shown is
 * fictional (555-01xx numbers, example.com, truncated tokens and hashes).
 */
import { AppWindow, ArrowRight, BrainCircuit, Check, Database, Eye, KeyRound, Link } from "lucide";
import { LockKeyholeOpen, ScrollText, ShieldCheck, type IconNode } from "lucide";
import { accentGradient, brandColors, brandMark, paintValue } from "../../../app/site/brand.ts";
import type { CarouselPicture } from "../../../app/lib/carousel.ts";
import { landDotMoves } from "./world-map-svg.ts";

export const CAROUSEL_ART_SIZE = { width: 1600, height: 900 } as const;

const { width: W, height: H } = CAROUSEL_ART_SIZE;

// Neutrals for an ink background (slate 100 / 400), both well above AA on ink.
const FG = "#F1F5F9";
const MUTED = "#94A3B8";
const CARD = "#121A31";
const FONT = `font-family="Inter"`;

/** Gradient ids: ACCENT runs across the canvas (for lines of any direction), BOX across each shape's own box. */
const ACCENT = "url(#accent)";
const BOX = "url(#accent-box)";

function esc(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function stops(): string {
  return accentGradient.map((stop) => `<stop offset="${stop.offset}" stop-color="${stop.color}"/>`).join("");
}

function glowGradient(id: string, color: string, opacity: number): string {
  return (
    `<radialGradient id="${id}"><stop offset="0" stop-color="${color}" stop-opacity="${opacity}"/>` +
    `<stop offset="0.55" stop-color="${color}" stop-opacity="${opacity * 0.35}"/>` +
    `<stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`
  );
}

function defs(): string {
  const { x1, y1, x2, y2 } = brandMark.gradient;
  return (
    `<defs>` +
    `<linearGradient id="accent" gradientUnits="userSpaceOnUse" x1="160" y1="0" x2="1440" y2="${H}">${stops()}</linearGradient>` +
    `<linearGradient id="accent-box" x1="0" y1="0" x2="1" y2="1">${stops()}</linearGradient>` +
    `<linearGradient id="icon" gradientUnits="userSpaceOnUse" x1="2" y1="2" x2="22" y2="22">${stops()}</linearGradient>` +
    `<linearGradient id="mark" gradientUnits="userSpaceOnUse" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stops()}</linearGradient>` +
    glowGradient("glow-indigo", brandColors.accentIndigo, 0.42) +
    glowGradient("glow-violet", brandColors.accentViolet, 0.32) +
    glowGradient("glow-cyan", brandColors.accentCyan, 0.3) +
    `</defs>`
  );
}

type GlowColor = "indigo" | "violet" | "cyan";

function glow(cx: number, cy: number, r: number, color: GlowColor, opacity = 1): string {
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#glow-${color})" opacity="${opacity}"/>`;
}

/** A faint dot grid: zero-length round-capped segments draw a dot in a few bytes. */
function dotGrid(pitch: number, opacity: number): string {
  const moves: string[] = [];
  for (let y = pitch / 2; y < H; y += pitch) for (let x = pitch / 2; x < W; x += pitch) moves.push(`M${x} ${y}h0`);
  return `<path d="${moves.join("")}" stroke="${FG}" stroke-opacity="${opacity}" stroke-width="3" stroke-linecap="round"/>`;
}

function background(grid: boolean): string {
  return (
    `<rect width="${W}" height="${H}" fill="${brandColors.ink}"/>` +
    glow(120, 40, 760, "indigo", 0.7) +
    glow(1520, 900, 700, "cyan", 0.5) +
    (grid ? dotGrid(48, 0.06) : "")
  );
}

function svg(body: string, options: { grid?: boolean; mark?: boolean } = {}): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">` +
    defs() +
    background(options.grid ?? true) +
    body +
    (options.mark === false ? "" : mark(W - 96, H - 96, 56)) +
    `</svg>`
  );
}

/** A card: solid surface, hairline border (or the accent gradient), 16-24 px radius once scaled down. */
function card(x: number, y: number, w: number, h: number, options: { accent?: boolean; radius?: number } = {}): string {
  const stroke = options.accent ? `stroke="${BOX}" stroke-width="3"` : `stroke="${FG}" stroke-opacity="0.16" stroke-width="2"`;
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${options.radius ?? 24}" fill="${CARD}" ${stroke}/>`;
}

interface TextOptions {
  size?: number;
  weight?: 400 | 600 | 700;
  fill?: string;
  anchor?: "start" | "middle" | "end";
}

/** Text on its baseline; sizes never go below 28 px. */
function text(x: number, y: number, content: string, options: TextOptions = {}): string {
  const size = Math.max(28, options.size ?? 40);
  return (
    `<text x="${x}" y="${y}" ${FONT} font-size="${size}" font-weight="${options.weight ?? 400}" ` +
    `fill="${options.fill ?? FG}" text-anchor="${options.anchor ?? "start"}">${esc(content)}</text>`
  );
}

/** A rounded token/hash pill centred on (cx, cy). */
function pill(cx: number, cy: number, label: string, w: number, accent = true): string {
  const h = 60;
  const stroke = accent ? `stroke="${BOX}" stroke-width="3"` : `stroke="${FG}" stroke-opacity="0.2" stroke-width="2"`;
  return (
    `<rect x="${cx - w / 2}" y="${cy - h / 2}" width="${w}" height="${h}" rx="${h / 2}" fill="${brandColors.ink}" ${stroke}/>` +
    text(cx, cy + 12, label, { size: 34, weight: 600, anchor: "middle", fill: accent ? FG : MUTED })
  );
}

/** A lucide icon (24-unit grid) scaled to `size`, in lucide's round line style; the gradient spans each icon. */
function icon(node: IconNode, x: number, y: number, size: number, stroke = "url(#icon)", strokeWidth = 1.75): string {
  const parts = node.map(([tag, attributes]) => {
    const attrs = Object.entries(attributes)
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => `${name}="${value === "currentColor" ? stroke : String(value)}"`);
    return `<${tag} ${attrs.join(" ")}/>`;
  });
  return (
    `<g transform="translate(${x} ${y}) scale(${size / 24})" fill="none" stroke="${stroke}" stroke-width="${strokeWidth}" ` +
    `stroke-linecap="round" stroke-linejoin="round">${parts.join("")}</g>`
  );
}

/** An icon in a small rounded tile, as the site's feature cards show them. */
function iconTile(node: IconNode, x: number, y: number, size = 88): string {
  return (
    `<rect x="${x}" y="${y}" width="${size}" height="${size}" rx="20" fill="${brandColors.ink}" stroke="${FG}" stroke-opacity="0.14" stroke-width="2"/>` +
    icon(node, x + size * 0.22, y + size * 0.22, size * 0.56)
  );
}

/** The brand mark's paths in its own 32-unit space, painted with the "mark" gradient. */
function markPaths(layers: readonly string[]): string {
  return brandMark.elements
    .filter((element) => layers.includes(element.layer))
    .map((element) => {
      const attrs = [
        `d="${element.d}"`,
        `fill="${paintValue(element.fill, "mark")}"`,
        element.fillRule ? `fill-rule="${element.fillRule}"` : "",
        element.stroke ? `stroke="${paintValue(element.stroke, "mark")}"` : "",
        element.strokeWidth === undefined ? "" : `stroke-width="${element.strokeWidth}"`,
        element.opacity === undefined ? "" : `opacity="${element.opacity}"`,
      ].filter(Boolean);
      return `<path ${attrs.join(" ")}/>`;
    })
    .join("");
}

/** The whole mark (tile, edge and shield) at (x, y), `size` px square. */
function mark(x: number, y: number, size: number): string {
  return `<g transform="translate(${x} ${y}) scale(${size / brandMark.size})">${markPaths(["tile", "edge", "glyph"])}</g>`;
}

function line(d: string, options: { width?: number; dash?: string; opacity?: number } = {}): string {
  const dash = options.dash ? ` stroke-dasharray="${options.dash}"` : "";
  const opacity = options.opacity === undefined ? "" : ` stroke-opacity="${options.opacity}"`;
  return `<path d="${d}" fill="none" stroke="${ACCENT}" stroke-width="${options.width ?? 4}" stroke-linecap="round"${dash}${opacity}/>`;
}

function node(cx: number, cy: number, r = 8): string {
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${FG}"/><circle cx="${cx}" cy="${cy}" r="${r + 8}" fill="none" stroke="${ACCENT}" stroke-width="3"/>`;
}

// --- vault: one vault, tokens flowing out to an app, a warehouse and an AI model ---

function vaultArt(): string {
  const cx = 380;
  const cy = 450;
  const half = 150;
  const doorX = cx + half;
  const targets: { label: string; icon: IconNode; token: string }[] = [
    { label: "app", icon: AppWindow, token: "tok_8f3a…" },
    { label: "warehouse", icon: Database, token: "tok_5c1e…" },
    { label: "AI model", icon: BrainCircuit, token: "tok_91d7…" },
  ];
  const cardX = 950;
  const glyph = brandMark.glyphBox;
  const glyphScale = 7.2;
  const gx = cx - (glyph.x + glyph.width / 2) * glyphScale;
  const gy = cy - (glyph.y + glyph.height / 2) * glyphScale;
  const bolts = [-1, 1]
    .flatMap((sx) => [-1, 1].map((sy) => `<circle cx="${cx + sx * 112}" cy="${cy + sy * 112}" r="8" fill="${FG}" fill-opacity="0.22"/>`))
    .join("");
  const flows = targets.map((target, index) => {
    const ty = 200 + index * 250;
    const midY = (cy + ty) / 2;
    return (
      line(`M${doorX} ${cy}C720 ${cy} 760 ${ty} ${cardX} ${ty}`) +
      node(cardX, ty, 7) +
      pill(740, midY, target.token, 236) +
      card(cardX, ty - 80, 420, 160) +
      iconTile(target.icon, cardX + 36, ty - 44) +
      text(cardX + 152, ty + 15, target.label, { size: 44, weight: 600 })
    );
  });
  return svg(
    glow(cx, cy, 420, "violet") +
      flows.join("") +
      card(cx - half, cy - half, half * 2, half * 2, { accent: true, radius: 56 }) +
      `<circle cx="${cx}" cy="${cy}" r="92" fill="${brandColors.ink}" stroke="${FG}" stroke-opacity="0.14" stroke-width="2"/>` +
      `<circle cx="${cx}" cy="${cy}" r="122" fill="none" stroke="${ACCENT}" stroke-width="3" stroke-dasharray="3 17" stroke-linecap="round"/>` +
      bolts +
      `<g transform="translate(${gx} ${gy}) scale(${glyphScale})">${markPaths(["glyph"])}</g>` +
      node(doorX, cy, 9) +
      text(cx, cy + half + 76, "vault", { size: 44, weight: 600, anchor: "middle" }),
    { mark: false },
  );
}

// --- tokens: a raw value becomes a token of the same length and format ---

const CELL = 34;

/** One character per fixed-width cell with a tick under each, so equal lengths line up visibly. */
function cells(x: number, y: number, value: string, token: boolean): string {
  const at = value.indexOf("@");
  return Array.from(value, (char, index) => {
    const cx = x + CELL * index + CELL / 2;
    // Separators, the country code and the e-mail domain are kept; the rest is replaced.
    const kept = !/[0-9a-z]/i.test(char) || (at >= 0 ? index > at : index < 2);
    const fill = kept ? MUTED : token ? ACCENT : FG;
    return (
      text(cx, y, char, { size: 42, weight: 600, anchor: "middle", fill }) +
      `<path d="M${cx - 11} ${y + 26}h22" stroke="${FG}" stroke-opacity="${kept ? 0.14 : 0.32}" stroke-width="3" stroke-linecap="round"/>`
    );
  }).join("");
}

function tokensArt(): string {
  const rows = [
    { raw: "+1 415 555 0142", token: "+1 628 555 0187", y: 370 },
    { raw: "asha@example.com", token: "k7qz@example.com", y: 600 },
  ];
  const cardW = 620;
  const leftX = 80;
  const rightX = W - leftX - cardW;
  const body = rows.map((row) => {
    const offset = (cardW - row.raw.length * CELL) / 2;
    return (
      card(leftX, row.y - 78, cardW, 156) +
      cells(leftX + offset, row.y + 14, row.raw, false) +
      line(`M${leftX + cardW + 20} ${row.y}H${rightX - 20}`, { dash: "2 14", width: 5 }) +
      `<circle cx="${W / 2}" cy="${row.y}" r="42" fill="${brandColors.ink}" stroke="${ACCENT}" stroke-width="3"/>` +
      icon(ArrowRight, W / 2 - 24, row.y - 24, 48, FG, 2.25) +
      card(rightX, row.y - 78, cardW, 156, { accent: true }) +
      cells(rightX + offset, row.y + 14, row.token, true)
    );
  });
  return svg(
    glow(W / 2, 480, 360, "violet") +
      text(leftX + cardW / 2, 230, "value", { size: 38, weight: 600, fill: MUTED, anchor: "middle" }) +
      text(rightX + cardW / 2, 230, "token", { size: 38, weight: 600, fill: MUTED, anchor: "middle" }) +
      body.join(""),
  );
}

// --- policy: a request passes role, purpose and field checks before a reveal ---

function policyArt(): string {
  const rows = [
    { key: "role", value: "nurse", y: 400 },
    { key: "purpose", value: "care", y: 490 },
    { key: "field", value: "phone", y: 580 },
  ];
  const gateX = 650;
  const gateCx = gateX + 120;
  const checks = rows.map(
    (row) =>
      line(`M480 ${row.y}H${gateCx - 34}`) +
      node(480, row.y, 6) +
      `<circle cx="${gateCx}" cy="${row.y}" r="34" fill="${BOX}"/>` +
      icon(Check, gateCx - 20, row.y - 20, 40, FG, 3.25),
  );
  const labels = rows.map(
    (row) =>
      `<text x="110" y="${row.y + 14}" ${FONT} font-size="42" fill="${MUTED}">${row.key}: ` +
      `<tspan fill="${FG}" font-weight="600">${esc(row.value)}</tspan></text>`,
  );
  return svg(
    glow(gateCx, 470, 380, "violet") +
      card(70, 250, 410, 400) +
      icon(KeyRound, 110, 286, 44) +
      text(170, 322, "request", { size: 34, weight: 600, fill: MUTED }) +
      labels.join("") +
      line(`M${gateX + 240} 490H1040`) +
      node(1040, 490, 7) +
      card(gateX, 210, 240, 470, { accent: true, radius: 32 }) +
      icon(ShieldCheck, gateCx - 32, 262, 64) +
      checks.join("") +
      card(1040, 360, 490, 260) +
      iconTile(LockKeyholeOpen, 1080, 396, 80) +
      text(1184, 450, "phone", { size: 34, weight: 600, fill: MUTED }) +
      text(1080, 560, "+1 415 555 0142", { size: 46, weight: 700 }),
  );
}

// --- audit: entries linked in a tamper-evident chain ---

function auditArt(): string {
  const entries: { who: string; what: string; icon: IconNode; hash: string }[] = [
    { who: "analyst", what: "tokenize · phone · 10:38", icon: KeyRound, hash: "#3fa9…" },
    { who: "nurse", what: "reveal · email · 10:42", icon: Eye, hash: "#c07e…" },
    { who: "admin", what: "edit · policy · 10:45", icon: ScrollText, hash: "#8b24…" },
    { who: "nurse", what: "reveal · phone · 10:51", icon: Eye, hash: "#e51d…" },
  ];
  const x = 240;
  const w = 1120;
  const h = 124;
  const gap = 60;
  const top = (H - (entries.length * h + (entries.length - 1) * gap)) / 2;
  const hashX = x + w - 140;
  const cards = entries.map((entry, index) => {
    const y = top + index * (h + gap);
    const newest = index === entries.length - 1;
    return (
      `<g opacity="${(0.7 + (0.3 * index) / (entries.length - 1)).toFixed(2)}">` +
      card(x, y, w, h, { accent: newest }) +
      iconTile(entry.icon, x + 26, y + 22, 80) +
      `<text x="${x + 136}" y="${y + h / 2 + 15}" ${FONT} font-size="42" fill="${MUTED}">` +
      `<tspan fill="${FG}" font-weight="600">${esc(entry.who)}</tspan> · ${esc(entry.what)}</text>` +
      pill(hashX, y + h / 2, entry.hash, 210, newest) +
      `</g>`
    );
  });
  const linkYs = entries.slice(1).map((_, index) => top + (index + 1) * (h + gap) - gap / 2);
  // Each entry carries the previous entry's hash: a line runs hash to hash, with a link badge in each gap.
  const chain = line(`M${hashX} ${top + h / 2}V${top + (entries.length - 1) * (h + gap) + h / 2}`);
  const badges = linkYs.map(
    (y) =>
      `<circle cx="${hashX}" cy="${y}" r="27" fill="${brandColors.ink}" stroke="${ACCENT}" stroke-width="3"/>` +
      icon(Link, hashX - 16, y - 16, 32, FG, 2.25),
  );
  return svg(glow(800, 760, 480, "violet", 0.8) + chain + cards.join("") + badges.join(""));
}

// --- offices: San Francisco and Bengaluru on a dotted world band ---

const MAP = { north: 80, south: -56, step: 4, top: 150 } as const;
const DEG = W / 360;

function project(lon: number, lat: number): { x: number; y: number } {
  return { x: Math.round((lon + 180) * DEG * 10) / 10, y: Math.round((MAP.top + (MAP.north - lat) * DEG) * 10) / 10 };
}

let landDots: string | undefined;

/** Land as dots (the contact page's map's own sampling), computed once per process. */
function worldDots(): string {
  landDots ??= `<path d="${landDotMoves(MAP, project).join("")}" stroke="${MUTED}" stroke-opacity="0.34" stroke-width="9" stroke-linecap="round"/>`;
  return landDots;
}

/** A filled map pin whose tip sits on (x, y), with a gradient glow and a label card below it. */
function pin(x: number, y: number, label: string, labelWidth: number): string {
  const pinPath = "M0 0C-10 -16 -34 -40 -34 -66A34 34 0 1 1 34 -66C34 -40 10 -16 0 0Z";
  return (
    glow(x, y - 40, 170, "cyan", 0.9) +
    `<ellipse cx="${x}" cy="${y}" rx="26" ry="9" fill="none" stroke="${ACCENT}" stroke-width="3"/>` +
    `<g transform="translate(${x} ${y})"><path d="${pinPath}" fill="${BOX}" stroke="${FG}" stroke-opacity="0.5" stroke-width="2"/>` +
    `<circle cx="0" cy="-66" r="13" fill="${brandColors.ink}"/></g>` +
    card(x - labelWidth / 2, y + 36, labelWidth, 76, { radius: 20 }) +
    text(x, y + 86, label, { size: 38, weight: 600, anchor: "middle" })
  );
}

function officesArt(): string {
  const sf = project(-122.42, 37.77);
  const blr = project(77.59, 12.97);
  const peak = { x: (sf.x + blr.x) / 2, y: 20 };
  const arc = `M${sf.x} ${sf.y - 70}Q${peak.x} ${peak.y} ${blr.x} ${blr.y - 70}`;
  return svg(
    worldDots() +
      line(arc, { width: 14, opacity: 0.22 }) +
      line(arc, { width: 5 }) +
      pin(sf.x, sf.y, "San Francisco", 300) +
      pin(blr.x, blr.y, "Bengaluru", 230),
    { grid: false },
  );
}

const ART: Readonly<Record<CarouselPicture, () => string>> = {
  vault: vaultArt,
  tokens: tokensArt,
  policy: policyArt,
  audit: auditArt,
  offices: officesArt,
};

/** SVG markup (a complete <svg xmlns=... width="1600" height="900" viewBox="0 0 1600 900">) for one slide id. */
export function carouselArtSvg(id: CarouselPicture): string {
  return ART[id]();
}
