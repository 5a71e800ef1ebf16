import { useSyncExternalStore } from "react";
import { prefersReducedMotion, REDUCED_MOTION } from "./scroll.ts";

const never = () => () => undefined;

/**
 * A value only the browser knows (hydration done, a media query), read without
 * a hydration mismatch: the prerendered HTML and the first client render use
 * `serverValue`, then React re-renders with `clientValue()`. Pass `subscribe`
 * when the value can change later.
 */
export function useClientValue<T>(clientValue: () => T, serverValue: T, subscribe: (onChange: () => void) => () => void = never): T {
  return useSyncExternalStore(subscribe, clientValue, () => serverValue);
}

function subscribeToReducedMotion(onChange: () => void): () => void {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/** Whether the visitor asked for reduced motion; `true` until known, so nothing moves before hydration. */
export function usePrefersReducedMotion(): boolean {
  return useClientValue(prefersReducedMotion, true, subscribeToReducedMotion);
}

/** `false` in the prerendered HTML and until hydration, `true` after. */
export function useHydrated(): boolean {
  return useClientValue(() => true, false);
}
