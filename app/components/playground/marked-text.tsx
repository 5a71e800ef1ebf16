import type { ReactNode } from "react";
import { findingLabels } from "../../content/playground-tool.ts";
import type { FindingType } from "../../lib/playground/detectors.ts";
import { cx } from "../../lib/class-names.ts";
import { wholeToken } from "./token-text.tsx";

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
      // One box per finding; where the line is too short for label and value, the value moves under its label whole.
      <mark key={mark.start} data-type={mark.type} className={cx(wholeToken, "rounded-md bg-indigo-50 px-1 py-0.5 text-indigo-950 ring-1 ring-indigo-200 ring-inset")}>
        <span className="text-[0.6875rem] font-semibold tracking-wide whitespace-nowrap text-accent-strong uppercase">{findingLabels[mark.type]}</span>{" "}
        <span data-token className={wholeToken}>
          {mark.shown}
        </span>
      </mark>,
    );
    from = mark.end;
  }
  pieces.push(text.slice(from));
  return (
    // Grows with its text rather than scrolling inside the page: on a phone a box in a box cuts lines in half.
    <div role="group" aria-label={label} data-text={name} className="rounded-xl border border-line bg-surface-muted p-4 font-mono text-sm/7 wrap-break-word whitespace-pre-wrap">
      {pieces}
    </div>
  );
}
