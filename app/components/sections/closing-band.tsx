import type { ReactNode } from "react";
import { DemoButton } from "../demo-button.tsx";
import { Heading } from "../ui/heading.tsx";
import { Section } from "../ui/section.tsx";

/** The closing call to action: an ink band with the demo button, and any further actions beside it. */
export function ClosingBand({ heading, text, children }: { heading: string; text: string; children?: ReactNode }) {
  return (
    <Section tone="ink" labelledBy="closing-title" className="relative overflow-hidden">
      <div className="mx-auto max-w-3xl text-center">
        <Heading level={2} id="closing-title">
          {heading}
        </Heading>
        <p className="mt-5 text-lg/8 text-on-ink-muted">{text}</p>
        <div className="mt-10 flex flex-wrap items-center justify-center gap-4">
          <DemoButton />
          {children}
        </div>
      </div>
    </Section>
  );
}
