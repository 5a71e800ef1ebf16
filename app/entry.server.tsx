/**
 * The server entry, used only while prerendering (nothing renders at request
 * time). React Router's default, except that it always waits for all content,
 * never moves a finished Suspense boundary out of place (see below), and
 * answers the SPA fallback it does not need with a stand-in.
 */
import { PassThrough } from "node:stream";

import type { EntryContext } from "react-router";
import { createReadableStreamFromReadable } from "@react-router/node";
import { ServerRouter } from "react-router";
import { renderToPipeableStream } from "react-dom/server";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  // React Router also renders an SPA fallback page, and refuses one that does not
  // boot its client router. This site publishes no such page (postbuild deletes
  // it) and boots no router: pages hydrate islands only (app/islands/).
  if (request.headers.get("X-React-Router-SPA-Mode") === "yes") {
    return new Response("<!-- not published: window.__reactRouterContext = window.__reactRouterRouteModules = -->", {
      status: 200,
      headers: { "Content-Type": "text/html" },
    });
  }

  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, {
      status: responseStatusCode,
      headers: responseHeaders,
    });
  }

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    // Abort the rendering stream after the `streamTimeout` so it has time to
    // flush down the rejected boundaries
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} />,
      {
        // Never split a finished boundary out of place, however large.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        // Every page is prerendered (no request-time rendering), so wait for all
        // content: a Suspense boundary (the lazily loaded contact form) is then
        // written in place, visible without JavaScript, rather than streamed into
        // a hidden <div> for an inline script to move.
        onAllReady() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              // Clear the timeout to prevent retaining the closure and memory leak
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);

          responseHeaders.set("Content-Type", "text/html");

          pipe(body);

          resolve(
            new Response(stream, {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error instanceof Error ? error : new Error(String(error)));
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Log streaming rendering errors from inside the shell.  Don't log
          // errors encountered during initial shell rendering since they'll
          // reject and get logged in handleDocumentRequest.
          if (shellRendered) {
            console.error(error);
          }
        },
      },
    );
  });
}
