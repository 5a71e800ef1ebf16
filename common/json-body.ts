/** Small helpers for checking a JSON request body field by field (lead-schema.ts, newsletter-schema.ts). */

export type Parsed<T> = { ok: true; value: T } | { ok: false; errors: Record<string, string> };

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function unknownFields(body: Record<string, unknown>, known: readonly string[]): Record<string, string> {
  return Object.fromEntries(
    Object.keys(body)
      .filter((key) => !known.includes(key))
      .map((key) => [key, "Unknown field"]),
  );
}
