import { createElement, useId, type ComponentType, type ReactElement } from "react";
import { ISLAND_ATTRIBUTES, ISLAND_TAG, type HydrateWhen } from "./island-markup.ts";

export type { HydrateWhen } from "./island-markup.ts";

/** What the browser needs to hydrate one kind of island. */
export interface IslandDefinition<P extends object = object> {
  name: string;
  when: HydrateWhen;
  Component: ComponentType<P>;
}

export type IslandComponent<P extends object> = ((props: P) => ReactElement) & { island: IslandDefinition<P> };

// Only the prerender draws an island's markup; the browser's bundle never holds React's server renderer.
const server = import.meta.env.SSR ? await import("react-dom/server") : undefined;

/** Props travel as JSON beside the markup: anything JSON cannot carry as it is (a function, a date, undefined) stops the build. */
function propsJson(name: string, props: object): string {
  const json = JSON.stringify(props);
  if (!sameJson(props, JSON.parse(json))) {
    throw new Error(`The ${name} island's props are not plain JSON; pass only strings, numbers, booleans, null, arrays and plain objects`);
  }
  return json;
}

function sameJson(value: unknown, parsed: unknown): boolean {
  if (value === null || typeof value !== "object") return Object.is(value, parsed);
  if (typeof parsed !== "object" || parsed === null) return false;
  if (Array.isArray(value)) return Array.isArray(parsed) && value.length === parsed.length && value.every((item, index) => sameJson(item, parsed[index]));
  if (Object.getPrototypeOf(value) !== Object.prototype) return false;
  const keys = Object.keys(value);
  return keys.length === Object.keys(parsed).length && keys.every((key) => sameJson((value as Record<string, unknown>)[key], (parsed as Record<string, unknown>)[key]));
}

/**
 * Declares an island. Its markup is drawn as a root of its own, as the
 * browser will hydrate it: the same text boundaries and, under a prefix kept
 * beside it, the same ids (`useId`) whichever runtime hydrates it.
 */
export function island<P extends object>(name: string, Component: ComponentType<P>, when: HydrateWhen = "load"): IslandComponent<P> {
  function Island(props: P): ReactElement {
    // Unique on the page, and the same on every build of it.
    const ids = useId().replace(/[^A-Za-z0-9]/g, "");
    if (!server) throw new Error(`The ${name} island is drawn by the prerender only; the browser hydrates it`);
    const attributes = {
      [ISLAND_ATTRIBUTES.name]: name,
      [ISLAND_ATTRIBUTES.when]: when,
      [ISLAND_ATTRIBUTES.ids]: ids,
      ...(Object.keys(props).length > 0 ? { [ISLAND_ATTRIBUTES.props]: propsJson(name, props) } : {}),
      dangerouslySetInnerHTML: { __html: server.renderToString(createElement(Component, props), { identifierPrefix: ids }) },
    };
    return createElement(ISLAND_TAG, attributes);
  }
  Island.displayName = `Island(${name})`;
  return Object.assign(Island, { island: { name, when, Component } });
}
