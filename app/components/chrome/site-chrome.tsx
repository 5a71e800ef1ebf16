import { lazy, Suspense, useEffect, type ComponentType } from "react";
import { markHydrated, type HydratedPart } from "../../lib/hydration-marker.ts";
import { importUnlessLeaving } from "../../lib/leaving-page.ts";

/**
 * The header, footer and consent banner are on every page, drawn by the
 * prerender and visible at once, but their code is not in the page's first
 * script (PERF-1, PERF-9). It arrives as one file, requested as soon as the
 * page's script runs, and React hydrates each part in its own task once it
 * has: the page's own controls answer first, and no one long task hydrates
 * everything. Until then a link in the header or footer is a plain link and
 * still works, as it does without JavaScript.
 */
const chromeParts = () => importUnlessLeaving(() => import("./chrome-parts.tsx"));

function deferred(pick: (parts: Awaited<ReturnType<typeof chromeParts>>) => ComponentType): ComponentType {
  return lazy(() => chromeParts().then((parts) => ({ default: pick(parts) })));
}

const Header = deferred((parts) => parts.SiteHeader);
const Footer = deferred((parts) => parts.SiteFooter);
const Consent = deferred((parts) => parts.ConsentBanner);

/** Renders nothing; its effect runs when the boundary it sits in has hydrated. */
function Hydrated({ part }: { part: HydratedPart }) {
  useEffect(() => markHydrated(part), [part]);
  return null;
}

function Deferred({ part, Part }: { part: HydratedPart; Part: ComponentType }) {
  return (
    <Suspense>
      <Part />
      <Hydrated part={part} />
    </Suspense>
  );
}

export const DeferredHeader = () => <Deferred part="header" Part={Header} />;
export const DeferredFooter = () => <Deferred part="footer" Part={Footer} />;
export const DeferredConsentBanner = () => <Deferred part="consent" Part={Consent} />;
