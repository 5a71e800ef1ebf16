import { useEffect, useState } from "react";
import { prefersReducedMotion, REDUCED_MOTION } from "./scroll.ts";

const never = () => () => undefined;

/**
 * A value only the browser knows (a media query), read without
 * a hydration mismatch: the prerendered HTML and the hydrating render use
 * `serverValue`, then the island renders again with `clientValue()`. Pass
 * `subscribe` when the value can change later. (Not useSyncExternalStore:
 * preact/compat's ignores the server value while hydrating, and Preact does
 * not correct attributes then, so the page would keep the server's.)
 */
export function useClientValue<T>(clientValue: () => T, serverValue: T, subscribe: (onChange: () => void) => () => void = never): T {
  const [value, setValue] = useState(serverValue);
  useEffect(() => {
    const update = () => setValue(() => clientValue());
    update();
    return subscribe(update);
  }, [clientValue, subscribe]);
  return value;
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
