import type { ReactNode } from "react";
import { cx } from "../../lib/class-names.ts";
import { Container } from "../ui/container.tsx";

/**
 * The ink band every page opens with, its glow behind. It is labelled by the
 * page's one H1, which must be a HeroTitle inside it; `className` sets the
 * band's padding and grid.
 */
export function HeroBand({ className, children }: { className: string; children: ReactNode }) {
  return (
    <section aria-labelledby="page-title" className="tone-ink relative overflow-hidden bg-ink text-on-ink">
      <div aria-hidden="true" className="page-intro-glow pointer-events-none absolute inset-0" />
      <Container className={cx("relative", className)}>{children}</Container>
    </section>
  );
}

export function HeroEyebrow({ className, children }: { className?: string; children: ReactNode }) {
  return <p className={cx(className, "mb-4 text-sm font-semibold tracking-wide text-accent-on-ink uppercase")}>{children}</p>;
}

/** The page's H1: there is one per page, and the band is labelled by it. */
export function HeroTitle({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <h1 id="page-title" className={cx(className, "text-display font-semibold tracking-tight text-balance lg:text-display-lg")}>
      {children}
    </h1>
  );
}
