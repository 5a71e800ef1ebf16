import type { FeatureCard, WithIconNode } from "../../content/types.ts";
import { cx } from "../../lib/class-names.ts";
import { IconCard } from "./icon-card.tsx";

function columnsFor(count: number): string {
  if (count === 3) return "md:grid-cols-3";
  if (count % 4 === 0) return "sm:grid-cols-2 lg:grid-cols-4";
  return "sm:grid-cols-2 lg:grid-cols-3";
}

/**
 * A grid of icon cards: the home page's 'In a Nutshell' (six, two then three
 * across), a landing page's features (three, side by side from tablets) and the
 * SOC 2 platform capabilities (eight, four across on wide screens).
 */
export function FeatureCards({ cards }: { cards: WithIconNode<FeatureCard>[] }) {
  return (
    <ul className={cx("mt-12 grid gap-6", columnsFor(cards.length))}>
      {cards.map((card) => (
        <IconCard key={card.title} icon={card.icon} title={card.title} className="transition-shadow hover:shadow-lg">
          <p className="mt-2 text-base/7 text-text-muted">{card.desc}</p>
        </IconCard>
      ))}
    </ul>
  );
}
