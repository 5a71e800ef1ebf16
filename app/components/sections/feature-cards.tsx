import type { FeatureCard, WithIconNode } from "../../content/types.ts";
import { cx } from "../../lib/class-names.ts";
import { Icon } from "../icon.tsx";

/**
 * A grid of icon cards: the home page's 'In a Nutshell' (six, two then three
 * across), a landing page's features (three, side by side from tablets) and the
 * SOC 2 platform capabilities (eight, four across on wide screens).
 */
function columnsFor(count: number): string {
  if (count === 3) return "md:grid-cols-3";
  if (count % 4 === 0) return "sm:grid-cols-2 lg:grid-cols-4";
  return "sm:grid-cols-2 lg:grid-cols-3";
}

export function FeatureCards({ cards }: { cards: WithIconNode<FeatureCard>[] }) {
  return (
    <ul className={cx("mt-12 grid gap-6", columnsFor(cards.length))}>
      {cards.map((card) => (
        <li key={card.title} className="rounded-2xl border border-line bg-surface p-6 transition-shadow hover:shadow-lg">
          <span className="inline-flex size-12 items-center justify-center rounded-xl bg-indigo-50 text-accent">
            <Icon node={card.icon} />
          </span>
          <h3 className="mt-5 text-lg/7 font-semibold">{card.title}</h3>
          <p className="mt-2 text-base/7 text-text-muted">{card.desc}</p>
        </li>
      ))}
    </ul>
  );
}
