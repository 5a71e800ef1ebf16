import { useId, useRef, useState, type KeyboardEvent } from "react";
import type { UseCaseTab } from "../../content/types.ts";
import { cx } from "../../lib/class-names.ts";
import { tabIndexForKey } from "../../lib/tabs.ts";
import { words } from "../../content/interface-words.ts";

const FIELDS = [
  ["challenge", words("useCaseTabs.challenge")],
  ["example", words("useCaseTabs.example")],
  ["solution", words("useCaseTabs.solution")],
  ["outcome", words("useCaseTabs.outcome")],
] as const;

/**
 * The use-case tabs, following the WAI-ARIA tabs pattern: one tab stop (the
 * selected tab), arrow keys, Home and End move and select. On a narrow phone
 * the four tabs sit two by two, so none is hidden behind a sideways scroll.
 * Every panel is in the page; inactive ones are hidden, and without JavaScript
 * all show, each under its own heading (app.css).
 */
export function UseCaseTabs({ tabs }: { tabs: UseCaseTab[] }) {
  const [selected, setSelected] = useState(0);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const id = useId();

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const next = tabIndexForKey(selected, event.key, tabs.length);
    if (next === null) return;
    event.preventDefault();
    setSelected(next);
    tabRefs.current[next]?.focus();
  }

  return (
    <div className="use-case-tabs">
      <div
        role="tablist"
        aria-label={words("useCaseTabs.listLabel")}
        className="tab-list grid grid-cols-2 gap-1 rounded-3xl border border-line bg-surface-muted p-1 min-[30rem]:flex min-[30rem]:rounded-full sm:inline-flex"
      >
        {tabs.map((tab, index) => (
          <button
            key={tab.id}
            ref={(element) => {
              tabRefs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${tab.id}`}
            aria-selected={index === selected}
            aria-controls={`${id}-panel-${tab.id}`}
            tabIndex={index === selected ? 0 : -1}
            onClick={() => setSelected(index)}
            onKeyDown={onKeyDown}
            className={cx(
              "min-h-11 rounded-full px-5 text-[0.9375rem] font-semibold whitespace-nowrap transition-colors min-[30rem]:flex-1 sm:flex-none",
              index === selected ? "bg-ink text-on-ink" : "text-text-muted hover:text-text",
            )}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab, index) => (
        <section
          key={tab.id}
          role="tabpanel"
          id={`${id}-panel-${tab.id}`}
          aria-labelledby={`${id}-tab-${tab.id}`}
          tabIndex={0}
          hidden={index !== selected}
          className="tab-panel mt-10 rounded-lg"
        >
          <h2 className="tab-panel-title text-h3 font-semibold">{tab.label}</h2>
          <p className="max-w-3xl text-lg/8 text-text-muted">{tab.summary}</p>
          <ul className="mt-8 grid gap-6 md:grid-cols-2">
            {tab.cards.map((card) => (
              <li key={card.title} className="flex flex-col rounded-2xl border border-line bg-surface p-6">
                <h3 className="text-lg/7 font-semibold">{card.title}</h3>
                <dl className="mt-4 space-y-4 text-base/7">
                  {FIELDS.map(([field, term]) => (
                    <div key={field}>
                      <dt className="text-sm font-semibold tracking-wide text-accent uppercase">{term}</dt>
                      <dd className="mt-1 text-text-muted">{card[field]}</dd>
                    </div>
                  ))}
                </dl>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
