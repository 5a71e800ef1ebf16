/** FAQ accordion state (requirement HOME-8): the index of the open item, or null when all are closed. */
export type OpenItem = number | null;

/** Clicking a closed item opens it and closes the others; clicking the open item closes all. */
export function toggleItem(open: OpenItem, clicked: number): OpenItem {
  return open === clicked ? null : clicked;
}

/** An answer's lines, each its own paragraph; blank lines are dropped. */
export function answerParagraphs(answer: string): string[] {
  return answer
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
}
