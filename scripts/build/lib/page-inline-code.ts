/**
 * The inline code a finished page may hold: only what the build itself
 * writes, each piece where it writes it (SEC-2, EDIT-7). The site's CSP hashes
 * exactly these pieces, never whatever a page happens to contain, so content
 * that got past the content checks could still not become a script or a style
 * the policy allows: any other inline script or style, or a script loaded by
 * `src`, fails the build, naming the page.
 *
 * In <head>, which React writes from the route's data before any page content:
 * - the head script (app/lib/boot-script.ts), `<script id="head-script">`;
 * - the stylesheet (app/root.tsx), `<style id="site-css">`;
 * - JSON-LD it serialised (app/lib/seo.ts): data blocks, which never run.
 * At the end of <body>, after everything the page draws, up to `</body></html>`:
 * - React Router's context script, first;
 * - the loader (defer-hydration.ts), `<script type="module" async="" data-boot>`;
 * - the route data as data blocks, and the script that hands them over (route-data-blocks.ts), last.
 * React's Suspense markers (`<!--$-->`, `<!--/$-->`) may stand between them.
 */
import { LOADER_SCRIPT } from "./defer-hydration.ts";
import { ROUTE_DATA_BLOCK, ROUTE_DATA_SCRIPT } from "./route-data-blocks.ts";

/** The texts of the pieces a page wrote that differ by build, not by page: the CSP hashes them with the constants above. */
export interface PageInlineCode {
  headScript: string;
  stylesheet: string;
  routerContext: string;
}

/** The constant pieces: the same text on every page of every build. */
export const CONSTANT_SCRIPTS: readonly string[] = [LOADER_SCRIPT, ROUTE_DATA_SCRIPT];

const ELEMENT = /<(script|style)(?=[\s>/])([^>]*)>([\s\S]*?)<\/\1\s*>/gi;
const ROUTER_CONTEXT =
  /^window\.__reactRouterContext = (\{[^<]*\});window\.__reactRouterContext\.stream = new ReadableStream\(\{start\(controller\)\{window\.__reactRouterContext\.streamController = controller;\}\}\)\.pipeThrough\(new TextEncoderStream\(\)\);$/;
const LOADER_ATTRIBUTES = /^ type="module" async="" data-boot="[^"<>]*"$/;
const TAIL = /^(?:<script(?=[\s>])[^>]*>[\s\S]*?<\/script>|<!--\/?\$-->)*<\/body><\/html>\s*$/;

interface Element {
  name: "script" | "style";
  attributes: string;
  text: string;
  at: number;
}

function isJsonString(text: string): boolean {
  try {
    return typeof JSON.parse(text) === "string";
  } catch {
    return false;
  }
}

/** Where a message shows a piece of code: its first 60 characters. */
const shown = (element: Element) => `<${element.name}${element.attributes}>${element.text.slice(0, 60)}${element.text.length > 60 ? "…" : ""}`;

function refuse(element: Element, why: string): never {
  throw new Error(`${why}: ${shown(element)}. A page holds only the inline code the build writes (scripts/build/lib/page-inline-code.ts)`);
}

/** The page's inline code, held to the list above; throws at the first piece that is not on it. */
export function pageInlineCode(html: string): PageInlineCode {
  const headEnd = html.indexOf("</head>");
  const tailStart = html.indexOf("<script>window.__reactRouterContext = ");
  if (headEnd === -1 || tailStart < headEnd) throw new Error("page-inline-code: the page has no </head>, or no React Router context after it");
  if (!TAIL.test(html.slice(tailStart))) throw new Error("page-inline-code: the end of <body> holds more than React Router's scripts and the build's");
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
  const tail = elements.filter((element) => element.at >= tailStart);
  for (const element of elements) {
    const { name, attributes, text, at } = element;
    if (/\ssrc\s*=/i.test(attributes)) refuse(element, "a script loaded by src");
    if (at < headEnd) {
      if (name === "style" && attributes === ' id="site-css"') once("stylesheet", element);
      else if (name === "script" && attributes === ' id="head-script"') once("headScript", element);
      else if (name === "script" && attributes === ' type="application/ld+json"') continue;
      else refuse(element, `an inline <${name}> in <head> that the build did not write`);
    } else if (at < tailStart) {
      refuse(element, `an inline <${name}> in the page's content`);
    } else if (element === tail[0]) {
      if (attributes !== "" || !ROUTER_CONTEXT.test(text)) refuse(element, "the end of <body> does not open with React Router's context");
      once("routerContext", element);
    } else if (element === tail.at(-1)) {
      if (attributes !== "" || text !== ROUTE_DATA_SCRIPT) refuse(element, "the end of <body> does not close with the route data script");
    } else if (name === "script" && LOADER_ATTRIBUTES.test(attributes) && text === LOADER_SCRIPT) {
      continue;
    } else if (name === "script" && attributes === ` ${ROUTE_DATA_BLOCK}` && isJsonString(text)) {
      continue;
    } else if (text === ROUTE_DATA_SCRIPT) {
      refuse(element, "the route data script is not the last: data after it would never reach React Router");
    } else refuse(element, "an inline script at the end of <body> that the build did not write");
  }
  const { headScript, stylesheet, routerContext } = found;
  if (headScript === undefined || stylesheet === undefined || routerContext === undefined) {
    throw new Error("page-inline-code: the page lacks the head script, the stylesheet or React Router's context");
  }
  if (tail.filter((element) => LOADER_ATTRIBUTES.test(element.attributes)).length !== 1) throw new Error("page-inline-code: the page has no loader, or more than one");
  return { headScript, stylesheet, routerContext };
}
