import type { RegulationFeatureCard, WithIconNode } from "../../content/types.ts";
import { Icon } from "../icon.tsx";
import { BulletList } from "./bullet-list.tsx";

/** A regulation page's six feature cards, each with its bullet points. */
export function RegulationFeatureCards({ cards }: { cards: WithIconNode<RegulationFeatureCard>[] }) {
  return (
    <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {cards.map((card) => (
        <li key={card.title} className="flex flex-col rounded-2xl border border-line bg-surface p-6">
          <span className="inline-flex size-12 items-center justify-center rounded-xl bg-indigo-50 text-accent">
            <Icon node={card.icon} />
          </span>
          <h3 className="mt-5 text-lg/7 font-semibold">{card.title}</h3>
          <p className="mt-2 text-base/7 text-text-muted">{card.description}</p>
          <BulletList items={card.bulletPoints} className="mt-5 border-t border-line pt-5 text-text" />
        </li>
      ))}
    </ul>
  );
}
