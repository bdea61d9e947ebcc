// The single-pass document render (app/entry.server.tsx, ADR 0026) and its fallback: when the page's data scripts
// are missing from the one-pass HTML (a Remix upgrade that no longer reads the handoff cache), the document is
// rendered again as a stream from Remix's own data stream instead of failing every page.
import type { EntryContext } from "@remix-run/cloudflare";
import { SELF } from "cloudflare:test";
import { createElement } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { HANDOFF_END, renderDocument } from "~/entry.server";

function handoff(chunks: string[]): ReadableStream<Uint8Array> {
  const bytes = chunks.map((c) => new TextEncoder().encode(c));
  return new ReadableStream({
    start(controller) {
      for (const b of bytes) controller.enqueue(b);
      controller.close();
    },
  });
}

function fakeContext(chunks: string[]): EntryContext {
  // No route matched: not a static catalogue page (decision 0222), so the data scripts are expected.
  return {
    serverHandoffStream: handoff(chunks),
    renderMeta: {},
    staticHandlerContext: { matches: [], loaderData: {} },
    routeModules: {},
  } as unknown as EntryContext;
}

async function readAll(stream: ReadableStream<Uint8Array> | undefined): Promise<string> {
  return stream ? await new Response(stream).text() : "";
}

afterEach(() => vi.restoreAllMocks());

describe("document render", () => {
  it("sends the one-pass HTML when it carries the page's data, and fills the cache Remix reads", async () => {
    const ctx = fakeContext(["<script>a</script>", "<script>b</script>"]);
    const html = `<html><body>page<script>${HANDOFF_END}</script></body></html>`;
    // Remix takes a reader on the data stream while rendering (and reads the cache instead).
    const res = await renderDocument(
      createElement("p", null, "stream"),
      ctx,
      { status: 200, headers: new Headers() },
      () => {
        ctx.serverHandoffStream?.getReader();
        return html;
      },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await res.text()).toBe(`<!DOCTYPE html>${html}`);
    const cache = (ctx.renderMeta as { streamCache: Record<number, { result: { done: boolean; value: string } }> })
      .streamCache;
    expect(
      Object.values(cache)
        .map((c) => c.result.value)
        .join(""),
    ).toBe("<script>a</script><script>b</script>");
    expect(cache[2].result.done).toBe(true);
  });

  it("falls back to the streaming render when the data scripts are missing, logging once, not throwing", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    for (let i = 0; i < 2; i++) {
      const ctx = fakeContext(["<script>a</script>", "<script>b</script>"]);
      // The one-pass render takes a reader on the stream, as Remix's does, and prints no data.
      const res = await renderDocument(
        createElement("p", null, "rendu en flux"),
        ctx,
        { status: 404, headers: new Headers() },
        () => {
          ctx.serverHandoffStream?.getReader();
          return "<html>sans données</html>";
        },
      );
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
      const body = await res.text();
      expect(body).toContain("rendu en flux");
      expect(body).not.toContain("sans données");
      // Remix's StreamTransfer reads the data from this stream in the streaming render: it is still whole.
      expect(await readAll(ctx.serverHandoffStream)).toBe("<script>a</script><script>b</script>");
      expect((ctx.renderMeta as { streamCache?: unknown }).streamCache).toBeUndefined();
    }
    expect(log.mock.calls.filter((c) => String(c[0]).includes("readHandoff"))).toHaveLength(1);
  });

  it("does not read a static page's data stream: it prints no data scripts (decision 0222)", async () => {
    let cancelled = false;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        // Never closed: reading it to its end would never finish.
        controller.enqueue(new TextEncoder().encode("<script>données</script>"));
      },
      cancel() {
        cancelled = true;
      },
    });
    const ctx = {
      serverHandoffStream: stream,
      renderMeta: {},
      staticHandlerContext: { matches: [{ route: { id: "page" } }], loaderData: { page: {} } },
      routeModules: { page: { handle: { hydrate: false } } },
    } as unknown as EntryContext;
    const html = "<html><body>page statique</body></html>";
    const res = await renderDocument(createElement("p"), ctx, { status: 200, headers: new Headers() }, () => html);
    expect(await res.text()).toBe(`<!DOCTYPE html>${html}`);
    expect(cancelled).toBe(true);
    expect((ctx.renderMeta as { streamCache?: unknown }).streamCache).toBeUndefined();
  });

  it("renders real pages in one pass, their data included (no fallback logged)", async () => {
    const log = vi.spyOn(console, "error");
    for (const path of ["/login", "/signup", "/premium"]) {
      const res = await SELF.fetch(`http://localhost${path}`);
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toContain(HANDOFF_END);
    }
    // The catalogue's static pages (decision 0222) print no Remix data at all, and that is no fallback either.
    for (const path of ["/", "/courses", "/formats"]) {
      const res = await SELF.fetch(`http://localhost${path}`);
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).not.toContain("window.__remixContext");
    }
    expect(log.mock.calls.filter((c) => String(c[0]).includes("readHandoff"))).toHaveLength(0);
  });
});
