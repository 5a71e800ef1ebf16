/**
 * Checks on a lead request that come before its body: where it comes from and
 * how it was filled in. Pure functions of the headers, so they are tested alone.
 */

/** Headers as Fastify gives them: lower-case names, a string or a list. */
export type Headers = Readonly<Record<string, string | string[] | undefined>>;

function header(headers: Headers, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Browsers name the requesting page's origin; a post from another site is
 * refused unless that origin is configured (a separate API host deployment).
 * Requests without either header come from non-browser clients, which cannot
 * carry a visitor's cookies or session, so there is nothing to forge.
 */
export function isSameOriginOrAllowed(headers: Headers, ownOrigins: readonly string[], allowedOrigins: readonly string[]): boolean {
  const origin = header(headers, "origin");
  if (origin && origin !== "null") return ownOrigins.includes(origin) || allowedOrigins.includes(origin);
  if (origin === "null") return false;
  const site = header(headers, "sec-fetch-site");
  return site === undefined || site === "same-origin" || site === "none";
}

/** Where a request arrived: the socket's local address and port. */
export interface ArrivedAt {
  address: string | undefined;
  port: number | undefined;
}

function isLoopback(address: string): boolean {
  return address.startsWith("127.") || address === "::1" || address.startsWith("::ffff:127.");
}

const LOOPBACK_NAMES = ["127.0.0.1", "localhost", "[::1]"] as const;
const DEFAULT_PORTS: Readonly<Record<string, number>> = { http: 80, https: 443 };

/**
 * The origins whose pages may post as our own: the public site (SITE_URL)
 * and, for a request that reached us on a loopback address (a developer's
 * machine, the test suites), the loopback names of the port it came in on.
 * Never the Host header: a DNS-rebinding page chooses it, and would pass as
 * same-origin by naming itself in both Host and Origin.
 */
export function ownOrigins(siteUrl: string, arrivedAt: ArrivedAt): string[] {
  const origins = [new URL(siteUrl).origin];
  const { address, port } = arrivedAt;
  if (!address || !port || !isLoopback(address)) return origins;
  for (const scheme of ["http", "https"]) {
    for (const name of LOOPBACK_NAMES) {
      origins.push(`${scheme}://${name}:${port}`);
      if (DEFAULT_PORTS[scheme] === port) origins.push(`${scheme}://${name}`);
    }
  }
  return origins;
}

export const FORM_TRAP_HEADER = "x-form-trap";
export const FORM_FILL_MS_HEADER = "x-form-fill-ms";

/**
 * The spam signals the form sends beside the body (which must stay exactly
 * LEAD-2's; requirement LEAD-10): the value of a hidden field people never see, and how long the
 * form was open. Suspected spam is stored with its reason, never dropped.
 */
export function spamReason(headers: Headers, minFillMs: number): "honeypot" | "too-fast" | undefined {
  if (header(headers, FORM_TRAP_HEADER)?.trim()) return "honeypot";
  const filled = Number(header(headers, FORM_FILL_MS_HEADER));
  if (!Number.isFinite(filled) || filled < minFillMs) return "too-fast";
  return undefined;
}

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,128}$/;

/** The Idempotency-Key, if well formed; `false` when present but malformed. */
export function idempotencyKey(headers: Headers): string | undefined | false {
  const key = header(headers, "idempotency-key");
  if (key === undefined) return undefined;
  return IDEMPOTENCY_KEY.test(key) ? key : false;
}
