/**
 * What a visitor would notice about a page's layout, measured in the page.
 * One function for every engine: Playwright passes it to `page.evaluate`, the
 * cross-browser drivers send it as source text.
 */
export interface LayoutReport {
  /** How far the page reaches past the right edge of the viewport, in CSS px. */
  overflowPx: number;
  /** Visible text fields, selects, text areas and submit buttons under 40 px tall. */
  collapsedControls: string[];
}

/** Horizontal overflow and collapsed form controls, on the page as drawn now (runs in the page). */
export function measureLayout(): LayoutReport {
  const root = document.documentElement;
  const overflowPx = Math.max(0, root.scrollWidth - root.clientWidth);
  const selector = 'input:not([type="checkbox"], [type="radio"], [type="hidden"]), select, textarea, button[type="submit"]';
  const collapsedControls = [...document.querySelectorAll<HTMLElement>(selector)]
    .filter((control) => !control.closest("[aria-hidden='true'], [hidden], dialog:not([open])"))
    .filter((control) => control.getClientRects().length > 0)
    .map((control) => ({ control, height: control.getBoundingClientRect().height }))
    .filter(({ height }) => height < 40)
    .map(({ control, height }) => `${control.tagName.toLowerCase()}#${control.id || "?"} ${height.toFixed(1)}px`);
  return { overflowPx, collapsedControls };
}

export interface PlaygroundLayout {
  /** Elements in the playground, other than its text box, that scroll on their own. */
  scrollers: string[];
  /** Tokens, values and masks drawn over more than one line. */
  brokenTokens: string[];
  /** Whether the choice of random or deterministic tokens comes before the Tokenize button. */
  choiceBeforeTokenize: boolean;
}

/** How the playground reads on this width (PLAY-10; runs in the page). */
export function measurePlaygroundLayout(): PlaygroundLayout {
  const tool = document.querySelector("[data-playground=ready]");
  if (!tool) throw new Error("The playground is not on the page");
  const scrolls = (overflow: string): boolean => overflow === "auto" || overflow === "scroll";
  const scrollers = [...tool.querySelectorAll<HTMLElement>("*")]
    .filter((element) => element.tagName !== "TEXTAREA")
    .filter((element) => {
      const style = getComputedStyle(element);
      const [down, across] = [element.scrollHeight > element.clientHeight + 1, element.scrollWidth > element.clientWidth + 1];
      return (scrolls(style.overflowY) && down) || (scrolls(style.overflowX) && across);
    })
    .map((element) => `${element.tagName.toLowerCase()}[${element.getAttribute("data-text") ?? element.className.slice(0, 40)}]`);
  const brokenTokens = [...tool.querySelectorAll("[data-token]")]
    .filter((token) => {
      const range = document.createRange();
      range.selectNodeContents(token);
      // One line: every piece of the text sits on the same baseline.
      return new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.bottom))).size > 1;
    })
    .map((token) => token.textContent);
  const choice = tool.querySelector("input[type=radio][value=random]");
  const tokenize = tool.querySelector("[data-action=tokenize]");
  const choiceBeforeTokenize = choice !== null && tokenize !== null && (choice.compareDocumentPosition(tokenize) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
  return { scrollers, brokenTokens, choiceBeforeTokenize };
}
