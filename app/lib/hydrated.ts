import { createContext, useContext } from "react";

/**
 * Whether the island this component is in is live: false in the prerendered
 * HTML and in the render that hydrates it, true from the render after, once
 * its handlers are attached (app/islands/runtime.ts provides it). A control
 * that would do the wrong thing before then (a submit button, whose form
 * would be sent by the browser itself) stays disabled until it is.
 */
export const HydratedContext = createContext(false);

export function useHydrated(): boolean {
  return useContext(HydratedContext);
}

/**
 * Marks a submit button that the prerender draws disabled because, without
 * script, the browser would send its form itself (to an endpoint that takes
 * JSON only), and the visitor would land on an error with their address gone.
 * The island runtime enables it as soon as it holds the island's clicks and
 * submits (app/islands/runtime.ts), which is before the island's own code has
 * come, so a click is never lost, and without script it stays disabled.
 */
export const ARMED_CONTROL = "data-armed";
export const armedControl: Readonly<Record<typeof ARMED_CONTROL, "">> = { [ARMED_CONTROL]: "" };
