import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { TRUST_MANIFEST_FILE, TRUST_PRIVATE_DIR, type GatedDocument, type TrustManifest } from "../../common/trust-center.ts";

/** What the server needs of the build to run the Trust Center: the gated documents, the terms in force, and where their files are. */
export interface TrustLibrary {
  documents: readonly GatedDocument[];
  nda: TrustManifest["nda"];
  /** build/private/trust: the unstamped PDFs and the stamp's fonts, which the stamping workers read. */
  dir: string;
}

/** The manifest the build wrote into `dir` (build/private/trust). */
export function readTrustManifest(dir: string): TrustManifest {
  return JSON.parse(readFileSync(join(dir, TRUST_MANIFEST_FILE), "utf8")) as TrustManifest;
}

/**
 * Reads build/private/trust's manifest once, at start-up, and checks that
 * every file it names is there, so a build without them stops the server
 * rather than a requester's download.
 */
export function loadTrustLibrary(privateDir: string): TrustLibrary {
  const dir = join(privateDir, TRUST_PRIVATE_DIR);
  const manifest = readTrustManifest(dir);
  for (const file of [...manifest.documents.map((document) => document.file), ...manifest.stampFonts.map((font) => font.file)]) {
    if (!statSync(join(dir, file)).isFile()) throw new Error(`${file} in ${dir} is not a file`);
  }
  if (manifest.stampFonts.length === 0) throw new Error(`${dir} has no stamp fonts`);
  return { documents: manifest.documents, nda: manifest.nda, dir };
}
