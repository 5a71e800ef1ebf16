import { createHash } from "node:crypto";

/** 'sha256-…' of a string, as CSP wants it. */
export function cspHash(content: string): string {
  return `sha256-${createHash("sha256").update(content, "utf8").digest("base64")}`;
}

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
    if (type && type !== "module" && type !== "text/javascript") continue;
    scripts.push(cspHash(match[2] ?? ""));
  }
  const styles = [...html.matchAll(/<style(?:\s[^>]*)?>([\s\S]*?)<\/style>/g)].map((match) => cspHash(match[1] ?? ""));
  return { scripts: [...new Set(scripts)], styles: [...new Set(styles)] };
}
