// A stand-in for Cloudflare's edge in the benches: `wrangler dev` sends bodies uncompressed, Cloudflare compresses
// text (gzip at level 6 by default, or brotli) on the way to the visitor. This proxy listens on `port`, forwards
// every request to `target` and gzips text responses (HTML, CSS, JavaScript, JSON, SVG) as they stream, flushing
// after each chunk so that a streamed page still arrives in pieces. Images and already-encoded bodies pass as they
// are. A bench tool, not part of the product.
import { createServer, request } from "node:http";
import { constants, createGzip } from "node:zlib";

const TEXT = /^(text\/|application\/(javascript|json|xml|manifest\+json)|image\/svg\+xml)/;

/** Starts the proxy; resolves to { stop() } once it listens. */
export function startGzipProxy({ port, target }) {
  const to = new URL(target);
  const server = createServer((req, res) => {
    const upstream = request(
      {
        hostname: to.hostname,
        port: to.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: `${to.hostname}:${to.port}`, "accept-encoding": "identity" },
      },
      (up) => {
        const type = String(up.headers["content-type"] ?? "");
        const accepts = /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));
        const headers = { ...up.headers };
        if (!accepts || !TEXT.test(type) || up.headers["content-encoding"] || req.method === "HEAD") {
          res.writeHead(up.statusCode ?? 502, headers);
          up.pipe(res);
          return;
        }
        delete headers["content-length"];
        headers["content-encoding"] = "gzip";
        headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : "Accept-Encoding";
        res.writeHead(up.statusCode ?? 502, headers);
        const gzip = createGzip({ level: 6, flush: constants.Z_SYNC_FLUSH });
        up.pipe(gzip).pipe(res);
      },
    );
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  return new Promise((resolve) => {
    server.listen(port, "127.0.0.1", () => resolve({ stop: () => server.close() }));
  });
}
