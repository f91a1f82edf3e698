import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { loadDeferredComponentsForPrerender } from "./lib/deferred-component";

/**
 * The API renders pages with this into its page cache (docs/decisions/037): whole pages, never a
 * stream to a waiting browser. It waits for every Suspense boundary (onAllReady) and keeps each one
 * in place, so deferred parts such as the contact form are in the HTML itself rather than streamed
 * in behind an inline script.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  // Deferred components render their real markup, in place (see lib/deferred-component.tsx).
  await loadDeferredComponentsForPrerender();
  return new Promise<Response>((resolve, reject) => {
    const { pipe } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} />, {
      // A cached page, not a stream to a waiting browser: never split big boundaries out of place.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        const body = new PassThrough();
        responseHeaders.set("Content-Type", "text/html");
        pipe(body);
        resolve(
          new Response(createReadableStreamFromReadable(body), {
            headers: responseHeaders,
            status: responseStatusCode,
          }),
        );
      },
      onShellError: reject,
      onError(error: unknown) {
        // A page that cannot be rendered must never reach visitors half rendered.
        reject(error);
      },
    });
  });
}
