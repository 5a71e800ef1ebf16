/**
 * Keyboard movement in a WAI-ARIA tab list: arrows move to the previous or
 * next tab, wrapping at the ends; Home and End jump to the first and last.
 * Returns the index to select, or null when the key is not one of these.
 */
export function tabIndexForKey(current: number, key: string, count: number): number | null {
  switch (key) {
    case "ArrowRight":
      return (current + 1) % count;
    case "ArrowLeft":
      return (current - 1 + count) % count;
    case "Home":
      return 0;
    case "End":
      return count - 1;
    default:
      return null;
  }
}
