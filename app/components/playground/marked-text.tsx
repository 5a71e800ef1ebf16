import type { ReactNode } from "react";
import { findingLabels } from "../../content/playground-tool.ts";
import type { FindingType } from "../../lib/playground/detectors.ts";

/** One marked stretch of `text`: offsets into it, and what to show there (the value, a token, a mask). */
export interface Mark {
  type: FindingType;
  start: number;
  end: number;
  shown: string;
}

interface MarkedTextProps {
  text: string;
  marks: readonly Mark[];
  label: string;
  /** For tests and screen-reader users: what the block holds ("original", "random", "revealed"). */
  name: string;
}

/**
 * A text with its findings marked in place, each led by its type, so the
 * type is read before the value and is not told by colour alone.
 */
export function MarkedText({ text, marks, label, name }: MarkedTextProps) {
  const pieces: ReactNode[] = [];
  let from = 0;
  for (const mark of marks) {
    pieces.push(text.slice(from, mark.start));
    pieces.push(
      <mark key={mark.start} data-type={mark.type} className="rounded-md bg-indigo-50 px-1 py-0.5 text-indigo-950 ring-1 ring-indigo-200 ring-inset">
        <span className="mr-1 text-[0.6875rem] font-semibold tracking-wide whitespace-nowrap text-accent-strong uppercase">{findingLabels[mark.type]}</span>
        {mark.shown}
      </mark>,
    );
    from = mark.end;
  }
  pieces.push(text.slice(from));
  return (
    <div
      role="group"
      aria-label={label}
      data-text={name}
      className="max-h-80 overflow-auto rounded-xl border border-line bg-surface-muted p-4 font-mono text-sm/7 break-words whitespace-pre-wrap"
      // A scrolling region must be reachable by keyboard to be read (axe: scrollable-region-focusable).
      tabIndex={0}
    >
      {pieces}
    </div>
  );
}
