import { ChevronDown as chevronDownIcon } from "lucide";
import { Icon } from "../icon.tsx";
import { useId, useState } from "react";
import type { FaqItem } from "../../content/types.ts";
import { answerParagraphs, toggleItem, type OpenItem } from "../../lib/accordion.ts";
import { cx } from "../../lib/class-names.ts";
import { FAQ_DEFAULT_OPEN_INDEX } from "../../lib/constants.ts";

/**
 * WAI-ARIA accordion: each question is a button (in an H3) that controls its
 * answer region. One answer is open at a time, the first at the start;
 * clicking the open question closes it. Without JavaScript every answer shows
 * (app.css), so the page reads in full.
 */
export function FaqAccordion({ items }: { items: FaqItem[] }) {
  const [open, setOpen] = useState<OpenItem>(FAQ_DEFAULT_OPEN_INDEX);
  const id = useId();
  return (
    <div className="faq mt-12 divide-y divide-line rounded-2xl border border-line bg-surface">
      {items.map((item, index) => {
        const expanded = open === index;
        const buttonId = `${id}q${index}`;
        const panelId = `${id}a${index}`;
        return (
          <div key={item.question}>
            <h3>
              <button
                type="button"
                id={buttonId}
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => setOpen((current) => toggleItem(current, index))}
                className="flex w-full items-center justify-between gap-6 px-5 py-5 text-left text-lg/7 font-semibold hover:text-accent-strong sm:px-6"
              >
                {item.question}
                <Icon
                  node={chevronDownIcon}
                  strokeWidth={2}
                  className={cx("faq-chevron size-5 shrink-0 text-text-muted transition-transform", expanded && "rotate-180")}
                />
              </button>
            </h3>
            {/* A named section is a region landmark: the answer the button controls. */}
            <section id={panelId} aria-labelledby={buttonId} hidden={!expanded} className="faq-panel px-5 pb-6 sm:px-6">
              <div className="max-w-3xl space-y-3 text-base/7 text-text-muted">
                {answerParagraphs(item.answer).map((line) => (
                  <p key={line}>{line}</p>
                ))}
              </div>
            </section>
          </div>
        );
      })}
    </div>
  );
}
