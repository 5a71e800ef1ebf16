import { createHash } from "node:crypto";

/** 'sha256-…' of a string, as CSP wants it. */
export function cspHash(content: string): string {
  return `sha256-${createHash("sha256").update(content, "utf8").digest("base64")}`;
}
