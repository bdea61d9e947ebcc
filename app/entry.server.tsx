import type { AppLoadContext, EntryContext } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { renderToReadableStream } from "react-dom/server";
import { NonceContext } from "./utils/nonce";

// The Worker (server.ts) makes its request handler with this build's own copy of the Remix runtime, the one whose
// route matching is memoised at build time (vite-plugins/route-match-cache.ts). Importing it in server.ts instead
// would bundle a second, unmemoised copy from node_modules, which re-ranks every route on each request.
export { createRequestHandler } from "@remix-run/cloudflare";

const ABORT_DELAY = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort(), ABORT_DELAY);
  const nonce = loadContext.nonce;
  const body = await renderToReadableStream(
    <NonceContext.Provider value={nonce}>
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
    </NonceContext.Provider>,
    {
      nonce,
      signal: controller.signal,
      onError(error: unknown) {
        if (!controller.signal.aborted) console.error(error);
        responseStatusCode = 500;
      },
    },
  );
  // Every browser gets the whole document at once: a lazily loaded part (the event's discussion) must be in the
  // HTML itself, not streamed behind a script, or a browser without JavaScript would only see its placeholder.
  // No page defers data, so nothing is lost by waiting.
  await body.allReady;
  clearTimeout(timeout);
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}
