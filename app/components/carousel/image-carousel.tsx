import { ChevronLeft as chevronLeftIcon, ChevronRight as chevronRightIcon, Pause as pauseIcon, Play as playIcon } from "lucide";
import { Icon } from "../icon.tsx";
import { useEffect, useState, type FocusEvent } from "react";
import type { CarouselSlide } from "../../content/types.ts";
import {
  CAROUSEL_IMAGE,
  CAROUSEL_INTERVAL_MS,
  carouselImagePath,
  carouselSrcSet,
  initialRotation,
  isAdvancing,
  wrapIndex,
} from "../../lib/carousel.ts";
import { cx } from "../../lib/class-names.ts";
import { usePrefersReducedMotion } from "../../lib/use-client-value.ts";
import { words } from "../../content/interface-words.ts";

const SIZES = "(min-width: 1280px) 1152px, calc(100vw - 3rem)";

const controlClasses =
  "inline-flex size-11 items-center justify-center rounded-full border border-line bg-surface text-text shadow-sm hover:border-text-muted";

/**
 * The About page carousel, after the WAI-ARIA auto-rotating carousel pattern:
 * a visible stop/start button first, previous and next, and a dot per slide.
 * It advances every 3000 ms and wraps; hovering pauses it; once keyboard focus
 * enters, it stays stopped until the visitor presses start; under reduced
 * motion it starts stopped. Without JavaScript the slides sit side by side in
 * a scrollable row (app.css, .carousel-track).
 */
export function ImageCarousel({ slides, label }: { slides: CarouselSlide[]; label: string }) {
  const [index, setIndex] = useState(0);
  // null until the visitor presses stop or play: then the start depends on reduced motion.
  const [chosen, setChosen] = useState<boolean | null>(null);
  const [hovered, setHovered] = useState(false);
  const prefersReducedMotion = usePrefersReducedMotion();
  const rotating = chosen ?? initialRotation(prefersReducedMotion);
  const count = slides.length;

  const advancing = isAdvancing({ rotating, hovered });
  useEffect(() => {
    if (!advancing) return;
    // Restarted on every slide change, so a manual move also gets its full 3000 ms.
    const timer = window.setTimeout(() => setIndex((current) => wrapIndex(current, 1, count)), CAROUSEL_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [advancing, index, count]);

  function onFocus(event: FocusEvent<HTMLElement>) {
    // Keyboard focus arriving from outside stops rotation until the visitor presses play;
    // moving between the carousel's own controls, or a mouse click on one, does not.
    if (event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)) return;
    if (event.target.matches(":focus-visible")) setChosen(false);
  }

  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      className="carousel"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={onFocus}
    >
      <div className="carousel-controls mb-5 flex items-center gap-3">
        <button
          type="button"
          onClick={() => setChosen(!rotating)}
          // The name starts with the visible word, so speech users can say what they see (WCAG 2.5.3).
          aria-label={rotating ? words("carousel.pause") : words("carousel.play")}
          className={cx(controlClasses, "w-auto gap-2 px-4 text-sm font-semibold")}
        >
          {rotating ? <Icon node={pauseIcon} strokeWidth={2} className="size-4" /> : <Icon node={playIcon} strokeWidth={2} className="size-4" />}
          <span aria-hidden="true">{rotating ? "Pause" : "Play"}</span>
        </button>
        <div className="ml-auto flex items-center gap-3">
          <button
            type="button"
            aria-controls="carousel-slides"
            aria-label={words("carousel.previous")}
            onClick={() => setIndex(wrapIndex(index, -1, count))}
            className={controlClasses}
          >
            <Icon node={chevronLeftIcon} strokeWidth={2} className="size-5" />
          </button>
          <button
            type="button"
            aria-controls="carousel-slides"
            aria-label={words("carousel.next")}
            onClick={() => setIndex(wrapIndex(index, 1, count))}
            className={controlClasses}
          >
            <Icon node={chevronRightIcon} strokeWidth={2} className="size-5" />
          </button>
        </div>
      </div>
      <div id="carousel-slides" aria-live={advancing ? "off" : "polite"} className="carousel-track">
        {slides.map((slide, position) => {
          const current = position === index;
          return (
            <div
              key={slide.id}
              role="group"
              aria-roledescription="slide"
              aria-label={words("carousel.position", { number: position + 1, count })}
              data-current={current || undefined}
              inert={!current || undefined}
              className="carousel-slide"
            >
              <figure className="overflow-hidden rounded-2xl border border-line bg-ink">
                <picture>
                  <source type="image/avif" srcSet={carouselSrcSet(slide.id, "avif")} sizes={SIZES} />
                  <img
                    src={carouselImagePath(slide.id, CAROUSEL_IMAGE.widths[0], "webp")}
                    srcSet={carouselSrcSet(slide.id, "webp")}
                    sizes={SIZES}
                    width={CAROUSEL_IMAGE.width}
                    height={CAROUSEL_IMAGE.height}
                    alt={slide.alt}
                    loading="lazy"
                    decoding="async"
                    className="block h-auto w-full"
                  />
                </picture>
                <figcaption className="bg-surface px-5 py-4 sm:px-6">
                  <span className="block font-semibold text-text">{slide.title}</span>
                  <span className="mt-1 block text-base/7 text-text-muted">{slide.caption}</span>
                </figcaption>
              </figure>
            </div>
          );
        })}
      </div>
      <div className="carousel-controls mt-5 flex justify-center gap-1">
        {slides.map((slide, position) => (
          <button
            key={slide.id}
            type="button"
            aria-controls="carousel-slides"
            aria-label={words("carousel.slide", { number: position + 1, title: slide.title })}
            aria-current={position === index || undefined}
            onClick={() => setIndex(position)}
            className="group inline-flex size-11 items-center justify-center rounded-full"
          >
            <span
              aria-hidden="true"
              className={cx(
                "block size-3 rounded-full border-2 border-accent transition-colors",
                position === index ? "bg-accent" : "bg-transparent group-hover:bg-indigo-100",
              )}
            />
          </button>
        ))}
      </div>
    </section>
  );
}
