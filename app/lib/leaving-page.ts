/**
 * A visitor who leaves a page while its scripts are still downloading makes
 * the browser abort them, and the import() promises reject as if the files
 * were broken: Firefox and WebKit would log them as errors, unhandled, for
 * the moment the old page is still drawn. Whether the page
 * is being left is known only a moment later (pagehide), so a failure is
 * passed on after a grace period, and never once the page has gone.
 */
export const FAILED_IMPORT_GRACE_MS = 3000;

export function importUnlessLeaving<T>(load: () => Promise<T>): Promise<T> {
  return load().catch(
    (error: unknown) =>
      new Promise<T>((_resolve, reject) => {
        const timer = window.setTimeout(() => {
          reject(error instanceof Error ? error : new Error(String(error)));
        }, FAILED_IMPORT_GRACE_MS);
        window.addEventListener("pagehide", () => window.clearTimeout(timer), { once: true });
      }),
  );
}
