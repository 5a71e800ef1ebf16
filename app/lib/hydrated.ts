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
