/**
 * Files the site offers for download. The build writes each one
 * (scripts/build/postbuild.ts); the server and the static-host configuration send
 * everything under DOWNLOADS_PREFIX with DOWNLOAD_HEADERS, so browsers save it
 * under its own file name instead of opening it.
 */
export const DOWNLOADS_PREFIX = "/downloads/";

export const soc2Guide = {
  path: `${DOWNLOADS_PREFIX}veilvault-soc-2-readiness-guide.pdf`,
  fileName: "veilvault-soc-2-readiness-guide.pdf",
  type: "application/pdf",
} as const;

export const DOWNLOAD_HEADERS: Readonly<Record<string, string>> = { "Content-Disposition": "attachment" };

/** The Trust Center's public security overview (requirement TRUST-3). */
export const securityOverview = {
  path: `${DOWNLOADS_PREFIX}veilvault-security-overview.pdf`,
  fileName: "veilvault-security-overview.pdf",
  type: "application/pdf",
} as const;
