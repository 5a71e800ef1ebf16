import type { RegulationFeatureCard, WithIconNode } from "../../content/types.ts";
import { IconCard } from "../sections/icon-card.tsx";
import { BulletList } from "./bullet-list.tsx";

/** A regulation page's six feature cards, each with its bullet points. */
export function RegulationFeatureCards({ cards }: { cards: WithIconNode<RegulationFeatureCard>[] }) {
  return (
    <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {cards.map((card) => (
        <IconCard key={card.title} icon={card.icon} title={card.title}>
          <p className="mt-2 text-base/7 text-text-muted">{card.description}</p>
          <BulletList items={card.bulletPoints} className="mt-5 border-t border-line pt-5 text-text" />
        </IconCard>
      ))}
    </ul>
  );
}
