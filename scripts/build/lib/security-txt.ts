import { absoluteUrl, site } from "../../../app/site/config.ts";

/** How long a published security.txt stays valid; RFC 9116 advises less than a year. */
const VALIDITY_DAYS = 180;

/** /.well-known/security.txt (RFC 9116), from the site config. */
export function securityTxt(now: Date): string {
  const expires = new Date(now.getTime() + VALIDITY_DAYS * 24 * 60 * 60 * 1000);
  return [
    `Contact: mailto:${site.email.security}`,
    `Expires: ${expires.toISOString().replace(/\.\d{3}Z$/, "Z")}`,
    "Preferred-Languages: en",
    `Canonical: ${absoluteUrl("/.well-known/security.txt")}`,
    "",
  ].join("\n");
}
