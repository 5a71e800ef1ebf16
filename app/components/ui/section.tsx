import type { ReactNode } from "react";
import { cx } from "../../lib/class-names.ts";
import { Container } from "./container.tsx";

export type SectionTone = "light" | "muted" | "ink";

const toneClasses: Record<SectionTone, string> = {
  light: "bg-surface text-text",
  muted: "bg-surface-muted text-text",
  ink: "tone-ink bg-ink text-on-ink",
};

interface SectionProps {
  id?: string;
  tone?: SectionTone;
  /** id of the heading that names this section. */
  labelledBy?: string;
  className?: string;
  /** Always drawn: for sections whose layout must be exact before they are reached (the contact form). */
  eager?: boolean;
  children: ReactNode;
}

/**
 * Every page section: owns the vertical rhythm, the background tone and the
 * anchor id. A section is drawn only once it nears the viewport (app.css,
 * .render-when-near), which keeps a long page's first layout short.
 */
export function Section({ id, tone = "light", labelledBy, className, eager = false, children }: SectionProps) {
  return (
    <section
      id={id}
      aria-labelledby={labelledBy}
      className={cx(!eager && "render-when-near", toneClasses[tone], "py-16 sm:py-24", className)}
    >
      <Container>{children}</Container>
    </section>
  );
}
