import { Check as checkIcon } from "lucide";
import { Icon } from "../icon.tsx";
import type { TextBlock, WithDiagramMarkup } from "../../content/types.ts";
import { cx } from "../../lib/class-names.ts";
import { DiagramFigure } from "../diagram/diagram-figure.tsx";
import { words } from "../../content/interface-words.ts";

/**
 * Text beside a graphic, the graphic switching sides on `reverse` (desktop
 * only; on narrow screens the text always comes first). Each block is an
 * article named by its heading so the page outline reads as a list of features.
 */
interface AlternatingBlocksProps {
  blocks: WithDiagramMarkup<TextBlock>[];
  /** Heading ids are `${idPrefix}-1`, `${idPrefix}-2`, … */
  idPrefix: string;
  /** H2 when the blocks are the page's sections, H3 inside a section. */
  headingLevel?: 2 | 3;
}

export function AlternatingBlocks({ blocks, idPrefix, headingLevel = 3 }: AlternatingBlocksProps) {
  const BlockHeading = `h${headingLevel}` as const;
  return (
    <div className="mt-12 space-y-20 sm:mt-16 sm:space-y-28">
      {blocks.map((block, index) => {
        const headingId = `${idPrefix}-${index + 1}`;
        return (
          <article key={block.title} aria-labelledby={headingId} className="render-when-near grid items-center gap-10 lg:grid-cols-2 lg:gap-16">
            <div className={cx(block.reverse && "lg:order-last")}>
              <BlockHeading id={headingId} className="text-2xl/9 font-semibold tracking-tight sm:text-[1.75rem]/10">
                {block.title}
              </BlockHeading>
              <p className="mt-4 text-body text-text-muted">{block.description}</p>
              <ul className="mt-6 space-y-3">
                {block.bulletPoints.map((point) => (
                  <li key={point} className="flex gap-3 text-base/7">
                    <Icon node={checkIcon} strokeWidth={2} className="mt-1 size-5 shrink-0 text-accent" />
                    <span>{point}</span>
                  </li>
                ))}
              </ul>
              {block.impact && (
                <p className="mt-6 inline-flex rounded-full bg-indigo-50 px-4 py-2 text-sm font-semibold text-indigo-900 tabular-nums">
                  <span className="sr-only">{words("textBlocks.impact")}</span>
                  {block.impact}
                </p>
              )}
            </div>
            <DiagramFigure markup={block.graphic} />
          </article>
        );
      })}
    </div>
  );
}
