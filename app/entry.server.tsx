import type { AppLoadContext, EntryContext } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { Discussion } from "./components/chat/Discussion";
import { ServerDiscussionContext } from "./components/chat/server-discussion";
import { NonceContext } from "./utils/nonce";

// The Worker (server.ts) makes its request handler with this build's own copy of the Remix runtime, the one whose
// route matching is memoised at build time (vite-plugins/route-match-cache.ts). Importing it in server.ts instead
// would bundle a second, unmemoised copy from node_modules, which re-ranks every route on each request.
export { createRequestHandler } from "@remix-run/cloudflare";

/** What Remix's StreamTransfer (in <RemixServer>) reads the loader data from: one entry per chunk of the stream. */
const HANDOFF_END = "window.__remixContext.streamController.close();";
type HandoffCache = Record<number, { result: { done: boolean; value: string } }>;

/**
 * Reads the whole loader-data stream of the document before rendering, into the cache Remix's StreamTransfer
 * looks in first, so that it prints the data scripts without suspending (same chunks, same scripts as if it had
 * read them itself). No page defers data, so the stream is complete as soon as the loaders have returned.
 */
async function readHandoff(context: EntryContext): Promise<void> {
  const stream = context.serverHandoffStream;
  if (!stream) return;
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  const cache: HandoffCache = {};
  for (let i = 0; ; i++) {
    const { done, value } = await reader.read();
    cache[i] = { result: { done, value: decoder.decode(value, { stream: true }) } };
    if (done) break;
  }
  reader.releaseLock();
  const meta = (context.renderMeta ??= {}) as { streamCache?: HandoffCache };
  meta.streamCache = cache;
}

/**
 * Every document is rendered whole, in one synchronous pass (docs/decisions/0026): a browser without JavaScript
 * gets the full page, the event's discussion included, and the Worker spends about a fifth less CPU per page
 * than with a streamed render.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  await readHandoff(remixContext);
  const nonce = loadContext.nonce;
  const html = renderToString(
    <NonceContext.Provider value={nonce}>
      <ServerDiscussionContext.Provider value={Discussion}>
        <RemixServer context={remixContext} url={request.url} nonce={nonce} />
      </ServerDiscussionContext.Provider>
    </NonceContext.Provider>,
  );
  if (remixContext.serverHandoffStream && !html.includes(HANDOFF_END)) {
    // A Remix upgrade that no longer reads the cache above would ship pages whose data never reaches the browser.
    throw new Error("Les données de la page n'ont pas été écrites : vérifier readHandoff (app/entry.server.tsx) après une mise à jour de Remix.");
  }
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(`<!DOCTYPE html>${html}`, { headers: responseHeaders, status: responseStatusCode });
}
