import type { ReactNode } from "react";

/** The request form (`children`, its island) in its card (TRUST-8). */
export function TrustRequestCard({ children }: { children: ReactNode }) {
  return <div className="mt-10 rounded-2xl border border-line bg-surface p-6 shadow-sm sm:p-8">{children}</div>;
}
