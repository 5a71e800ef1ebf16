import { ArrowRight as arrowRightIcon } from "lucide";
import { Icon } from "../icon.tsx";
import type { TokenSample } from "../../content/types.ts";
import { DemoButton } from "../demo-button.tsx";
import { LearnMoreLink } from "../learn-more-link.tsx";
import { HeroBand, HeroEyebrow, HeroTitle } from "./hero-band.tsx";
import { words } from "../../content/interface-words.ts";

interface HomeHeroProps {
  eyebrow: string;
  heading: string;
  description: string;
  sample: TokenSample[];
}

/**
 * The home page's opening. Phones get a centred column with the sample record
 * below the actions; wide screens put the record beside the text. The heading
 * and description rise into place but are painted at full opacity from the
 * first frame (they are the largest contentful paint); the actions and the
 * record fade in over 0.8 s (app.css, none under reduced motion).
 */
export function HomeHero({ eyebrow, heading, description, sample }: HomeHeroProps) {
  return (
    <HeroBand className="grid gap-12 py-14 sm:py-20 lg:grid-cols-[1.15fr_1fr] lg:items-center lg:gap-16 lg:py-28">
      <div className="text-center lg:text-left">
        <HeroEyebrow className="hero-rise">{eyebrow}</HeroEyebrow>
        <HeroTitle className="hero-rise">{heading}</HeroTitle>
        <p className="hero-rise mx-auto mt-6 max-w-xl text-lg/8 text-on-ink-muted lg:mx-0">{description}</p>
        <div className="hero-fade mt-10 flex flex-col items-center gap-3 sm:flex-row sm:justify-center lg:justify-start">
          <DemoButton />
          <LearnMoreLink />
        </div>
      </div>
      <figure className="hero-fade mx-auto w-full max-w-md rounded-2xl border border-line-ink bg-ink-soft p-5 shadow-2xl sm:p-6 lg:max-w-none">
        <figcaption className="flex items-center justify-between text-sm text-on-ink-muted">
          <span className="font-mono">{words("homeHero.sampleName")}</span>
          <span className="rounded-full border border-line-ink px-2.5 py-0.5 text-xs">{words("homeHero.sampleBadge")}</span>
        </figcaption>
        <dl className="mt-5 space-y-4">
          {sample.map((row) => (
            <div key={row.field} className="grid gap-1 border-t border-line-ink pt-4 sm:grid-cols-[5.5rem_1fr] sm:items-center">
              <dt className="text-xs font-semibold tracking-wide text-on-ink-muted uppercase">{row.field}</dt>
              <dd className="flex flex-wrap items-center gap-x-2 gap-y-1 font-mono text-sm">
                <span className="text-on-ink-muted line-through decoration-on-ink-muted/60">
                  <span className="sr-only">{words("homeHero.rawValue")}</span>
                  {row.raw}
                </span>
                <Icon node={arrowRightIcon} strokeWidth={2} className="size-4 text-on-ink-muted" />
                <span className="rounded-md bg-indigo-500/15 px-2 py-0.5 text-accent-on-ink">
                  <span className="sr-only">{words("homeHero.becomesToken")}</span>
                  {row.token}
                </span>
              </dd>
            </div>
          ))}
        </dl>
      </figure>
    </HeroBand>
  );
}
