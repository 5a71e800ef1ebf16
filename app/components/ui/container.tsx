import type { ReactNode } from "react";
import { cx } from "../../lib/class-names.ts";

/** The site's content column: about 1200 px wide, with the same gutters everywhere. */
export function Container({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={cx("mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8", className)}>{children}</div>;
}
