/**
 * What the build, the server and the web app agree on about the Trust Center
 * (requirements TRUST-1 to TRUST-8): the pages its e-mails lead to, where the
 * request form posts, and the manifest of gated documents the build writes
 * outside the public files for the server to stamp and send.
 */

/** Where the request form posts. */
export const DEFAULT_TRUST_REQUESTS_PATH = "/id/website/trust-requests";

/**
 * The pages the Trust Center's e-mails lead to. Each link page's one button
 * posts to the page's own URL, `?token=…` included, because mail filters'
 * link scanners open every link they see: a GET never approves, denies or
 * spends a download. The server answers those posts.
 */
export const TRUST_PAGES = {
  /** The approver's "approve" link. */
  approve: "/trust/approve",
  /** The approver's "deny" link. */
  deny: "/trust/deny",
  /** After an approval was recorded. */
  approved: "/trust/approved",
  /** After a denial was recorded. */
  denied: "/trust/denied",
  /** The requester's download link; its post answers with the stamped PDF. */
  download: "/trust/download",
  /** Every refused link, whatever the reason: unknown, used, expired, denied or revoked. */
  linkInvalid: "/trust/link-invalid",
} as const;

export type TrustPagePath = (typeof TRUST_PAGES)[keyof typeof TRUST_PAGES];

/** An approver's links work this long after the request. */
export const TRUST_DECISION_LINK_DAYS = 7;
/** A requester's download links work this long after the approval, once each. */
export const TRUST_DOWNLOAD_LINK_DAYS = 7;

/** Where the build puts what only the server may send: build/private, beside build/client and never inside it. */
export const PRIVATE_BUILD_DIR = "private";
/** The gated documents' folder under it. */
export const TRUST_PRIVATE_DIR = "trust";
export const TRUST_MANIFEST_FILE = "manifest.json";

/** One gated document as the server knows it. */
export interface GatedDocument {
  id: string;
  title: string;
  /** The PDF's file name under TRUST_PRIVATE_DIR, and the name a download is saved under (with the request id). */
  file: string;
}

/** One of the stamp's fonts: its TrueType file under TRUST_PRIVATE_DIR, its family, and the code points it draws. */
export interface StampFontEntry {
  file: string;
  family: string;
  /** Inclusive code point ranges, ascending. */
  ranges: [number, number][];
}

/** build/private/trust/manifest.json. */
export interface TrustManifest {
  documents: GatedDocument[];
  /** The non-disclosure terms in force: what a request must name, and the hash stored with it. */
  nda: { version: string; sha256: string };
  /** The stamp's fonts, under TRUST_PRIVATE_DIR, in the order they are tried for each character. */
  stampFonts: StampFontEntry[];
}
