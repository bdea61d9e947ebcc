import type { AppLoadContext, EntryContext } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import type { ReactElement } from "react";
import { renderToReadableStream, renderToString } from "react-dom/server";
import { NonceContext } from "./utils/nonce";
import { staticPageIslands } from "./components/islands";

// The Worker (server.ts) makes its request handler with this build's own copy of the Remix runtime, the one whose
// route matching is memoised at build time (vite-plugins/route-match-cache.ts). Importing it in server.ts instead
// would bundle a second, unmemoised copy from node_modules, which re-ranks every route on each request.
export { createRequestHandler } from "@remix-run/cloudflare";
// The opening queue's light waiting page (docs/decisions/0135), answered by the Worker before Remix: through this
// module too, so that the Worker renders it with the build's copy of React.
export { lightQueueResponse } from "./light-queue-page";

/** What Remix's StreamTransfer (in <RemixServer>) reads the loader data from: one entry per chunk of the stream. */
export const HANDOFF_END = "window.__remixContext.streamController.close();";
type HandoffCache = Record<number, { result: { done: boolean; value: string } }>;
type RenderMeta = { streamCache?: HandoffCache };

/**
 * Reads the whole loader-data stream of the document before rendering, into the cache Remix's StreamTransfer
 * looks in first, so that it prints the data scripts without suspending (same chunks, same scripts as if it had
 * read them itself). No page defers data, so the stream is complete as soon as the loaders have returned.
 * The stream is split in two first: the half read here stays on the context (Remix takes a reader on it while
 * rendering, and finds it at its end), the other half is returned unread, for the streaming render if the single
 * pass turns out not to have used the cache.
 */
async function readHandoff(context: EntryContext): Promise<ReadableStream<Uint8Array> | null> {
  const stream = context.serverHandoffStream;
  if (!stream) return null;
  const [forCache, spare] = stream.tee();
  context.serverHandoffStream = forCache;
  const reader = forCache.getReader();
  const decoder = new TextDecoder();
  const cache: HandoffCache = {};
  for (let i = 0; ; i++) {
    const { done, value } = await reader.read();
    cache[i] = { result: { done, value: decoder.decode(value, { stream: true }) } };
    if (done) break;
  }
  reader.releaseLock();
  context.renderMeta ??= {};
  (context.renderMeta as RenderMeta).streamCache = cache;
  return spare;
}

let fellBack = false;

/** Is the document a static page (docs/decisions/0222)? It prints no Remix scripts, so no data scripts either. */
function isStaticDocument(context: EntryContext): boolean {
  const { matches, loaderData } = context.staticHandlerContext;
  const list = matches.map((m) => ({ handle: context.routeModules[m.route.id]?.handle, data: loaderData[m.route.id] }));
  return staticPageIslands(list) !== null;
}

/**
 * Renders a document in one synchronous pass (docs/decisions/0026): a browser without JavaScript gets the full page,
 * the event's discussion included, and the Worker spends about a fifth less CPU per page than with a streamed render.
 * If the page's data scripts are missing from that pass (a Remix upgrade that no longer reads the cache above), the
 * document is rendered again the standard way, streamed from Remix's own data stream and sent once complete, and the
 * fault is logged once per isolate: pages stay right, only slower, until readHandoff is brought up to date.
 * A static page's document (docs/decisions/0222) prints no data scripts: its data stream is not read at all.
 */
export async function renderDocument(
  app: ReactElement,
  context: EntryContext,
  init: { status: number; headers: Headers; signal?: AbortSignal; nonce?: string },
  renderWhole: (element: ReactElement) => string = renderToString,
): Promise<Response> {
  const staticDocument = isStaticDocument(context);
  if (staticDocument) void context.serverHandoffStream?.cancel().catch(() => {});
  const spare = staticDocument ? null : await readHandoff(context);
  const html = renderWhole(app);
  if (!spare || html.includes(HANDOFF_END) || staticDocument) {
    void spare?.cancel().catch(() => {});
    init.headers.set("Content-Type", "text/html; charset=utf-8");
    return new Response(`<!DOCTYPE html>${html}`, { headers: init.headers, status: init.status });
  }
  if (!fellBack) {
    fellBack = true;
    console.error(
      "Rendu en une passe : données de page absentes, rendu en flux à la place ; vérifier readHandoff (app/entry.server.tsx) après une mise à jour de Remix.",
    );
  }
  delete (context.renderMeta as RenderMeta | undefined)?.streamCache;
  context.serverHandoffStream = spare;
  let status = init.status;
  const body = await renderToReadableStream(app, {
    nonce: init.nonce,
    signal: init.signal,
    onError(error) {
      status = 500;
      console.error(error);
    },
  });
  await body.allReady;
  init.headers.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, { headers: init.headers, status });
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.nonce;
  const app = (
    <NonceContext.Provider value={nonce}>
      <RemixServer context={remixContext} url={request.url} nonce={nonce} />
    </NonceContext.Provider>
  );
  return renderDocument(app, remixContext, {
    status: responseStatusCode,
    headers: responseHeaders,
    signal: request.signal,
    nonce,
  });
}
