/**
 * `<html data-hydrated>` says every part of the page answers to script:
 * browser tests and the screenshot script wait for it, since clicks before
 * that are lost. Parts hydrated after the page (the site chrome) report here,
 * and the mark is set once the last has.
 */
export type HydratedPart = "page" | "header" | "footer" | "consent";

const waiting = new Set<HydratedPart>(["page", "header", "footer", "consent"]);

export function markHydrated(part: HydratedPart): void {
  waiting.delete(part);
  if (waiting.size === 0) document.documentElement.dataset.hydrated = "true";
}
