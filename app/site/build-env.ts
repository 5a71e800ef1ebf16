/**
 * The build-time environment: the only variables that reach the browser bundle.
 * Read and validated once (vite.config.ts injects the result as __BUILD_ENV__;
 * Node scripts call readBuildEnv(process.env) themselves).
 */
import { DEFAULT_LEADS_PATH, DEFAULT_NEWSLETTER_PATH } from "../../common/endpoints.ts";
import { DEFAULT_TRUST_REQUESTS_PATH } from "../../common/trust-center.ts";

export interface BuildEnv {
  /** Absolute origin of the public site, no trailing slash. */
  siteUrl: string;
  /** Where the contact form posts leads: same-origin path or absolute URL. */
  leadsUrl: string;
  /** Where the footer newsletter box posts sign-ups. */
  newsletterUrl: string;
  /** Where the Trust Center's request form posts. */
  trustRequestsUrl: string;
  /** False on staging: every page says noindex and robots.txt disallows all. */
  allowIndexing: boolean;
  /** Year of the build, for the copyright line (identical in HTML and hydration). */
  buildYear: number;
}

const DEFAULT_SITE_URL = "https://veilvault.example";

type EnvSource = Readonly<Record<string, string | undefined>>;

function absoluteOrigin(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an absolute URL, got "${value}"`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new Error(`${name} must use http or https, got "${value}"`);
  }
  if (url.pathname !== "/" || url.search || url.hash) {
    throw new Error(`${name} must be an origin without a path, got "${value}"`);
  }
  return url.origin;
}

function endpoint(name: string, value: string): string {
  // "//host/path" is protocol-relative, another host: only a single leading slash is a path.
  if (value.startsWith("/") && !value.startsWith("//")) return value;
  let url: URL | null = null;
  try {
    url = new URL(value);
  } catch {
    // reported below
  }
  if (!url || (url.protocol !== "https:" && url.protocol !== "http:")) {
    throw new Error(`${name} must be a path starting with / or an absolute http(s) URL, got "${value}"`);
  }
  return url.href;
}

function flag(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === "") return fallback;
  if (value === "true" || value === "1") return true;
  if (value === "false" || value === "0") return false;
  throw new Error(`${name} must be true or false, got "${value}"`);
}

export function readBuildEnv(source: EnvSource): BuildEnv {
  const siteUrl = absoluteOrigin("SITE_URL", source.SITE_URL || DEFAULT_SITE_URL);
  const leadsUrl = endpoint("LEADS_URL", source.LEADS_URL || DEFAULT_LEADS_PATH);
  // The newsletter and the Trust Center's requests live beside the leads endpoint, on the same API host.
  const beside = (path: string) => (leadsUrl.startsWith("/") ? path : new URL(path, leadsUrl).href);
  return {
    siteUrl,
    leadsUrl,
    newsletterUrl: beside(DEFAULT_NEWSLETTER_PATH),
    trustRequestsUrl: beside(DEFAULT_TRUST_REQUESTS_PATH),
    allowIndexing: flag("ALLOW_INDEXING", source.ALLOW_INDEXING, true),
    buildYear: new Date().getUTCFullYear(),
  };
}
