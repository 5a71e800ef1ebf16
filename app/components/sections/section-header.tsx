import type { SectionHeading } from "../../content/types.ts";
import { cx } from "../../lib/class-names.ts";
import type { ReactNode } from "react";
import { Heading } from "../ui/heading.tsx";
import { Section, type SectionTone } from "../ui/section.tsx";

/** The eyebrow, H2 and intro that open a section, named by `id` for aria-labelledby. */
export function SectionHeader({
  content,
  id,
  centered = false,
  onInk = false,
}: {
  content: SectionHeading;
  id: string;
  centered?: boolean;
  /** On an ink band: the eyebrow and intro take the on-ink colours. */
  onInk?: boolean;
}) {
  return (
    <div className={cx("max-w-3xl", centered && "mx-auto text-center")}>
      {content.eyebrow && (
        <p className={cx("mb-3 text-sm font-semibold tracking-wide uppercase", onInk ? "text-accent-on-ink" : "text-accent")}>
          {content.eyebrow}
        </p>
      )}
      <Heading level={2} id={id}>
        {content.heading}
      </Heading>
      {content.intro && <p className={cx("mt-4 text-lg/8", onInk ? "text-on-ink-muted" : "text-text-muted")}>{content.intro}</p>}
    </div>
  );
}

interface HeadedSectionProps {
  /** The section's anchor; its heading's id is `${id}-title`. */
  id: string;
  heading: SectionHeading;
  tone?: SectionTone;
  children: ReactNode;
}

/** A page section opened by its eyebrow, H2 and intro, and named by that heading. */
export function HeadedSection({ id, heading, tone, children }: HeadedSectionProps) {
  return (
    <Section id={id} tone={tone} labelledBy={`${id}-title`}>
      <SectionHeader content={heading} id={`${id}-title`} onInk={tone === "ink"} />
      {children}
    </Section>
  );
}
