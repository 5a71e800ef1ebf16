import type { ReactNode } from "react";
import { HeroBand, HeroEyebrow, HeroTitle } from "./sections/hero-band.tsx";

interface PageIntroProps {
  eyebrow?: string;
  title: ReactNode;
  intro: ReactNode;
  children?: ReactNode;
}

/** The opening band of an inner page: its one H1, a short intro and optional actions. */
export function PageIntro({ eyebrow, title, intro, children }: PageIntroProps) {
  return (
    <HeroBand className="py-16 sm:py-24">
      <div className="max-w-3xl">
        {eyebrow && <HeroEyebrow>{eyebrow}</HeroEyebrow>}
        <HeroTitle>{title}</HeroTitle>
        <div className="mt-6 max-w-2xl text-lg/8 text-on-ink-muted">{intro}</div>
        {children && <div className="mt-10 flex flex-wrap items-center gap-4">{children}</div>}
      </div>
    </HeroBand>
  );
}
