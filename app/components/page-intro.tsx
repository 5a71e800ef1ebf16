import type { ReactNode } from "react";
import { Container } from "./ui/container.tsx";

interface PageIntroProps {
  eyebrow?: string;
  title: ReactNode;
  intro: ReactNode;
  children?: ReactNode;
}

/** The opening band of an inner page: its one H1, a short intro and optional actions. */
export function PageIntro({ eyebrow, title, intro, children }: PageIntroProps) {
  return (
    <section aria-labelledby="page-title" className="tone-ink relative overflow-hidden bg-ink text-on-ink">
      <div aria-hidden="true" className="page-intro-glow pointer-events-none absolute inset-0" />
      <Container className="relative py-16 sm:py-24">
        <div className="max-w-3xl">
          {eyebrow && (
            <p className="mb-4 text-sm font-semibold tracking-wide text-accent-on-ink uppercase">{eyebrow}</p>
          )}
          <h1 id="page-title" className="text-display font-semibold tracking-tight text-balance lg:text-display-lg">
            {title}
          </h1>
          <div className="mt-6 max-w-2xl text-lg/8 text-on-ink-muted">{intro}</div>
          {children && <div className="mt-10 flex flex-wrap items-center gap-4">{children}</div>}
        </div>
      </Container>
    </section>
  );
}
