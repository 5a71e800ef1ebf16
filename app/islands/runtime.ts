/**
 * The browser's side of islands (app/islands/island.tsx): every page's script
 * calls `startIslands` with the islands that page holds. Written against
 * React's API only; the production bundle runs it on preact/compat, and one
 * switch runs it on React DOM (scripts/build/lib/islands.ts).
 *
 * The page imports it after the first paint (island-loader.ts). Islands
 * hydrate one at a time in a queue, yielding
 * to the browser between them, so however many a page has, no one long task
 * hydrates them all. `<html data-hydrated>` is set once every island that
 * hydrates by itself is live and every `interaction` island is armed: from
 * then on no click or submit inside any island is lost.
 */
import { createElement, useEffect, useState, type ComponentType } from "react";
import { hydrateRoot } from "react-dom/client";
import { ARMED_CONTROL, HydratedContext } from "../lib/hydrated.ts";
import { importUnlessLeaving } from "../lib/leaving-page.ts";
import type { IslandDefinition } from "./island.tsx";
import { ISLAND_ATTRIBUTES, ISLAND_TAG, type HydrateWhen } from "./island-markup.ts";
import { afterIslandsLive, startPageBehaviours } from "./page-behaviours.ts";

/** An island's code: in the page's script (a module) or fetched on demand (a promise of one). */
export type IslandModule = { default: { island: IslandDefinition } };
export type IslandLoader = () => IslandModule | Promise<IslandModule>;

/** How far below the viewport a `visible` island starts hydrating. */
const VISIBLE_MARGIN = "200px";
/** What counts as the start of an interaction with an `interaction` island. */
const INTENT_EVENTS = ["pointerover", "touchstart", "focusin"] as const;

/** Gives the browser a turn: input, paint, other tasks. */
function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}

function whenIdle(run: () => void): void {
  if ("requestIdleCallback" in window) requestIdleCallback(run, { timeout: 2000 });
  else setTimeout(run, 200);
}

/**
 * Renders the island as the prerender drew it, then once more as live
 * (HydratedContext), and reports after that render's effects have run, which
 * is when its handlers are attached in either runtime.
 */
function Live({ Component, props, onLive }: { Component: ComponentType<object>; props: object; onLive: () => void }) {
  const [live, setLive] = useState(false);
  // The second render is the point: the first must draw exactly what the prerender drew.
  // eslint-disable-next-line react-hooks/set-state-in-effect
  useEffect(() => setLive(true), []);
  useEffect(() => {
    if (live) onLive();
  }, [live, onLive]);
  return createElement(HydratedContext.Provider, { value: live }, createElement(Component, props));
}

interface Island {
  element: HTMLElement;
  name: string;
  when: HydrateWhen;
  /** Set once queued: an island is hydrated once. */
  queued?: Promise<void>;
  /** Told when it is queued, whoever queued it. */
  onQueued?: () => void;
  /** Clicks and submits held until it is live. */
  held: Event[];
  disarm?: () => void;
}

/**
 * What a click is held on until the island is live: a button, whose action is
 * the island's. Links, fields, check boxes and their labels do what they do
 * without script meanwhile (their state is the page's, and the island reads it).
 */
const HELD_CLICK = "button, [role=button], [role=tab], input[type=submit], input[type=button], input[type=image]";

/**
 * Arms an island that is not live yet: holds its button clicks and submits, to
 * replay them once it is, and enables the buttons its prerender kept disabled
 * until then (ARMED_CONTROL). Returns what disarms it.
 */
function arm(island: Island): () => void {
  const hold = (event: Event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (event.type === "click" && !target?.closest(HELD_CLICK)) return;
    event.preventDefault();
    event.stopPropagation();
    island.held.push(event);
  };
  island.element.addEventListener("click", hold, true);
  island.element.addEventListener("submit", hold, true);
  // From now on a click is held, not lost.
  for (const control of island.element.querySelectorAll<HTMLButtonElement>(`button[${ARMED_CONTROL}]`)) control.disabled = false;
  return () => {
    island.element.removeEventListener("click", hold, true);
    island.element.removeEventListener("submit", hold, true);
  };
}

