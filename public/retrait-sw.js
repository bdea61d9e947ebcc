// The bib pick-up desk's service worker (docs/decisions/0216-bib-pick-up-check-in.md). Registered by the desk with
// the scope /organisateur/retrait/, so it controls the desk's pages only. It keeps what the desk needs to reload with
// the network cut: the page itself, its scripts and styles, and the format's list (network first, the kept copy when
// the network fails). Scans are not its business: the page queues them in IndexedDB and sends them itself.
const CACHE = "balise-retrait-v1";

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((k) => k.startsWith("balise-retrait-") && k !== CACHE).map((k) => caches.delete(k))),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // Only what a desk page loads: the pages and lists under the scope, and the built scripts and styles.
  const desk = url.pathname.startsWith("/organisateur/retrait/");
  if (!desk && !url.pathname.startsWith("/assets/")) return;
  event.respondWith(
    fetch(request)
      .then((response) => {
        if (response.ok) {
          const copy = response.clone();
          caches.open(CACHE).then((cache) => cache.put(request, copy));
        }
        return response;
      })
      .catch(() =>
        caches
          .open(CACHE)
          .then((cache) => cache.match(request, { ignoreSearch: desk && request.mode === "navigate" }))
          .then(
            (kept) =>
              kept ||
              new Response("Hors ligne", { status: 503, headers: { "Content-Type": "text/plain; charset=utf-8" } }),
          ),
      ),
  );
});
