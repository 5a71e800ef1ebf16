import { absoluteUrl, site } from "../../../app/site/config.ts";
import { SECURITY_TXT_PATH } from "../../../common/published-files.ts";
import type { PagePath } from "../../../app/site/pages.ts";

/** The disclosure policy (RFC 9116 Policy); its section "8. Acknowledgments" thanks reporters (Acknowledgments). */
export const DISCLOSURE_POLICY_PATH: PagePath = "/trust/vulnerability-disclosure";
export const ACKNOWLEDGMENTS_ANCHOR = "acknowledgments";

/** How long a published security.txt stays valid; RFC 9116 advises less than a year. */
const VALIDITY_DAYS = 180;

/** /.well-known/security.txt (RFC 9116), from the site config. */
export function securityTxt(now: Date): string {
  const expires = new Date(now.getTime() + VALIDITY_DAYS * 24 * 60 * 60 * 1000);
  return [
    `Contact: mailto:${site.email.security}`,
    `Expires: ${expires.toISOString().replace(/\.\d{3}Z$/, "Z")}`,
    "Preferred-Languages: en",
    `Canonical: ${absoluteUrl(SECURITY_TXT_PATH)}`,
    `Policy: ${absoluteUrl(DISCLOSURE_POLICY_PATH)}`,
    `Acknowledgments: ${absoluteUrl(`${DISCLOSURE_POLICY_PATH}#${ACKNOWLEDGMENTS_ANCHOR}`)}`,
    "",
  ].join("\n");
}
