import type { BrowserSession, Viewport } from "./driver.ts";

/**
 * Resolves once the page in the session reports the viewport as its window
 * size and has drawn two frames at it, so what is measured next is the page
 * laid out at the new size. Each engine resizes asynchronously.
 */
export async function untilPageSees(session: Pick<BrowserSession, "evaluate">, viewport: Viewport): Promise<void> {
  const deadline = Date.now() + 10_000;
  let seen = "no answer";
  for (;;) {
    seen = await session
      .evaluate(
        (width, height) =>
          new Promise<string>((resolve) => {
            if (window.innerWidth !== width || window.innerHeight !== height) {
              resolve(`${window.innerWidth}×${window.innerHeight}`);
              return;
            }
            requestAnimationFrame(() => requestAnimationFrame(() => resolve("")));
          }),
        viewport.width,
        viewport.height,
      )
      .catch(() => seen);
    if (seen === "") return;
    if (Date.now() > deadline) throw new Error(`the page never saw a ${viewport.width}×${viewport.height} viewport (last seen: ${seen})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Resizes a puppeteer page's viewport (Chromium over CDP, Firefox over WebDriver
 * BiDi), as a visitor resizing the window does, and waits until the page sees it.
 */
export async function resizePuppeteerPage(
  page: { setViewport(viewport: { width: number; height: number; deviceScaleFactor: number }): Promise<void> },
  session: Pick<BrowserSession, "evaluate">,
  viewport: Viewport,
): Promise<void> {
  await page.setViewport({ width: viewport.width, height: viewport.height, deviceScaleFactor: 1 });
  await untilPageSees(session, viewport);
}
