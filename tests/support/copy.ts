import { MARKETING_FIGURES } from "./expected-figures.ts";

/** Every string inside a content record, however deeply nested: the copy a page can show. */
export function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === "object") return Object.values(value).flatMap(strings);
  return [];
}

/** Every percentage FIG-1 states; copy may use no other. */
export const FIG1_PERCENTAGES: ReadonlySet<string> = new Set(MARKETING_FIGURES.map((figure) => figure.percentage));

/** The percentages in some copy that FIG-1 does not state (FIG-2). */
export function unlistedPercentages(copy: unknown): string[] {
  const used = strings(copy).flatMap((text) => text.match(/\d+(?:\.\d+)?%/g) ?? []);
  return used.filter((figure) => !FIG1_PERCENTAGES.has(figure));
}
