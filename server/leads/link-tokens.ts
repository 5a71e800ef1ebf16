import { createHmac, randomBytes } from "node:crypto";
import { chmodSync, closeSync, mkdirSync, openSync, readFileSync, writeSync } from "node:fs";
import { join } from "node:path";

/**
 * The link tokens of the newsletter (requirement LEAD-24) and the Trust Center (TRUST-5). A token is never
 * written to the database: it is derived, when the e-mail is written, from the
 * job's id and a key kept outside the database, and only its hash is stored.
 * A copy of the database (or of its free pages, WAL or backups) therefore
 * holds no working link.
 */

/** What a link does: the newsletter's two, a Trust Center approver's two, a requester's download of one document, and an operator's sign-in. */
export type LinkPurpose = "confirm" | "unsubscribe" | "trust-approve" | "trust-deny" | `trust-download.${string}` | "console-sign-in";

/**
 * 256 bits of HMAC, URL-safe: 43 characters, the only shape isWellFormedToken
 * accepts. The prefix names the newsletter, where links began; changing it
 * would void every link already mailed, so the Trust Center's share it.
 */
export function linkToken(key: Buffer, purpose: LinkPurpose, jobId: string): string {
  return createHmac("sha256", key).update(`veilvault-newsletter-link.${purpose}.${jobId}`).digest("base64url");
}

/** The two links of one confirmation e-mail. */
export function linkTokens(key: Buffer, jobId: string): { confirmToken: string; unsubscribeToken: string } {
  return { confirmToken: linkToken(key, "confirm", jobId), unsubscribeToken: linkToken(key, "unsubscribe", jobId) };
}

/** Fewer bytes than this would not make the links' 256 bits worth having. */
export const MIN_LINK_KEY_BYTES = 32;

export const LINK_KEY_FILE = "link-signing.key";

/**
 * The key: LINK_SIGNING_KEY when set (needed with several instances on one
 * PostgreSQL, which must derive the same links); else, beside the SQLite
 * file, `link-signing.key`, made once with 256 random bits, owner-only. It is
 * not needed to restore leads from a backup: without it, only the links of
 * e-mails already sent stop working.
 */
export function loadLinkKey(env: { linkSigningKey?: string; dataDir: string; databaseUrl?: string }, mailConfigured: boolean): Buffer {
  if (env.linkSigningKey !== undefined) {
    const key = Buffer.from(env.linkSigningKey, "utf8");
    if (key.length < MIN_LINK_KEY_BYTES) throw new Error(`LINK_SIGNING_KEY must hold at least ${MIN_LINK_KEY_BYTES} bytes`);
    return key;
  }
  if (env.databaseUrl) {
    if (mailConfigured) throw new Error("LINK_SIGNING_KEY is required with DATABASE_URL and SMTP_URL: every instance must derive the same newsletter links");
    // No e-mail is sent, so no link ever leaves this process.
    return randomBytes(MIN_LINK_KEY_BYTES);
  }
  mkdirSync(env.dataDir, { recursive: true, mode: 0o700 });
  const file = join(env.dataDir, LINK_KEY_FILE);
  try {
    const descriptor = openSync(file, "wx", 0o600);
    try {
      writeSync(descriptor, randomBytes(MIN_LINK_KEY_BYTES).toString("hex"));
    } finally {
      closeSync(descriptor);
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  chmodSync(file, 0o600);
  const key = Buffer.from(readFileSync(file, "utf8").trim(), "hex");
  if (key.length < MIN_LINK_KEY_BYTES) throw new Error(`${file} must hold at least ${MIN_LINK_KEY_BYTES} bytes of hex; delete it to make a new one`);
  return key;
}
