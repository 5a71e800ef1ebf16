/**
 * What a built site's pages run inline and what its CSP allows, read the way a
 * browser would judge them and apart from the build's own check
 * (scripts/build/lib/page-inline-code.ts), so that tests compare the two
 * (SEC-2, EDIT-7).
 */
import { readFileSync } from "node:fs";
import { builtPages } from "../../scripts/build/lib/built-pages.ts";
import { cspHash } from "../../scripts/build/lib/csp-hash.ts";

/** The MIME types browsers run as classic scripts (HTML's list, the common ones). */
const JAVASCRIPT_TYPES = new Set(["text/javascript", "application/javascript", "application/ecmascript", "text/ecmascript", "application/x-javascript"]);

/** Inline script types that CSP governs besides JavaScript: Speculation Rules. */
const GOVERNED_TYPES = new Set(["module", "speculationrules"]);

/** A page's inline scripts that CSP governs (data blocks such as JSON-LD never run, and CSP does not govern them) and its inline styles. */
export function inlineCodeOf(html: string): { scripts: string[]; styles: string[] } {
  const scripts: string[] = [];
  for (const match of html.matchAll(/<script((?:\s[^>]*)?)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? "";
    if (/\ssrc=/i.test(attributes)) continue;
    const type = /\stype="([^"]*)"/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && !GOVERNED_TYPES.has(type) && !JAVASCRIPT_TYPES.has(type)) continue;
    scripts.push(match[2] ?? "");
  }
  const styles = [...html.matchAll(/<style(?:\s[^>]*)?>([\s\S]*?)<\/style>/gi)].map((match) => match[1] ?? "");
  return { scripts, styles };
}

/** The hashes a CSP allows in one directive, without their quotes. */
export function cspHashes(policy: string, directive: "script-src" | "style-src"): string[] {
  const sources = policy.split("; ").find((part) => part.startsWith(`${directive} `))?.split(" ").slice(1) ?? [];
  return sources.filter((source) => source.startsWith("'sha256-")).map((source) => source.slice(1, -1)).sort();
}

/** Every page of a built site (build/client) by route, with the hashes of the inline code it holds. */
export async function inlineCodeByPage(client: string): Promise<Map<string, { scripts: string[]; styles: string[] }>> {
  const pages = new Map<string, { scripts: string[]; styles: string[] }>();
  for (const { route, file } of await builtPages(client)) {
    const code = inlineCodeOf(readFileSync(file, "utf8"));
    pages.set(route, { scripts: [...new Set(code.scripts.map(cspHash))].sort(), styles: [...new Set(code.styles.map(cspHash))].sort() });
  }
  return pages;
}
