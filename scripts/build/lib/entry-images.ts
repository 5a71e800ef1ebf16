/**
 * The social image of each post and news item (PUB-6): a 1200 × 630 PNG drawn
 * at build time from its title and its first tag, in the default card's look
 * (brand-images.ts): the ink field with the accent glow, the mark
 * and the name, the title large, and the section's address under the accent
 * rule. satori lays the card out (wrapping the title, choosing a face for
 * every letter) and draws its text as paths; resvg turns that into the PNG.
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { Resvg } from "@resvg/resvg-js";
import { createElement as h } from "react";
import satori, { type Font } from "satori";
import { accentGradient, brandColors } from "../../../app/site/brand.ts";
import { site } from "../../../app/site/config.ts";
import { ALL_LAYERS, markSvg } from "./brand-images.ts";

export const ENTRY_IMAGE = { width: 1200, height: 630 } as const;
const MARGIN = 80;

export interface EntryImageText {
  /** What the entry is: "Blog · Tokenization", "News · 3 December 2026". */
  eyebrow: string;
  title: string;
  /** Where it lives, as a reader would type it: "veilvault.example/blog". */
  address: string;
}

const require = createRequire(import.meta.url);

/**
 * Inter from Fontsource (WOFF, which satori reads): Latin first, then the
 * subsets that draw the accented, Greek, Cyrillic and Vietnamese letters a
 * title may hold. satori takes each letter from the first face that has it.
 * Scripts Inter lacks (Devanagari, CJK) would need a font added here.
 */
const SUBSETS = ["latin", "latin-ext", "greek", "cyrillic", "vietnamese"] as const;

/** Each subset is its own family to satori, listed in this order in the card's font-family. */
const familyOf = (subset: (typeof SUBSETS)[number]) => (subset === "latin" ? "Inter" : `Inter ${subset}`);
const FONT_FAMILY = SUBSETS.map(familyOf).join(", ");

export async function entryImageFonts(): Promise<Font[]> {
  return Promise.all(
    ([600, 700] as const).flatMap((weight) =>
      SUBSETS.map(async (subset) => ({
        name: familyOf(subset),
        weight,
        style: "normal" as const,
        data: await readFile(require.resolve(`@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`)),
      })),
    ),
  );
}

/** Shorter titles are set larger; every title fits in three lines (the schema holds them to 70 characters). */
function titleSize(title: string): number {
  const length = Array.from(new Intl.Segmenter("en", { granularity: "grapheme" }).segment(title)).length;
  if (length <= 36) return 76;
  if (length <= 56) return 66;
  return 58;
}

const gradient = accentGradient.map((stop) => `${stop.color} ${stop.offset * 100}%`).join(", ");

function card(text: EntryImageText) {
  const mark = `data:image/svg+xml;base64,${Buffer.from(markSvg(ALL_LAYERS)).toString("base64")}`;
  return h(
    "div",
    {
      style: {
        width: ENTRY_IMAGE.width,
        height: ENTRY_IMAGE.height,
        display: "flex",
        alignItems: "center",
        justifyContent: "center",
        backgroundColor: brandColors.ink,
        // The accent glow behind the top right corner.
        backgroundImage: `radial-gradient(circle at 88% 0%, rgba(139, 92, 246, 0.34), rgba(99, 102, 241, 0.08) 38%, rgba(99, 102, 241, 0) 62%)`,
        color: "#FFFFFF",
        fontFamily: FONT_FAMILY,
      },
    },
    // The card's content inside an 80 px margin (satori leaves a box's padding out of its size).
    h(
      "div",
      { style: { width: ENTRY_IMAGE.width - 2 * MARGIN, height: ENTRY_IMAGE.height - 2 * MARGIN, display: "flex", flexDirection: "column", justifyContent: "space-between" } },
    h(
      "div",
      { style: { display: "flex", alignItems: "center", gap: 18 } },
      h("img", { src: mark, width: 56, height: 56 }),
      h("div", { style: { fontSize: 34, fontWeight: 600, letterSpacing: -0.5 } }, site.name),
    ),
    h(
      "div",
      { style: { display: "flex", flexDirection: "column" } },
      h("div", { style: { fontSize: 24, fontWeight: 600, letterSpacing: 2, color: "#A5B4FC", textTransform: "uppercase" } }, text.eyebrow),
      h(
        "div",
        { style: { marginTop: 22, fontSize: titleSize(text.title), fontWeight: 700, lineHeight: 1.12, letterSpacing: "-0.02em", lineClamp: 4 } },
        text.title,
      ),
    ),
    h(
      "div",
      { style: { display: "flex", flexDirection: "column" } },
      h("div", { style: { width: 48, height: 3, marginBottom: 18, borderRadius: 2, backgroundImage: `linear-gradient(90deg, ${gradient})` } }),
      h("div", { style: { fontSize: 24, fontWeight: 600, letterSpacing: 0.5, color: "rgba(255, 255, 255, 0.66)" } }, text.address),
    ),
    ),
  );
}

export async function entryImagePng(text: EntryImageText, fonts: Font[]): Promise<Buffer> {
  const svg = await satori(card(text), { width: ENTRY_IMAGE.width, height: ENTRY_IMAGE.height, fonts, debug: process.env.SATORI_DEBUG === "1" });
  // The text is paths already: resvg needs no font of its own.
  return Buffer.from(new Resvg(svg, { fitTo: { mode: "width", value: ENTRY_IMAGE.width }, font: { loadSystemFonts: false } }).render().asPng());
}
