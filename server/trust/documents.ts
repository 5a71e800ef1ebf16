import { readFileSync } from "node:fs";
import { join } from "node:path";
import { TRUST_MANIFEST_FILE, TRUST_PRIVATE_DIR, type GatedDocument, type TrustManifest } from "../../common/trust-center.ts";
import { stampFont, type StampFont } from "./stamp.ts";

/** What the server needs of the build to run the Trust Center: the gated documents, the terms in force, the stamp's fonts. */
export interface TrustLibrary {
  documents: readonly GatedDocument[];
  nda: TrustManifest["nda"];
  /** A gated document's unstamped bytes. */
  pdf(id: string): Uint8Array | undefined;
  fonts: readonly StampFont[];
}

/**
 * Reads build/private/trust once, at start-up: every file is checked now, so
 * a build without them stops the server rather than a requester's download.
 */
export function loadTrustLibrary(privateDir: string): TrustLibrary {
  const dir = join(privateDir, TRUST_PRIVATE_DIR);
  const manifest = JSON.parse(readFileSync(join(dir, TRUST_MANIFEST_FILE), "utf8")) as TrustManifest;
  const files = new Map(manifest.documents.map((document) => [document.id, new Uint8Array(readFileSync(join(dir, document.file)))]));
  return {
    documents: manifest.documents,
    nda: manifest.nda,
    pdf: (id) => files.get(id),
    fonts: manifest.stampFonts.map((file) => stampFont(readFileSync(join(dir, file)))),
  };
}
