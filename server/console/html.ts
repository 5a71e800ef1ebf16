/**
 * HTML for the console's server-rendered pages: a tagged template that
 * escapes every value it is given unless the value is itself `Html` made by
 * this template. A lead's text, a referrer or a campaign tag is always text on
 * the page, never markup.
 */
export class Html {
  readonly value: string;
  constructor(value: string) {
    this.value = value;
  }
  toString(): string {
    return this.value;
  }
}

type Part = Html | string | number | boolean | null | undefined | readonly Part[];

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

function render(part: Part): string {
  if (part instanceof Html) return part.value;
  if (Array.isArray(part)) return part.map(render).join("");
  if (part === null || part === undefined || part === false) return "";
  return escapeHtml(String(part));
}

export function html(strings: TemplateStringsArray, ...values: readonly Part[]): Html {
  let result = strings[0] ?? "";
  values.forEach((value, index) => {
    result += render(value) + (strings[index + 1] ?? "");
  });
  return new Html(result);
}
