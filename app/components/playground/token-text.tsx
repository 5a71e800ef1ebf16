import type { ReactNode } from "react";
import { detect } from "../../lib/playground/detectors.ts";

/** A token's box: one piece on one line, broken inside only when it is longer than the whole line. */
export const wholeToken = "inline-block max-w-full wrap-anywhere";

/**
 * Text that holds tokens (a log entry, a prompt, a model's answer), with every
 * token kept on one line. Tokens are valid values of their type (PLAY-5), so
 * the detectors find each one again; nothing else needs to know which they are.
 */
export function TokenText({ text }: { text: string }) {
  const pieces: ReactNode[] = [];
  let from = 0;
  for (const finding of detect(text)) {
    pieces.push(
      text.slice(from, finding.start),
      <span key={finding.start} data-token className={wholeToken}>
        {finding.value}
      </span>,
    );
    from = finding.end;
  }
  pieces.push(text.slice(from));
  return <>{pieces}</>;
}
