/**
 * The inline code a finished page may hold: only what the build itself
 * writes, each piece where it writes it (SEC-2, EDIT-7). The site's CSP hashes
 * exactly these pieces, never whatever a page happens to contain, so content
 * that got past the content checks could still not become a script or a style
 * the policy allows: any other inline script or style, or any script loaded
 * by `src`, fails the build, naming the page.
 *
 * In <head>, which React writes from the route's data before any page content:
 * - the head script (app/lib/boot-script.ts), `<script id="head-script">`;
 * - the stylesheet (app/root.tsx), `<style id="site-css">`;
 * - the Speculation Rules (app/lib/speculation-rules.ts), `<script type="speculationrules">`;
 * - JSON-LD it serialised (app/lib/seo.ts): data blocks, which never run.
 * Right before `</body></html>`, after everything the page draws:
 * - the loader of the page's island script (app/islands/island-loader.ts),
 *   `<script data-islands="/assets/islands-….js">`, its text the same on every page, and nothing else.
 * An island's props travel in an attribute of its element, never in a script.
 */
import { ISLAND_LOADER_SCRIPT } from "../../../app/islands/island-loader.ts";
import { SPECULATION_RULES } from "../../../app/lib/speculation-rules.ts";
import { ISLAND_SCRIPT } from "./islands.ts";

/** The texts of the pieces a page wrote that differ by build, not by page: the CSP hashes them with the constants above. */
export interface PageInlineCode {
  headScript: string;
  stylesheet: string;
}

/** The constant pieces: the same text on every page of every build. */
export const CONSTANT_SCRIPTS: readonly string[] = [SPECULATION_RULES, ISLAND_LOADER_SCRIPT];

const ELEMENT = /<(script|style)(?=[\s>/])([^>]*)>([\s\S]*?)<\/\1\s*>/gi;
const TAIL = new RegExp(`${ISLAND_SCRIPT.source}</body></html>\\s*$`);

interface Element {
  name: "script" | "style";
  attributes: string;
  text: string;
  at: number;
}

/** Where a message shows a piece of code: its first 60 characters. */
const shown = (element: Element) => `<${element.name}${element.attributes}>${element.text.slice(0, 60)}${element.text.length > 60 ? "…" : ""}`;

function refuse(element: Element, why: string): never {
  throw new Error(`${why}: ${shown(element)}. A page holds only the inline code the build writes (scripts/build/lib/page-inline-code.ts)`);
}

/** The page's inline code, held to the list above; throws at the first piece that is not on it. */
export function pageInlineCode(html: string): PageInlineCode {
  const headEnd = html.indexOf("</head>");
  const tail = TAIL.exec(html);
  if (headEnd === -1) throw new Error("page-inline-code: the page has no </head>");
  if (!tail) throw new Error("page-inline-code: the page does not end with its island script's loader and </body></html>");
  const elements: Element[] = [...html.matchAll(ELEMENT)].map((match) => ({
    name: (match[1] ?? "").toLowerCase() as Element["name"],
    attributes: match[2] ?? "",
    text: match[3] ?? "",
    at: match.index,
  }));
  // An opening tag the pattern could not pair with its end would hide what follows it.
  const openings = html.match(/<(?:script|style)(?=[\s>/])/gi)?.length ?? 0;
  if (openings !== elements.length) throw new Error(`page-inline-code: ${openings - elements.length} <script> or <style> tag(s) without their end`);

  const found: Partial<PageInlineCode> = {};
  const once = (key: keyof PageInlineCode, element: Element) => {
    if (found[key] !== undefined) refuse(element, `a second ${key}`);
    found[key] = element.text;
  };
  let speculationRules = 0;
  for (const element of elements) {
    const { name, attributes, text, at } = element;
    if (at === tail.index) continue;
    if (/\ssrc\s*=/i.test(attributes)) refuse(element, "a script loaded by src");
    if (at > headEnd) refuse(element, `an inline <${name}> in the page's body`);
    if (name === "style" && attributes === ' id="site-css"') once("stylesheet", element);
    else if (name === "script" && attributes === ' id="head-script"') once("headScript", element);
    else if (name === "script" && attributes === ' type="speculationrules"' && text === SPECULATION_RULES) speculationRules += 1;
    else if (name === "script" && attributes === ' type="application/ld+json"') continue;
    else refuse(element, `an inline <${name}> in <head> that the build did not write`);
  }
  const { headScript, stylesheet } = found;
  if (headScript === undefined || stylesheet === undefined || speculationRules !== 1) {
    throw new Error("page-inline-code: the page lacks the head script, the stylesheet or its one block of Speculation Rules");
  }
  return { headScript, stylesheet };
}
