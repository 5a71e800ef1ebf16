/**
 * Where the two puppeteer drivers click. Runs in the page (sent as source
 * text, so it must stand alone). Scrolls the element to the middle of the
 * viewport unless it is already wholly visible, as puppeteer does, and returns
 * the centre of its first box that shows: an inline link wrapped over two
 * lines has two boxes and its bounding box's centre may be on neither.
 */
export async function locateForClick(selector: string): Promise<{ x: number; y: number } | "missing" | "hidden"> {
  const element = document.querySelector(selector);
  if (!element) return "missing";
  // clientWidth/Height leave out classic scrollbars, which are not page content.
  const { clientWidth: width, clientHeight: height } = document.documentElement;
  const box = element.getBoundingClientRect();
  // In view and not under anything (the sticky header): what a click at its middle would hit.
  const inView = (area: DOMRect) => {
    const hit = document.elementFromPoint(area.left + area.width / 2, area.top + area.height / 2);
    return area.top >= 0 && area.left >= 0 && area.bottom <= height && area.right <= width && !!hit && element.contains(hit);
  };
  // Blocks drawn only near the viewport (content-visibility) get their real
  // height a frame or two after a jump, and the page moves to match: measure
  // once the element has stayed in view, in the same place, for 3 frames, or
  // the pointer lands where it was.
  let last = inView(box) ? `${box.top},${box.left}` : "";
  let steady = 0;
  for (let frames = 0; frames < 30 && steady < 3; frames++) {
    if (!inView(element.getBoundingClientRect())) {
      // "instant" overrides a page's `scroll-behavior: smooth`, which would
      // leave the element moving while the pointer arrives.
      element.scrollIntoView({ block: "center", inline: "center", behavior: "instant" });
    }
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const moved = element.getBoundingClientRect();
    const now = `${moved.top},${moved.left}`;
    steady = now === last && inView(moved) ? steady + 1 : 0;
    last = now;
  }
  for (const rect of element.getClientRects()) {
    const left = Math.max(rect.left, 0);
    const top = Math.max(rect.top, 0);
    const right = Math.min(rect.right, width);
    const bottom = Math.min(rect.bottom, height);
    if (right > left && bottom > top) return { x: (left + right) / 2, y: (top + bottom) / 2 };
  }
  return "hidden";
}
