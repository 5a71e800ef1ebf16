import type { RequirementCard } from "../../content/types.ts";
import { words } from "../../content/interface-words.ts";

const parts = [
  { key: "whatDoesItAsk", label: words("regulationPages.whatDoesItAsk") },
  { key: "why", label: words("regulationPages.why") },
  { key: "howWeSolve", label: words("regulationPages.howWeSolve") },
] as const satisfies readonly { key: keyof RequirementCard; label: string }[];

/** A regulation's requirements: what each asks, why it matters and how Veilvault answers it. */
export function RequirementCards({ cards }: { cards: RequirementCard[] }) {
  return (
    <ol className="mt-12 grid gap-6 md:grid-cols-2">
      {cards.map((card, index) => (
        <li key={card.title} className="flex flex-col rounded-2xl border border-line bg-surface p-6 sm:p-8">
          <p aria-hidden="true" className="text-sm font-semibold text-accent tabular-nums">
            {String(index + 1).padStart(2, "0")}
          </p>
          <h3 className="mt-2 text-h3 font-semibold text-balance">{card.title}</h3>
          <dl className="mt-5 flex flex-1 flex-col gap-4 text-base/7">
            {parts.map((part) => (
              <div
                key={part.key}
                className={part.key === "howWeSolve" ? "mt-auto rounded-xl bg-indigo-50 p-4" : undefined}
              >
                <dt className="text-sm font-semibold tracking-wide text-accent-strong uppercase">{part.label}</dt>
                <dd className="mt-1 text-text-muted">{card[part.key]}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ol>
  );
}
