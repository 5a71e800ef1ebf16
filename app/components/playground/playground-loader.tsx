import { lazy, Suspense } from "react";
import { useHydrated } from "../../lib/hydrated.ts";

// Its own chunk, fetched once the page has hydrated, so the route's first paint and budget are the same as any page's (PLAY-5).
const Playground = lazy(() => import("./playground-tool.tsx"));

/** The space the playground takes before it arrives: held, so nothing below it moves when it does. */
function Placeholder({ noScript }: { noScript: string }) {
  return (
    <div className="min-h-[40rem] rounded-2xl border border-dashed border-line" data-playground="loading">
      <p className="no-js-only p-6 text-base/7">{noScript}</p>
    </div>
  );
}

/** The playground on the client; in the prerendered HTML, its place and a note for browsers without JavaScript. */
export function PlaygroundLoader({ noScript }: { noScript: string }) {
  const hydrated = useHydrated();
  if (!hydrated) return <Placeholder noScript={noScript} />;
  return (
    <Suspense fallback={<Placeholder noScript={noScript} />}>
      <Playground />
    </Suspense>
  );
}
