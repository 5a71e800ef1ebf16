import { absoluteUrl, site } from "../../../app/site/config.ts";
import { OPENPGP_KEY_PATH, SECURITY_TXT_PATH } from "../../../common/published-files.ts";
import type { PagePath } from "../../../app/site/pages.ts";

/** The disclosure policy (RFC 9116 Policy); its section "8. Acknowledgments" thanks reporters (Acknowledgments). */
export const DISCLOSURE_POLICY_PATH: PagePath = "/trust/vulnerability-disclosure";
export const ACKNOWLEDGMENTS_ANCHOR = "acknowledgments";

/** How long a published security.txt stays valid; RFC 9116 advises less than a year. */
const VALIDITY_DAYS = 180;

/** /.well-known/security.txt (RFC 9116), from the site config; `encrypted` when the build publishes the team's OpenPGP key. */
export function securityTxt(now: Date, { encrypted = false }: { encrypted?: boolean } = {}): string {
  const expires = new Date(now.getTime() + VALIDITY_DAYS * 24 * 60 * 60 * 1000);
  return [
    `Contact: mailto:${site.email.security}`,
    ...(encrypted ? [`Encryption: ${absoluteUrl(OPENPGP_KEY_PATH)}`] : []),
    `Expires: ${expires.toISOString().replace(/\.\d{3}Z$/, "Z")}`,
    "Preferred-Languages: en",
    `Canonical: ${absoluteUrl(SECURITY_TXT_PATH)}`,
    `Policy: ${absoluteUrl(DISCLOSURE_POLICY_PATH)}`,
    `Acknowledgments: ${absoluteUrl(`${DISCLOSURE_POLICY_PATH}#${ACKNOWLEDGMENTS_ANCHOR}`)}`,
    "",
  ].join("\n");
}

const ARMOR_START = "-----BEGIN PGP PUBLIC KEY BLOCK-----";
const ARMOR_END = "-----END PGP PUBLIC KEY BLOCK-----";

/**
 * The key file a deployment names (SECURITY_OPENPGP_KEY_FILE), checked: one
 * ASCII-armoured public key block and nothing else, so a private key or a
 * stray file is never published by mistake.
 */
export function openPgpPublicKey(text: string): string {
  const key = text.trim();
  if (!key.startsWith(ARMOR_START) || !key.endsWith(ARMOR_END) || key.indexOf(ARMOR_START, 1) !== -1) {
    throw new Error("SECURITY_OPENPGP_KEY_FILE must hold one ASCII-armoured OpenPGP public key block (gpg --armor --export)");
  }
  if (/PRIVATE KEY/.test(key)) throw new Error("SECURITY_OPENPGP_KEY_FILE holds a private key: export the public key only");
  return `${key}\n`;
}
