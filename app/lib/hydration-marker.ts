/**
 * `<html data-hydrated>` says every part of the page answers to script:
 * browser tests and the screenshot script wait for it, since clicks before
 * that are lost. Parts hydrated after the page (the site chrome) report here,
 * and the mark is set once the last has.
 */
const PARTS = ["page", "header", "footer", "consent"] as const;
export type HydratedPart = (typeof PARTS)[number];

const waiting = new Set<HydratedPart>(PARTS);

export function markHydrated(part: HydratedPart): void {
  waiting.delete(part);
  if (waiting.size === 0) document.documentElement.dataset.hydrated = "true";
}
