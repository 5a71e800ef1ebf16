import { createHash, createHmac, randomBytes } from "node:crypto";
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, writeSync } from "node:fs";
import { dirname, join } from "node:path";
import { CONFIRMATION_LINK_VALID_HOURS } from "../../common/newsletter-pages.ts";

/**
 * The link tokens of the newsletter (requirement LEAD-24) and the Trust Center (TRUST-5). A token is never
 * written to the database: it is derived, when the e-mail is written, from the
 * job's id and a key kept outside the database, and only its hash is stored.
 * A copy of the database (or of its free pages, WAL or backups) therefore
 * holds no working link. Counting derives each day's visitor salt from the
 * same key (server/analytics/counter.ts), so a copy of the database links no
 * visitor to an address either: the key belongs outside DATA_DIR and its backups.
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
 * The key: LINK_SIGNING_KEY, or the file LINK_SIGNING_KEY_FILE names (in
 * production, outside DATA_DIR and its backups), or else `link-signing.key` in
 * DATA_DIR. With PostgreSQL, whose instances must derive the same links and
 * visitor salts, one of the first two is required when mail is sent or visits
 * are counted; with SQLite a missing file is made once with 256 random bits,
 * owner-only. The key is not needed to restore leads from a backup: without it,
 * only the links of e-mails already sent stop working, and the day's visitors
 * count again.
 */
export function loadLinkKey(env: { linkSigningKey?: string; linkSigningKeyFile?: string; dataDir: string; databaseUrl?: string }, mailConfigured: boolean, counting = false): Buffer {
  if (env.linkSigningKey !== undefined && env.linkSigningKeyFile !== undefined) throw new Error("set LINK_SIGNING_KEY or LINK_SIGNING_KEY_FILE, not both");
  if (env.linkSigningKey !== undefined) {
    const key = Buffer.from(env.linkSigningKey, "utf8");
    if (key.length < MIN_LINK_KEY_BYTES) throw new Error(`LINK_SIGNING_KEY must hold at least ${MIN_LINK_KEY_BYTES} bytes`);
    return key;
  }
  if (env.databaseUrl && env.linkSigningKeyFile === undefined) {
    if (mailConfigured) throw new Error("LINK_SIGNING_KEY (or LINK_SIGNING_KEY_FILE) is required with DATABASE_URL and SMTP_URL: every instance must derive the same newsletter links");
    if (counting) throw new Error("LINK_SIGNING_KEY (or LINK_SIGNING_KEY_FILE) is required with DATABASE_URL while ANALYTICS is on: every instance must derive the same visitor salt");
    // No e-mail is sent and no visit counted, so the key never leaves this process.
    return randomBytes(MIN_LINK_KEY_BYTES);
  }
  const file = env.linkSigningKeyFile ?? join(env.dataDir, LINK_KEY_FILE);
  // Instances on one PostgreSQL must share the key: a file one of them made alone would differ from the others'.
  if (env.databaseUrl) {
    if (!existsSync(file)) throw new Error(`${file} (LINK_SIGNING_KEY_FILE) does not exist: with DATABASE_URL it is not made here, since every instance must read the same key`);
    return readKeyFile(file);
  }
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
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
  // Ours, in DATA_DIR, is tightened if it was made under a looser mode; the operator's own file keeps the mode they gave it.
  if (env.linkSigningKeyFile === undefined) chmodSync(file, 0o600);
  return readKeyFile(file);
}

function readKeyFile(file: string): Buffer {
  const key = Buffer.from(readFileSync(file, "utf8").trim(), "hex");
  if (key.length < MIN_LINK_KEY_BYTES) throw new Error(`${file} must hold at least ${MIN_LINK_KEY_BYTES} bytes of hex; delete it to make a new one`);
  return key;
}

/** Single-use confirmation links last this long (72 hours). */
export const CONFIRMATION_VALID_MS = CONFIRMATION_LINK_VALID_HOURS * 60 * 60 * 1000;

/**
 * An unsubscribe link works this long after its e-mail (60 days): twice the
 * 30 days anti-spam law asks for, and short enough that a link in an old
 * mailbox, forwarded or leaked, stops working. The newsletter itself carries
 * its own sender's unsubscribe link; this one is the confirmation e-mail's.
 */
export const UNSUBSCRIBE_LINK_VALID_DAYS = 60;
export const UNSUBSCRIBE_LINK_VALID_MS = UNSUBSCRIBE_LINK_VALID_DAYS * 24 * 60 * 60 * 1000;

/** What the store keeps of a token: its SHA-256, never the token. */
export function tokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A token as it may arrive in a URL: 43 URL-safe characters; anything else is no token of ours. */
export function isWellFormedToken(token: unknown): token is string {
  return typeof token === "string" && /^[A-Za-z0-9_-]{43}$/.test(token);
}
