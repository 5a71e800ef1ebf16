/**
 * The fonts the Trust Center's stamp draws a requester's name with
 * (requirement TRUST-10): Inter for the Latin, Greek and Cyrillic it has,
 * then Noto Sans for the rest of those scripts, then one Noto family per
 * script a name may be written in. Each comes from its npm package as WOFF2
 * and is written out as plain TrueType, which the server's font engine reads
 * without decompressing anything, with the code points it draws, so the
 * server opens only the files a name needs.
 */
import { readdir, readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { basename, dirname, join } from "node:path";
import fontkit from "@pdf-lib/fontkit";
import { decompress } from "wawoff2";
import type { StampFontEntry } from "../../../common/trust-center.ts";

const require = createRequire(import.meta.url);

/** The subsets Inter has: the Noto families' copies of them are never reached, so they are not shipped. */
const INTER_SUBSETS = ["latin", "latin-ext", "cyrillic", "cyrillic-ext", "greek", "greek-ext", "vietnamese"];

/**
 * The Noto families after Inter and Noto Sans, one per script. South Asian
 * scripts first among them only for reading order here: no two families
 * share a letter, so their order decides nothing. The CJK families do share
 * the Han ideographs: Simplified Chinese first, and the stamp puts Japanese
 * or Korean first for a line with kana or hangul in it.
 */
const SCRIPT_FAMILIES = [
  "noto-sans-devanagari",
  "noto-sans-bengali",
  "noto-sans-gujarati",
  "noto-sans-gurmukhi",
  "noto-sans-oriya",
  "noto-sans-tamil",
  "noto-sans-telugu",
  "noto-sans-kannada",
  "noto-sans-malayalam",
  "noto-sans-sinhala",
  "noto-sans-arabic",
  "noto-sans-hebrew",
  "noto-sans-thaana",
  "noto-sans-thai",
  "noto-sans-lao",
  "noto-sans-khmer",
  "noto-sans-myanmar",
  "noto-sans-georgian",
  "noto-sans-armenian",
  "noto-sans-ethiopic",
  "noto-sans-sc",
  "noto-sans-jp",
  "noto-sans-kr",
  "noto-sans-tc",
];

interface FontSource {
  family: string;
  path: string;
}

/** Every source file in the order the stamp tries them. */
async function stampFontSources(): Promise<FontSource[]> {
  const sources: FontSource[] = INTER_SUBSETS.map((subset) => ({
    family: "inter",
    path: require.resolve(`@fontsource/inter/files/inter-${subset}-500-normal.woff2`),
  }));
  const noto = (family: string) => join(dirname(require.resolve(`@fontsource-variable/${family}/package.json`)), "files");
  for (const subset of INTER_SUBSETS) sources.push({ family: "noto-sans", path: join(noto("noto-sans"), `noto-sans-${subset}-wght-normal.woff2`) });
  for (const family of SCRIPT_FAMILIES) {
    const files = (await readdir(noto(family))).filter((file) => file.endsWith("-wght-normal.woff2"));
    const subset = (file: string) => file.slice(family.length + 1, -"-wght-normal.woff2".length);
    // Numbered slices (CJK) in their numeric order; the script's own subsets otherwise.
    files.sort((a, b) => Number(subset(a)) - Number(subset(b)) || a.localeCompare(b));
    for (const file of files) if (!INTER_SUBSETS.includes(subset(file))) sources.push({ family, path: join(noto(family), file) });
  }
  return sources;
}

interface CharacterSet {
  characterSet: number[];
}

/** Ascending code points as inclusive ranges. */
function ranges(codePoints: readonly number[]): [number, number][] {
  const sorted = [...new Set(codePoints)].sort((a, b) => a - b);
  const result: [number, number][] = [];
  for (const codePoint of sorted) {
    const last = result.at(-1);
    if (last && last[1] === codePoint - 1) last[1] = codePoint;
    else result.push([codePoint, codePoint]);
  }
  return result;
}

/** Writes the stamp's fonts as TrueType into `dir`, and answers their manifest entries in the order they are tried. */
export async function writeStampFonts(dir: string): Promise<StampFontEntry[]> {
  const entries: StampFontEntry[] = [];
  for (const source of await stampFontSources()) {
    // One at a time, each copied out: the decoder answers from memory its next call reuses.
    const ttf = new Uint8Array(await decompress(await readFile(source.path)));
    const file = basename(source.path, ".woff2") + ".ttf";
    await writeFile(join(dir, file), ttf);
    const font = fontkit.create(Buffer.from(ttf)) as unknown as CharacterSet;
    entries.push({ file, family: source.family, ranges: ranges(font.characterSet) });
  }
  return entries;
}
