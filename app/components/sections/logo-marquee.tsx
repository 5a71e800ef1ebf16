import { Pause as pauseIcon, Play as playIcon } from "lucide";
import { Icon } from "../icon.tsx";
import { useState } from "react";
import type { BrandMark } from "../../content/types.ts";
import { Container } from "../ui/container.tsx";
import { words } from "../../content/interface-words.ts";

function MarkList({ marks, hidden = false }: { marks: BrandMark[]; hidden?: boolean }) {
  return (
    <ul aria-hidden={hidden || undefined} className="flex shrink-0 items-center gap-12 pr-12 sm:gap-16 sm:pr-16">
      {marks.map((mark) => (
        <li key={mark.title} className="flex items-center gap-3 text-text-muted">
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-7 fill-current">
            <path d={mark.path} />
          </svg>
          <span className="text-base font-semibold whitespace-nowrap">{mark.title}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The 'works with' strip: brand marks scrolling in a seamless loop (the list
 * twice, the copy hidden from assistive technology). It moves only with
 * JavaScript, so that its pause button works (WCAG 2.2.2); hovering pauses it
 * too, and under reduced motion it stands still (app.css).
 */
export function LogoMarquee({ heading, marks }: { heading: string; marks: BrandMark[] }) {
  const [paused, setPaused] = useState(false);
  return (
    <section aria-labelledby="works-with-title" className="border-y border-line bg-surface py-10">
      <Container className="flex items-center justify-between gap-4">
        <h2 id="works-with-title" className="text-sm font-semibold tracking-wide text-text-muted uppercase">
          {heading}
        </h2>
        <button
          type="button"
          onClick={() => setPaused((value) => !value)}
          className="marquee-toggle inline-flex min-h-11 items-center gap-2 rounded-full border border-line px-4 text-sm font-semibold hover:border-text-muted"
        >
          {paused ? <Icon node={playIcon} strokeWidth={2} className="size-4" /> : <Icon node={pauseIcon} strokeWidth={2} className="size-4" />}
          {paused ? words("logoStrip.play") : words("logoStrip.pause")}
          <span className="sr-only">{words("logoStrip.what")}</span>
        </button>
      </Container>
      <div className="marquee mt-6 overflow-hidden" data-paused={paused || undefined}>
        <div className="marquee-track flex w-max">
          <MarkList marks={marks} />
          <MarkList marks={marks} hidden />
        </div>
      </div>
    </section>
  );
}
