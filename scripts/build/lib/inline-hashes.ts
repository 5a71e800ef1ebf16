import { createHash } from "node:crypto";

/** 'sha256-…' of a string, as CSP wants it. */
export function cspHash(content: string): string {
  return `sha256-${createHash("sha256").update(content, "utf8").digest("base64")}`;
}

/** The MIME types browsers run as classic scripts (HTML's list, common ones). */
const JAVASCRIPT_TYPES = new Set([
  "text/javascript",
  "application/javascript",
  "application/ecmascript",
  "text/ecmascript",
  "application/x-javascript",
]);

/**
 * Hashes of a page's inline scripts (executable ones: JSON-LD and other data
 * blocks are not scripts to CSP) and inline <style> elements.
 */
export function inlineHashes(html: string): { scripts: string[]; styles: string[] } {
  const scripts: string[] = [];
  for (const match of html.matchAll(/<script((?:\s[^>]*)?)>([\s\S]*?)<\/script>/g)) {
    const attributes = match[1] ?? "";
    if (/\ssrc=/.test(attributes)) continue;
    const type = /\stype="([^"]*)"/.exec(attributes)?.[1];
    // Data blocks (JSON-LD and the like) never run, so CSP does not govern them.
    if (type && type !== "module" && !JAVASCRIPT_TYPES.has(type.toLowerCase())) continue;
    scripts.push(cspHash(match[2] ?? ""));
  }
  const styles = [...html.matchAll(/<style(?:\s[^>]*)?>([\s\S]*?)<\/style>/g)].map((match) => cspHash(match[1] ?? ""));
  return { scripts: [...new Set(scripts)], styles: [...new Set(styles)] };
}
