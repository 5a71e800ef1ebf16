import { lazy, Suspense } from "react";
import { importUnlessLeaving } from "../../lib/leaving-page.ts";
import type { TrustRequestFormProps } from "./trust-request-form.tsx";

// The form's code is not part of the page's first script: as with the contact
// form, the prerender writes it in place and the browser hydrates it once its
// chunk has loaded (TRUST-8).
const TrustRequestForm = lazy(() =>
  importUnlessLeaving(() => import("./trust-request-form.tsx")).then((module) => ({ default: module.TrustRequestForm })),
);

export function TrustRequestCard(props: TrustRequestFormProps) {
  return (
    <div className="mt-10 rounded-2xl border border-line bg-surface p-6 shadow-sm sm:p-8">
      <Suspense>
        <TrustRequestForm {...props} />
      </Suspense>
    </div>
  );
}
