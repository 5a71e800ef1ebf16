/**
 * The security headers of every response, defined once: the Node server sends
 * them, and the build writes the same values into _headers and an nginx snippet
 * for static hosts (scripts/build/lib/host-config.ts). docs/security.md explains each.
 */

export interface PagePolicyInput {
  /** sha256 hashes ('sha256-…') of the inline scripts the build writes into every page (scripts/build/lib/page-inline-code.ts). */
  scriptHashes: readonly string[];
  /** sha256 hashes of the inline <style> elements the build writes into every page. */
  styleHashes: readonly string[];
  /** Origins the pages may send requests and forms to besides their own (a cross-origin LEADS_URL). */
  extraConnectOrigins?: readonly string[];
}

/** What the build decided, for the server and the static host files (build/security.json). */
export interface SecurityManifest {
  contentSecurityPolicy: string;
}

/** Two years, subdomains included. */
export const STRICT_TRANSPORT_SECURITY = "max-age=63072000; includeSubDomains";

/** Headers for every response, whatever it is. */
export const COMMON_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "Strict-Transport-Security": STRICT_TRANSPORT_SECURITY,
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Resource-Policy": "same-origin",
  // frame-ancestors does this for current browsers; this header is for old ones.
  "X-Frame-Options": "DENY",
};

/** For responses that are not pages (assets, files, errors): nothing may run or load. */
export const NON_PAGE_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

function quoted(hashes: readonly string[]): string[] {
  return [...new Set(hashes)].sort().map((hash) => `'${hash}'`);
}

/**
 * The Content-Security-Policy of the prerendered pages. One policy serves every
 * page: their inline scripts are the same few everywhere (a page's own
 * script is a file of our origin, its islands' props travel in attributes),
 * so a static host can send it for /*.
 */
export function pageContentSecurityPolicy(input: PagePolicyInput): string {
  const extra = [...new Set(input.extraConnectOrigins ?? [])];
  // default-src is 'self' rather than 'none' for one resource only: the web
  // app manifest. Its own directive, manifest-src, is unknown to WebKit, which
  // logs an error on every page for it; every other fetch type that could fall
  // back to default-src is named below.
  const directives: [string, ...string[]][] = [
    ["default-src", "'self'"],
    ["script-src", "'self'", ...quoted(input.scriptHashes)],
    ["style-src", ...(input.styleHashes.length ? quoted(input.styleHashes) : ["'none'"])],
    ["img-src", "'self'"],
    ["font-src", "'self'"],
    ["connect-src", "'self'", ...extra],
    ["form-action", "'self'", ...extra],
    ["frame-ancestors", "'none'"],
    ["base-uri", "'none'"],
    ["object-src", "'none'"],
    ["child-src", "'none'"],
    ["media-src", "'none'"],
  ];
  return directives.map((directive) => directive.join(" ")).join("; ");
}
