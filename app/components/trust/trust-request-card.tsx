import TrustRequestFormIsland from "../../islands/trust-request-form.island.tsx";
import type { TrustRequestFormProps } from "./trust-request-form.tsx";

/** The request form in its card (TRUST-8): drawn in place by the prerender, live once its code has loaded. */
export function TrustRequestCard(props: TrustRequestFormProps) {
  return (
    <div className="mt-10 rounded-2xl border border-line bg-surface p-6 shadow-sm sm:p-8">
      <TrustRequestFormIsland {...props} />
    </div>
  );
}