/** Sends the held events again, to the same elements: a click to what was clicked (an icon inside a button too), a submit to its form. */
function replay(events: readonly Event[]): void {
  for (const event of events) {
    const target = event.target;
    if (!(target instanceof Element) || !target.isConnected) continue;
    if (event.type === "submit" && target instanceof HTMLFormElement) target.requestSubmit();
    else if (event.type === "click") target.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, composed: true }));
  }
}

async function hydrate(island: Island, load: IslandLoader): Promise<void> {
  const module = await load();
  const { Component } = module.default.island;
  const json = island.element.getAttribute(ISLAND_ATTRIBUTES.props);
  const props = json ? (JSON.parse(json) as object) : {};
  await new Promise<void>((resolve) => {
    hydrateRoot(island.element, createElement(Live, { Component, props, onLive: resolve }), {
      identifierPrefix: island.element.getAttribute(ISLAND_ATTRIBUTES.ids) ?? "",
    });
  });
  island.disarm?.();
  replay(island.held.splice(0));
}

/** Hydrates the islands of this page; `loaders` names the code of each kind the page holds. */
export function startIslands(loaders: Readonly<Record<string, IslandLoader>>): void {
  // The script is async: it may run before the parser has reached the page's last islands.
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", () => startIslands(loaders), { once: true });
    return;
  }
  startPageBehaviours();
  const islands: Island[] = [...document.querySelectorAll<HTMLElement>(ISLAND_TAG)]
    // An island inside another is the outer one's to hydrate.
    .filter((element) => !element.parentElement?.closest(ISLAND_TAG))
    .map((element) => ({
      element,
      name: element.getAttribute(ISLAND_ATTRIBUTES.name) ?? "",
      when: (element.getAttribute(ISLAND_ATTRIBUTES.when) ?? "load") as HydrateWhen,
      held: [],
    }));
  for (const island of islands) island.disarm = arm(island);

  // One island at a time, with a turn for the browser after each; one that fails leaves the others to hydrate.
  let queue: Promise<void> = Promise.resolve();
  const enqueue = (island: Island): Promise<void> => {
    island.queued ??= (() => {
      const load = loaders[island.name];
      // On-demand code starts downloading at once; hydration waits for its turn. A download the visitor's
      // leaving cancels is no error (importUnlessLeaving), and it is reported only by the hydration waiting on it.
      const loading = load ? importUnlessLeaving(async () => load()) : Promise.reject(new Error(`No code for the ${island.name} island on this page`));
      loading.catch(() => undefined);
      const done = queue.then(() => hydrate(island, () => loading));
      queue = done.catch(() => undefined).then(yieldToBrowser);
      return done;
    })();
    island.onQueued?.();
    return island.queued;
  };

  const byWhen = (when: HydrateWhen) => islands.filter((island) => island.when === when);
  const eager = Promise.all([...byWhen("load"), ...byWhen("idle")].map(enqueue));

  const visible = byWhen("visible");
  // The islands are display:contents, which has no box to observe: their first child stands for them.
  const box = (island: Island) => island.element.firstElementChild ?? island.element;
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const island = visible.find((candidate) => box(candidate) === entry.target);
        if (!entry.isIntersecting || !island) continue;
        observer.unobserve(entry.target);
        void enqueue(island);
      }
    },
    { rootMargin: `${VISIBLE_MARGIN} 0px` },
  );
  for (const island of visible) observer.observe(box(island));
  // Those still out of view hydrate once the browser has nothing else to do.
  const idle = eager.then(() => new Promise<void>((resolve) => whenIdle(resolve)));
  // Each hydrates once, whichever comes first: coming near, or the idle moment.
  const offScreen = visible.map((island) => Promise.race([idle.then(() => enqueue(island)), new Promise<void>((resolve) => (island.onQueued = resolve)).then(() => enqueue(island))]));
  void idle.then(() => observer.disconnect());

  for (const island of byWhen("interaction")) {
    const onIntent = () => {
      for (const type of INTENT_EVENTS) island.element.removeEventListener(type, onIntent);
      void enqueue(island);
    };
    for (const type of INTENT_EVENTS) island.element.addEventListener(type, onIntent, { passive: true });
  }

  void Promise.all([eager, ...offScreen]).then(() => {
    document.documentElement.dataset.hydrated = "true";
    afterIslandsLive();
  });
}
